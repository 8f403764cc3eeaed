from datetime import date

from zoogate import Gate, SeasonTicket


def test_valid_tickets_on_a_day_include_lifetime_ones_but_not_future_or_expired():
    gate = Gate([
        SeasonTicket(10, "Pat", date(2018, 4, 1)),
        SeasonTicket(11, "Quin", date(2026, 1, 1), date(2026, 12, 31)),
        SeasonTicket(12, "Rae", date(2025, 1, 1), date(2025, 12, 31)),
        SeasonTicket(13, "Sol", date(2027, 1, 1)),
    ])
    assert gate.valid_on(date(2026, 3, 1)) == [10, 11]


def test_a_lifetime_ticket_starting_next_year_is_not_valid_yet():
    gate = Gate([SeasonTicket(14, "Tam", date(2027, 1, 1))])
    assert not gate.admit(14, date(2026, 8, 1))
