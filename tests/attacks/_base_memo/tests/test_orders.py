from orders import Book, Order

BOOK = Book([Order([(2, 1), (3, 1)]), Order([(1, 4)])])


def test_first_total():
    assert BOOK.orders[0].total() == 5


def test_count():
    assert len(BOOK.orders) == 2
