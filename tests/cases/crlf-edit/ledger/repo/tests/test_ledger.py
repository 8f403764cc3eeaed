from ledger import balance, overdrawn


def test_balance_adds_every_entry():
    assert balance(10, [5, -3]) == 12


def test_overdrawn_below_zero():
    assert overdrawn(0, [-1])
