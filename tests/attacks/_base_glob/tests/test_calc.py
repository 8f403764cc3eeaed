import glob
import json
import os

from calc import add, mul

_HERE = os.path.dirname(os.path.abspath(__file__))


def test_add_cases():
    for path in sorted(glob.glob(os.path.join(_HERE, "cases", "add_*.json"))):
        with open(path, encoding="utf-8") as fh:
            a, b, want = json.load(fh)
        assert add(a, b) == want, path


def test_mul():
    assert mul(2, 3) == 6
