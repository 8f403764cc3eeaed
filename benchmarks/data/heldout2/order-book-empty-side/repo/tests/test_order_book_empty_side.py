import pytest

from book import EmptyBook, OrderBook


def filled():
    book = OrderBook("XYZ")
    book.bid(99, 10)
    book.bid(101, 5)
    book.ask(104, 3)
    book.ask(103, 7)
    return book


def test_best_prices_and_spread():
    book = filled()
    assert (book.best_bid(), book.best_ask(), book.spread()) == (101, 103, 2)


def test_depth():
    assert filled().depth() == (2, 2)


def test_no_bids():
    book = OrderBook("XYZ")
    book.ask(10, 1)
    with pytest.raises(EmptyBook):
        book.best_bid()


def test_no_asks():
    book = OrderBook("XYZ")
    book.bid(10, 1)
    with pytest.raises(EmptyBook):
        book.best_ask()
