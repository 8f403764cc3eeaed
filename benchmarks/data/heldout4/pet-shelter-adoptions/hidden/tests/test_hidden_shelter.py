import pytest

from shelter import NotAvailable, Shelter


def test_a_pet_reserved_for_another_family():
    shelter = Shelter({"p1": "Rex"})
    shelter.reserve("p1", "lee")
    with pytest.raises(NotAvailable):
        shelter.adopt("p1", "kim")
    assert shelter.reserved == {"p1": "lee"} and shelter.adopted == []


def test_an_unknown_pet():
    shelter = Shelter({"p1": "Rex"})
    with pytest.raises(NotAvailable):
        shelter.adopt("p9", "kim")
