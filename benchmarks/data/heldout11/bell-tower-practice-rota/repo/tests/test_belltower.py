from datetime import date

from belltower import PracticeBook

BAND = ["Alice", "Bert", "Cora", "Dev", "Ed", "Fay"]


def test_turnout_of_a_night():
    book = PracticeBook(BAND)
    book.record(date(2026, 11, 5), ["Alice", "Bert", "Cora"])
    assert book.turnout(date(2026, 11, 5)) == 50.0
    assert not book.can_ring(date(2026, 11, 5), 6)


def test_attendance_per_ringer():
    book = PracticeBook(BAND)
    book.record(date(2026, 11, 5), ["Alice", "Bert", "Cora", "Dev"])
    book.record(date(2026, 11, 12), ["Alice", "Bert"])
    book.record(date(2026, 11, 19), ["Alice", "Cora", "Ed", "Fay"])
    book.record(date(2026, 11, 26), ["Alice", "Bert", "Cora"])
    assert book.attendance() == {
        "Alice": 100.0, "Bert": 75.0, "Cora": 75.0, "Dev": 25.0, "Ed": 25.0, "Fay": 25.0
    }


def test_no_practices_yet():
    assert PracticeBook(BAND).attendance()["Dev"] == 0.0
