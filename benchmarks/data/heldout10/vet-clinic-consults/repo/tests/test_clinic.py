import pytest

from clinic import Clinic, Vet


def test_a_vet_without_a_limit_takes_bookings():
    clinic = Clinic([Vet("okafor", 1), Vet("lind")])
    assert clinic.book("rex") == "okafor"
    assert clinic.book("tom") == "lind"
    assert clinic.book("kit") == "lind"


def test_limits_are_kept():
    clinic = Clinic([Vet("okafor", 1), Vet("sato", 2)])
    for pet in ("a", "b", "c"):
        clinic.book(pet)
    with pytest.raises(LookupError):
        clinic.book("d")
    assert clinic.day_list() == {"okafor": ["a"], "sato": ["b", "c"]}


def test_cancel_frees_a_place():
    clinic = Clinic([Vet("sato", 1)])
    clinic.book("rex")
    clinic.cancel("rex")
    assert clinic.book("tom", "sato") == "sato"
