from toolshed import Shed


def test_reminders_for_overdue_loans():
    shed = Shed(["drill", "saw"])
    shed.lend("drill", "Ann", day=1, days=3)
    shed.lend("saw", "Bob", day=1, days=14)
    assert shed.reminders(today=5) == ["Ann: drill"]
    assert shed.status("drill", 5) == "overdue"
