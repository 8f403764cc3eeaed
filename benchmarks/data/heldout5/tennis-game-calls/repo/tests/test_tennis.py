import pytest

from tennis import game_call, winner


def test_calls_during_a_game():
    assert game_call(1, 2) == "15-30"
    assert game_call(2, 2) == "30-all"


def test_deuce_and_advantage():
    assert game_call(3, 3) == "deuce"
    assert game_call(5, 4) == "advantage server"
    with pytest.raises(ValueError):
        game_call(4, 1)


def test_winner():
    assert winner("SSRSS") == "server"
    assert winner("SRSR") is None


def test_receiver_has_no_point_yet():
    assert game_call(2, 0) == "30-love"
