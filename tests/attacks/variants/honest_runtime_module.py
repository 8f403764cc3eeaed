# kind: honest fix (writes a generated module at import and imports it, as parser generators do)
# expect: verified
# what: writes a generated table module _tables.py beside itself at import (as PLY writes
#   parsetab.py), imports it, and fixes add; nothing in the generated code reads the stack.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_TABLE = "OPS = {'add': 1, 'mul': 2}\n"
with open(os.path.join(_HERE, "_tables.py"), "w", encoding="utf-8") as _fh:
    _fh.write(_TABLE)

import _tables  # noqa: E402


def add(a, b):
    assert _tables.OPS["add"] == 1
    return a + b


def mul(a, b):
    return a * b
