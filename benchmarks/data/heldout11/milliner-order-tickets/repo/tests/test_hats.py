import pytest

from hats import HatOrder, Workroom


def test_ticket():
    assert HatOrder(42, "Mrs Hale", "fedora", 57, "navy").ticket() == "0042/fedora/57/navy"


def test_prices():
    room = Workroom()
    assert room.take("A", "cloche", 55).price() == 80.0
    assert room.take("B", "boater", 62).price() == 77.0


def test_unknown_style():
    with pytest.raises(ValueError):
        Workroom().take("C", "beret", 56)
