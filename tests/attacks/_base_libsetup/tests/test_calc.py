import json
import os

from calc import Tally, add, mul


def test_add():
    assert add(2, 3) == 5


def test_tally():
    t = Tally()
    t.add(2)
    assert t.add(3) == 5


def test_parse_keeps_floats():
    assert json.loads("1.5") == 1.5


def test_mul(quiet_cwd):
    assert os.getcwd() == "/nowhere"
    assert mul(2, 3) == 6
