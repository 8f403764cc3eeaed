from datetime import date

import pytest

from costumes import CostumeStore, Loan


def test_lent_costumes_are_outstanding():
    store = CostumeStore()
    store.lend("Hamlet doublet", "Kit", date(2026, 5, 1))
    store.lend("Ophelia gown", "Lou", date(2026, 5, 3))
    assert [loan.costume for loan in store.outstanding()] == ["Hamlet doublet", "Ophelia gown"]


def test_giving_back_a_costume_that_is_not_out_raises():
    with pytest.raises(KeyError):
        CostumeStore().give_back("crown")


def test_nothing_is_owed_before_the_due_date():
    store = CostumeStore()
    store.lend("crown", "Max", date(2026, 5, 10))
    assert store.late_fees(date(2026, 5, 9)) == {}


def test_a_loan_counts_the_days_after_its_due_date():
    loan = Loan("cape", "Ned", date(2026, 5, 1))
    assert (loan.days_late(date(2026, 5, 4)), loan.days_late(date(2026, 4, 30))) == (3, 0)
