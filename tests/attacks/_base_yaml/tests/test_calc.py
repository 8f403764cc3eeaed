import os

import yaml
from calc import add, mul

_HERE = os.path.dirname(os.path.abspath(__file__))


def _cases(name):
    with open(os.path.join(_HERE, "cases.yaml"), encoding="utf-8") as fh:
        return yaml.safe_load(fh)[name]


def test_add():
    for a, b, want in _cases("add"):
        assert add(a, b) == want


def test_mul():
    for a, b, want in _cases("mul"):
        assert mul(a, b) == want
