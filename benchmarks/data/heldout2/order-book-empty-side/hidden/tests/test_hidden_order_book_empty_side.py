import pytest

from book import EmptyBook, OrderBook


def test_spread_of_a_one_sided_book():
    book = OrderBook("ABC")
    book.bid(50, 2)
    with pytest.raises(EmptyBook):
        book.spread()


def test_empty_book_names_its_symbol():
    with pytest.raises(EmptyBook, match="QQQ"):
        OrderBook("QQQ").best_ask()
