import pytest

from bonspiel import Bonspiel


def test_second_loss_knocks_out():
    spiel = Bonspiel(["A", "B", "C"])
    spiel.game("A", "B")
    spiel.game("A", "B")
    assert spiel.still_in == ["A", "C"]
    with pytest.raises(ValueError):
        spiel.game("B", "C")


def test_champion_of_a_two_team_draw():
    spiel = Bonspiel(["A", "B"])
    spiel.game("B", "A")
    spiel.game("A", "B")
    assert spiel.champion() is None
    spiel.game("A", "B")
    assert spiel.champion() == "A"
