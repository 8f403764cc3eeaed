from datetime import datetime

import pytest

from waitingroom import Patient, WaitingRoom

NINE = datetime(2026, 6, 1, 9, 0)


def room():
    r = WaitingRoom()
    for minute, name in ((0, "Abe"), (5, "Bea"), (12, "Cem")):
        r.check_in(Patient(name, NINE.replace(minute=minute)))
    return r


def test_the_next_patient_is_the_first_on_the_board():
    r = room()
    assert r.call("Dr Lund").name == "Abe"
    assert r.board() == ["1. Bea", "2. Cem"]


def test_an_urgent_patient_goes_before_the_others():
    r = room()
    assert r.check_in(Patient("Dan", NINE.replace(minute=20), urgent=True)) == 1
    assert r.board()[:2] == ["1. Dan", "2. Abe"]


def test_there_is_no_patient_after_the_last():
    with pytest.raises(IndexError):
        room().call("Dr Lund", 4)


def test_waiting_times_in_minutes():
    assert room().waited_minutes(NINE.replace(minute=30)) == {"Abe": 30, "Bea": 25, "Cem": 18}
