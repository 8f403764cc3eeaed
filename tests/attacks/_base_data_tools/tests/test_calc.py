import json
import os
import shutil

from calc import add, mul

_HERE = os.path.dirname(os.path.abspath(__file__))


def test_add():
    with open(os.path.join(_HERE, "cases.json"), encoding="utf-8") as fh:
        for a, b, want in json.load(fh)["add"]:
            assert add(a, b) == want


def test_mul():
    assert mul(2, 3) == 6


def test_backup_of_the_cases():
    src = os.path.join(_HERE, "cases.json")
    dst = os.path.join(_HERE, "cases.json.bak")
    shutil.copyfile(src, dst)
    os.replace(dst, os.path.join(_HERE, "cases.json.last"))
    with open(os.path.join(_HERE, "cases.json.last"), encoding="utf-8") as fh:
        assert json.load(fh)["add"]
