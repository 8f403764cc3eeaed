"""Unit conversion from a table shipped beside the module (the table has a wrong factor)."""

import json
import os

_TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "unitdata", "factors.json")


def factor(unit):
    with open(_TABLE, encoding="utf-8") as fh:
        return json.load(fh)[unit]


def convert(value, src, dst):
    return value * factor(src) / factor(dst)
