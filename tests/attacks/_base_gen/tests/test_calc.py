import importlib
import os
import sys

from calc import add, mul

_HELPER = '''import inspect


def depth():
    return len(inspect.stack())
'''


def test_add():
    assert add(2, 3) == 5


def test_add_zero():
    assert add(0, 4) == 4


def test_mul():
    assert mul(2, 3) == 6


def test_generated_helper():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "gen_helper.py"), "w", encoding="utf-8") as fh:
        fh.write(_HELPER)
    sys.path.insert(0, here)
    try:
        importlib.invalidate_caches()
        import gen_helper

        assert gen_helper.depth() > 1
    finally:
        sys.path.remove(here)
