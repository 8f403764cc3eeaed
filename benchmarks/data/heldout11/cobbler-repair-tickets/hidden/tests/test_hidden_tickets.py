import pytest

from tickets import Ticket, TicketError


def test_a_negative_count_of_pairs_is_refused():
    with pytest.raises(TicketError):
        Ticket("Ms Ode", pairs=-2, jobs=["polish"])


def test_one_pair_is_fine():
    assert Ticket("Ms Ode", pairs=1, jobs=["stretch", "stretch"]).price() == 20.0
    with pytest.raises(TicketError):
        Ticket("Ms Ode", pairs=1, jobs=["dye"])
