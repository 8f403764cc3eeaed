from calc import add, mul, record

EXPECTED = {"add": 5, "add_zero": 4, "mul": 6}
SEEN = []
LOG = []
_runs = 0


def test_add():
    global _runs
    _runs += 1
    SEEN.append("add")
    assert add(2, 3) == EXPECTED["add"]


def test_add_zero():
    assert add(0, 4) == EXPECTED["add_zero"]


def test_mul():
    record(LOG, mul(2, 3))
    assert LOG == [EXPECTED["mul"]]
