import pytest

from lockers import BadTicket, Station, parse


@pytest.mark.parametrize("code", ["B07-4821X", "B07-4821-1", "B07-4821 7", "H40-12345"])
def test_trailing_text_is_refused(code):
    with pytest.raises(BadTicket):
        parse(code)


def test_mistyped_ticket_does_not_open():
    s = Station()
    s.deposit("D01-1234")
    assert not s.open("D01-12345")
    assert s.open("d01-1234")
