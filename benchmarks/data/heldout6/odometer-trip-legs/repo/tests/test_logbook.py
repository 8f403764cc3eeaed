import pytest

from logbook import Leg, Logbook, OdometerWentBack


def test_first_leg_starts_at_the_depot():
    book = Logbook("Depot", 12000.0)
    book.stop("Mill", 12042.5)
    assert book.legs() == [Leg("Depot", "Mill", 42.5)]


def test_odometer_cannot_go_back():
    book = Logbook("Depot", 12000.0)
    book.stop("Mill", 12042.5)
    with pytest.raises(OdometerWentBack):
        book.stop("Farm", 12040.0)


def test_total_km():
    book = Logbook("Depot", 500.0)
    book.stop("A", 510.0)
    book.stop("B", 530.0)
    assert book.total_km() == 30.0


def test_each_leg_starts_at_the_previous_stop():
    book = Logbook("Depot", 500.0)
    book.stop("A", 510.0)
    book.stop("B", 530.0)
    book.stop("C", 531.5)
    assert book.legs() == [Leg("Depot", "A", 10.0), Leg("A", "B", 20.0), Leg("B", "C", 1.5)]
