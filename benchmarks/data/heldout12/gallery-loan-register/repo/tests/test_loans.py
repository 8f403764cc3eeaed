from datetime import date

from loans import Loan, Register


def test_a_loan_with_an_end_date():
    loan = Loan("Haystacks", "Musee X", date(2026, 3, 1), date(2026, 3, 31))
    assert loan.covers(date(2026, 3, 15))
    assert not loan.covers(date(2026, 4, 1))
    assert not loan.covers(date(2026, 2, 28))


def test_a_long_term_loan_stays():
    loan = Loan("The Kiss", "Private", date(2025, 1, 10))
    assert loan.covers(date(2026, 5, 1))


def test_going_back():
    reg = Register()
    reg.add(Loan("Haystacks", "Musee X", date(2026, 3, 1), date(2026, 3, 31)))
    reg.add(Loan("The Kiss", "Private", date(2025, 1, 10)))
    reg.add(Loan("Water Lilies", "Musee Y", date(2026, 1, 1), date(2026, 6, 30)))
    assert reg.going_back(date(2026, 3, 20)) == ["Haystacks"]
