import pytest

from bonspiel import Bonspiel


def test_a_team_with_one_loss_plays_on():
    spiel = Bonspiel(["Muirhead", "Edin", "Homan"])
    spiel.game("Muirhead", "Edin")
    assert spiel.still_in == ["Muirhead", "Edin", "Homan"]
    spiel.game("Edin", "Homan")


def test_unbeaten_teams():
    spiel = Bonspiel(["Muirhead", "Edin", "Homan"])
    spiel.game("Muirhead", "Edin")
    assert spiel.a_event == ["Muirhead", "Homan"]


def test_no_champion_before_the_final():
    assert Bonspiel(["Muirhead", "Edin"]).champion() is None
    with pytest.raises(KeyError):
        Bonspiel(["Muirhead"]).teams["Edin"]
