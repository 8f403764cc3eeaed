from ledger import balance, peek


def test_balance():
    assert balance([5, 7]) == 12, peek()


def test_empty():
    assert balance([]) == 0
