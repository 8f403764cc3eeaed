import pytest

from ladder import Game, Ladder, UnknownPlayer


def test_a_winner_below_climbs():
    ladder = Ladder(["Ada", "Ben", "Cy", "Di"])
    ladder.report([Game("Di", "Ben", (7, 4))])
    assert ladder.rungs == ["Ada", "Di", "Ben", "Cy"]
    assert ladder.record("Ben") == (0, 1)


def test_a_winner_above_stays():
    ladder = Ladder(["Ada", "Ben", "Cy"])
    ladder.report([Game("Ada", "Cy", (7, 2)), Game("Cy", "Ben", (7, 6))])
    assert ladder.rungs == ["Ada", "Cy", "Ben"]
    assert ladder.net_hoops("Cy") == -4


def test_an_unknown_winner():
    ladder = Ladder(["Ada", "Ben"])
    with pytest.raises(UnknownPlayer):
        ladder.report([Game("Zed", "Ben", (7, 5))])
