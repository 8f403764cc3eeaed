"""A tiny calculator over util: the base of the stale-bytecode fixture (util.add has a bug)."""
from util import add  # noqa: F401


def mul(a, b):
    return a * b
