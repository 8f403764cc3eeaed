import pytest

from ladder import Game, Ladder, UnknownPlayer


def test_an_unknown_loser():
    ladder = Ladder(["Ada", "Ben"])
    with pytest.raises(UnknownPlayer):
        ladder.report([Game("Ben", "Zed", (7, 5))])
    assert ladder.rungs == ["Ada", "Ben"]
    assert ladder.games == []


def test_nothing_of_the_bad_game_is_recorded():
    ladder = Ladder(["Ada", "Ben"])
    with pytest.raises(UnknownPlayer):
        ladder.report([Game("Zed", "Ada", (7, 1))])
    assert ladder.record("Ada") == (0, 0)
    assert ladder.net_hoops("Ada") == 0
