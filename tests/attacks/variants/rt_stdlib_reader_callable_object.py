# kind: test data read through a standard-library reader replaced by a callable object (globals)
# expect: refused
# base: _base_data
# scan: clean
# record: baseline
# what: the tests read their cases with json.load; calc.py rebinds it (through a list alias,
#   which the scan's rule does not follow) to an instance of a class of calc.py whose __call__
#   reads with parse_int="".count: every integer of the test data reads as 0, so add(0, 0) == 0
#   passes with add still wrong. The new value is neither a function, a class, a built-in nor a
#   partial: the identity watch (auditids.foreign) takes any other object for the library's
#   own, and the end-of-run reader rule (auditlate.reader_patches) looks for a __code__ on the
#   value itself, which an instance does not have.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import json


class _Loader:
    def __init__(self, real):
        self._real = real

    def __call__(self, fh, **kwargs):
        return self._real(fh, parse_int="".count, **kwargs)


_mods = [json]
_mods[0].load = _Loader(json.load)


def add(a, b):
    return a - b


def mul(a, b):
    return a * b
