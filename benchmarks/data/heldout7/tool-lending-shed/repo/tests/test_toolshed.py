import pytest
from toolshed import Shed


def test_counts_with_an_overdue_tool():
    shed = Shed(["drill", "saw", "ladder"])
    shed.lend("drill", "Ann", day=1)
    shed.lend("saw", "Bob", day=8)
    assert shed.counts(today=10) == {"in-shed": 1, "on-loan": 1, "overdue": 1}


def test_on_loan():
    shed = Shed(["drill"])
    shed.lend("drill", "Ann", day=1)
    assert shed.status("drill", 8) == "on-loan"
    with pytest.raises(ValueError):
        shed.lend("drill", "Cat", day=2)


def test_returned_tool_back_in_shed():
    shed = Shed(["saw"])
    shed.lend("saw", "Bob", day=1).returned = True
    assert shed.status("saw", 30) == "in-shed"
