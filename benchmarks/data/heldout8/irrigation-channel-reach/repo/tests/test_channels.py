import pytest

from channels import Network


def farm():
    n = Network()
    for up, down in (("weir", "g1"), ("g1", "north"), ("g1", "g2"), ("g2", "south"), ("g2", "orchard")):
        n.connect(up, down)
    return n


def test_a_field_behind_a_closed_gate_gets_no_water():
    n = farm()
    n.close("g2")
    assert n.hops("weir", "south") is None


def test_the_fewest_sections_to_a_field():
    assert (farm().hops("weir", "north"), farm().hops("weir", "orchard")) == (2, 3)


def test_closing_an_unknown_gate_raises():
    with pytest.raises(KeyError):
        farm().close("g9")


def test_a_closed_source_waters_nothing():
    n = farm()
    n.close("weir")
    assert n.hops("weir", "north") is None
