import pytest

from clinic import Clinic, Vet


def test_surgery_duty_takes_no_consultations():
    clinic = Clinic([Vet("sato", 0), Vet("lind")])
    assert clinic.book("rex") == "lind"
    with pytest.raises(LookupError):
        clinic.book("tom", "sato")


def test_unlimited_vet_by_name():
    clinic = Clinic([Vet("lind"), Vet("okafor", 3)])
    for pet in ("a", "b", "c", "d"):
        assert clinic.book(pet, "lind") == "lind"
    assert [v.name for v in clinic.available()] == ["okafor", "lind"]
