from datetime import date

import pytest

from tickets import Counter, Ticket, TicketError


def test_a_ticket_for_no_shoes_is_refused():
    with pytest.raises(TicketError):
        Ticket("Ms Ode", pairs=0, jobs=["heels"])


def test_price_and_takings():
    counter = Counter()
    counter.accept(Ticket("Ms Ode", pairs=2, jobs=["heels", "polish"]))
    assert counter.accept(Ticket("Mr Lin", pairs=1, jobs=["soles"])) == 2
    assert counter.takings() == 93.0


def test_ready_on_skips_sunday():
    ticket = Ticket("Mr Lin", pairs=1, jobs=["stitching"], days=3)
    assert ticket.ready_on(date(2026, 12, 3)) == date(2026, 12, 7)
    with pytest.raises(TicketError):
        Ticket("Mr Lin", pairs=1, days=0)
