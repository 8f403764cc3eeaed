from datetime import date

import pytest

from loans import LoanBook, Underpaid


def test_paying_too_little_is_refused():
    book = LoanBook(cash=500.0)
    t = book.lend("guitar", 200.0, date(2026, 3, 1))
    with pytest.raises(Underpaid):
        book.redeem(t, 100.0, date(2026, 3, 20))


def test_redeem_with_interest():
    book = LoanBook(cash=500.0)
    t = book.lend("watch", 100.0, date(2026, 3, 1))
    assert book.pledges[t].owed(date(2026, 4, 15)) == 108.0
    assert book.redeem(t, 108.0, date(2026, 4, 15)) == "watch"
    assert book.cash == 508.0 and book.pledges == {}


def test_forfeits():
    book = LoanBook()
    book.lend("ring", 50.0, date(2026, 1, 1))
    book.lend("drill", 40.0, date(2026, 5, 1))
    assert book.forfeits(date(2026, 7, 15)) == ["ring"]
