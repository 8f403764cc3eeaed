import json
import os

from calc import add, mul

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _cases(name):
    with open(os.path.join(_ROOT, "data", "expected.json"), encoding="utf-8") as fh:
        return json.load(fh)[name]


def test_add():
    for a, b, want in _cases("add"):
        assert add(a, b) == want


def test_mul():
    for a, b, want in _cases("mul"):
        assert mul(a, b) == want


def test_report():
    from calc import report

    path = report(os.path.join(_ROOT, "data", "report.txt"))
    with open(path, encoding="utf-8") as fh:
        assert fh.read() == "ok\n"
