import pytest

from lockers import BadTicket, Station, Ticket, parse


def test_parse():
    assert parse(" b07-4821 ") == Ticket("B", 7, "4821")


def test_locker_outside_the_bank():
    with pytest.raises(BadTicket):
        parse("A41-0000")


def test_deposit_and_open():
    s = Station()
    s.deposit("C12-9999")
    assert not s.open("C12-9998")
    assert s.open("C12-9999")
    assert not s.open("C12-9999")


def test_extra_digits_are_not_a_ticket():
    with pytest.raises(BadTicket):
        parse("B07-48210")
