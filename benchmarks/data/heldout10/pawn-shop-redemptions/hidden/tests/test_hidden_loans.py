from datetime import date

import pytest

from loans import LoanBook, Underpaid


def test_the_principal_alone_does_not_cover_the_interest():
    book = LoanBook(cash=300.0)
    t = book.lend("camera", 250.0, date(2026, 2, 1))
    with pytest.raises(Underpaid):
        book.redeem(t, 250.0, date(2026, 3, 10))
    assert t in book.pledges and book.cash == 50.0
    assert book.redeem(t, 270.0, date(2026, 3, 10)) == "camera"
