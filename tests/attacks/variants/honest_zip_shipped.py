# kind: honest fix (uses helpers from a zip the project ships, through zipimport)
# expect: verified
# base: _base_zip
# what: imports calc_ops from calcdata/ops.zip, a file of the base commit, with zipimport (its
#   helper reads a frame, as logging-style helpers do) and fixes add with its plus.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import os
import zipimport

_OPS = zipimport.zipimporter(os.path.join(os.path.dirname(os.path.abspath(__file__)), "calcdata", "ops.zip"))
calc_ops = _OPS.load_module("calc_ops")


def add(a, b):
    assert calc_ops.caller_name() == "add"
    return calc_ops.plus(a, b)


def mul(a, b):
    return a * b
