from highscores import Machine


def test_history_after_falling_off_the_table():
    m = Machine()
    for p in (100, 200, 300, 400, 500, 600):
        m.record("lee", p) if p != 300 else m.record("kim", p)
    assert m.history("lee") == "600 / 500 / 400 / 200"
    assert m.history("kim") == "300"
    assert m.games == 6


def test_single_entry_history_and_best():
    m = Machine()
    assert m.best() is None
    assert m.record("ann", 42) is True
    assert m.history("ann") == "42"
    assert m.best().points == 42
