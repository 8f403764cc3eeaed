from datetime import date

from zoogate import Gate, SeasonTicket


def test_a_lifetime_patron_is_admitted():
    gate = Gate([SeasonTicket(1, "Iris", date(2020, 1, 1)), SeasonTicket(2, "Jon", date(2026, 1, 1), date(2026, 12, 31))])
    assert gate.admit(1, date(2026, 7, 1))


def test_an_expired_ticket_is_refused():
    gate = Gate([SeasonTicket(3, "Kai", date(2025, 1, 1), date(2025, 12, 31))])
    assert not gate.admit(3, date(2026, 1, 2)) and gate.visits(3) == 0


def test_visits_are_counted():
    gate = Gate([SeasonTicket(4, "Lia", date(2026, 1, 1), date(2026, 12, 31))])
    for day in (3, 4, 9):
        gate.admit(4, date(2026, 5, day))
    assert gate.visits(4) == 3


def test_renewal_letters_go_to_tickets_expiring_within_a_month():
    gate = Gate([
        SeasonTicket(5, "Mo", date(2026, 1, 1), date(2026, 6, 20)),
        SeasonTicket(6, "Nia", date(2026, 1, 1), date(2026, 9, 1)),
        SeasonTicket(7, "Oz", date(2019, 1, 1)),
    ])
    assert gate.renewal_letters(date(2026, 6, 1)) == ["Mo"]
