import pytest
from cloakroom import Cloakroom, CloakroomFull, Rail


def test_first_rail_that_fits():
    c = Cloakroom([Rail("A", 2), Rail("B", 2, bulky=True)])
    assert c.check_in("Ivy") == "A-1"
    assert c.coats() == 1


def test_bulky_coat_on_bulky_rail():
    c = Cloakroom([Rail("A", 2), Rail("B", 1, bulky=True)])
    assert c.check_in("Jon", bulky=True) == "B-1"


def test_free_hangers():
    assert Rail("C", 3, used={2: "x"}).free() == [1, 3]


def test_full():
    c = Cloakroom([Rail("A", 0)])
    with pytest.raises(CloakroomFull):
        c.check_in("Kay")
