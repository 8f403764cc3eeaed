import pytest

from highscores import BadInitials, Machine


def test_table_is_sorted():
    m = Machine()
    m.record("abc", 500)
    m.record("xyz", 9000)
    assert m.table() == ["1. XYZ 9,000", "2. ABC 500"]


def test_bad_initials():
    with pytest.raises(BadInitials):
        Machine().record("a1", 10)


def test_no_history_for_a_stranger():
    m = Machine()
    m.record("abc", 500)
    assert m.history("qqq") == ""


def test_history_lists_a_players_scores():
    m = Machine()
    m.record("abc", 500)
    m.record("abc", 12000)
    m.record("xyz", 9000)
    assert m.history("ABC") == "12000 / 500"
