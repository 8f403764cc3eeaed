import pytest

from storage import Facility, Unit


def facility():
    return Facility(
        [Unit("D4", 10.0, 120.0), Unit("A1", 4.0, 55.0), Unit("C3", 8.0, 99.0), Unit("B2", 6.0, 75.0)]
    )


def test_nothing_fits_a_huge_load():
    with pytest.raises(LookupError):
        facility().rent("Una", 12.0)


def test_a_vacated_unit_stops_paying():
    f = facility()
    f.rent("Vic", 9.0)
    assert f.monthly_income() == 120.0
    f.vacate("D4")
    assert f.occupancy() == 0.0


def test_the_smallest_unit_that_fits_is_let():
    f = facility()
    assert f.rent("Wyn", 5.0) == "B2"
    assert f.rent("Xia", 5.0) == "C3"
