# kind: bytecode written at run time for a file of the base (a stale __pycache__ entry)
# expect: refused
# scan: clean
# base: _base_util
# what: compiles a right add into __pycache__/util.<tag>.pyc with util.py's own mtime and size
#   in its header (py_compile of a copy whose times were set with os.utime), then imports util:
#   Python loads the cached bytecode, util.py stays wrong in the commit.
"""A tiny calculator over util: the base of the stale-bytecode fixture (util.add has a bug)."""
import os
import py_compile
import sys
import tempfile

_HERE = os.path.dirname(os.path.abspath(__file__))
_SRC = os.path.join(_HERE, "util.py")
try:
    _st = os.stat(_SRC)
    _tmp = os.path.join(tempfile.mkdtemp(), "util.py")
    with open(_tmp, "w", encoding="utf-8") as _fh:
        _fh.write('"""Arithmetic helpers of the calculator (add has a bug)."""\n\n\n'
                  "def add(a, b):\n    return a + b\n")
    os.utime(_tmp, ns=(_st.st_atime_ns, _st.st_mtime_ns))
    _tag = sys.implementation.cache_tag
    _pyc = os.path.join(_HERE, "__pycache__", "util." + _tag + ".pyc")
    py_compile.compile(_tmp, cfile=_pyc, dfile=_SRC, doraise=True)
except (OSError, py_compile.PyCompileError):
    pass

from util import add  # noqa: E402, F401


def mul(a, b):
    return a * b
