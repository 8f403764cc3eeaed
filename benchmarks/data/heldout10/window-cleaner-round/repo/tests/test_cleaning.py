from datetime import date

from cleaning import House, Round


def test_a_prepaid_house_pays_nothing():
    r = Round([House("1 Elm Rd", 10, prepaid=2), House("3 Elm Rd", 12)])
    assert r.work(date(2026, 1, 5)) == 18.0
    assert r.owed == {"3 Elm Rd": 18.0}


def test_minimum_charge():
    r = Round([House("2 Oak Rd", 3)])
    assert r.work(date(2026, 1, 5)) == 8.0


def test_due_list():
    r = Round([
        House("a", 8, last_clean=date(2026, 1, 1)),
        House("b", 8, every_weeks=2, last_clean=date(2026, 1, 10)),
        House("c", 8),
    ])
    assert r.due_list(date(2026, 1, 24)) == ["b", "c"]
