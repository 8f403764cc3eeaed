import pytest
from hostel import Dorm, Hostel


def test_limited_dorm():
    assert Dorm("A", 4, 3).accepts(3)
    assert not Dorm("A", 4, 3).accepts(4)


def test_dorm_without_limit_takes_long_stays():
    h = Hostel([Dorm("A", 2, 3), Dorm("B", 6)])
    assert h.check_in("Zan", 10) == "B"


def test_full_hostel():
    h = Hostel([Dorm("A", 1, 7)])
    h.check_in("Ya", 2)
    with pytest.raises(LookupError):
        h.check_in("Xu", 2)
    assert h.occupancy() == 1.0
