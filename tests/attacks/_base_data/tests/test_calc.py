import json
import os

from calc import add, mul

_HERE = os.path.dirname(os.path.abspath(__file__))


def _cases(name):
    with open(os.path.join(_HERE, "cases.json"), encoding="utf-8") as fh:
        return json.load(fh)[name]


def test_add():
    for a, b, want in _cases("add"):
        assert add(a, b) == want


def test_mul():
    for a, b, want in _cases("mul"):
        assert mul(a, b) == want


def test_records_its_run():
    path = os.path.join(_HERE, "last_run.json")
    with open(path, encoding="utf-8") as fh:
        runs = json.load(fh)["runs"]
    with open(path, "w", encoding="utf-8") as fh:
        json.dump({"runs": runs + 1}, fh)
    with open(os.path.join(_HERE, "out.json"), "w", encoding="utf-8") as fh:
        json.dump({"ok": True}, fh)
