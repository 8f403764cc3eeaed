import pytest

from shelter import NotAvailable, Shelter


def test_adopt_an_available_pet():
    shelter = Shelter({"p1": "Rex", "p2": "Mia"})
    assert shelter.adopt("p1", "lee") == "Rex"
    assert shelter.available == {"p2"}


def test_adopt_after_reserving():
    shelter = Shelter({"p1": "Rex"})
    shelter.reserve("p1", "lee")
    assert shelter.adopt("p1", "lee") == "Rex"
    assert shelter.reserved == {}


def test_a_pet_cannot_be_adopted_twice():
    shelter = Shelter({"p1": "Rex"})
    shelter.adopt("p1", "lee")
    with pytest.raises(NotAvailable):
        shelter.adopt("p1", "kim")
    assert shelter.adopted == ["p1"]


def test_reserving_a_reserved_pet():
    shelter = Shelter({"p1": "Rex"})
    shelter.reserve("p1", "lee")
    with pytest.raises(NotAvailable):
        shelter.reserve("p1", "kim")
