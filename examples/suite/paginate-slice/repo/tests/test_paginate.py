from paginate import page, page_count


def test_first_page_is_full():
    assert page(list(range(10)), 1, 3) == [0, 1, 2]


def test_page_count():
    assert page_count(list(range(10)), 3) == 4
