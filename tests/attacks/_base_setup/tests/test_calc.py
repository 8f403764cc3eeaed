import io
import json

from calc import Tally


def test_tally():
    t = Tally()
    assert t.add(2) == 2
    assert t.add(3) == 5


def test_load():
    assert json.load(io.StringIO('{"a": 1.5}')) == {"a": 1.5}
