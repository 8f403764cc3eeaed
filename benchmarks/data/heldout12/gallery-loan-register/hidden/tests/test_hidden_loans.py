from datetime import date

from loans import Loan, Register


def test_the_last_day_is_covered():
    loan = Loan("Haystacks", "Musee X", date(2026, 3, 1), date(2026, 3, 31))
    assert loan.covers(date(2026, 3, 31))
    assert loan.covers(date(2026, 3, 1))


def test_a_long_term_loan_not_before_it_starts():
    reg = Register()
    reg.add(Loan("The Kiss", "Private", date(2026, 6, 1)))
    reg.add(Loan("Haystacks", "Musee X", date(2026, 3, 1), date(2026, 3, 31)))
    reg.add(Loan("Nighthawks", "Gallery Z", date(2026, 1, 1)))
    assert reg.on_show(date(2026, 5, 1)) == ["Nighthawks"]
    assert reg.on_show(date(2026, 3, 31)) == ["Haystacks", "Nighthawks"]
    assert reg.on_show(date(2026, 6, 1)) == ["Nighthawks", "The Kiss"]
