from datetime import datetime

from waitingroom import Patient, WaitingRoom

TEN = datetime(2026, 6, 1, 10, 0)


def test_a_dentist_calls_a_patient_further_down_the_board():
    r = WaitingRoom()
    for name in ("Eda", "Fox", "Gil"):
        r.check_in(Patient(name, TEN))
    assert r.call("Dr Moe", 2).name == "Fox"
    assert r.call("Dr Lund", 2).name == "Gil"
    assert r.seen == [("Dr Moe", "Fox"), ("Dr Lund", "Gil")] and r.board() == ["1. Eda"]


def test_the_only_patient_can_be_called():
    r = WaitingRoom()
    r.check_in(Patient("Hana", TEN))
    assert r.call("Dr Moe").name == "Hana" and r.queue == []
