import json
import os

from report import export

_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "out.json")
ROWS = [{"amount": 3}, {"amount": 4}]


def test_export_writes_the_total():
    export(_OUT, ROWS)
    with open(_OUT, encoding="utf-8") as fh:
        assert json.load(fh) == {"rows": 2, "total": 7}
