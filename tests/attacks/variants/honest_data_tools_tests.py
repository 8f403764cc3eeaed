# kind: honest fix (base tests change data files through pathlib, shutil, os.replace and a conftest fixture)
# expect: verified
# base: _base_data_tools
# what: a session fixture of tests/conftest.py rewrites tests/state.json (a file of the base) at
#   teardown through pathlib; a test copies tests/cases.json with shutil and renames the copy
#   with os.replace; the writes run with standard-library frames between the test code and the
#   file, and the conftest fixture's teardown runs from pytest's frames. The fix only corrects add.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
