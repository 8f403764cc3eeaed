import pytest

from sledrace import Race, RaceError


def test_a_team_passing_through():
    race = Race(["Rainy Pass", "Rohn", "Nikolai"])
    race.event("in", "Aurora", "Rainy Pass")
    race.event("out", "Aurora", "Rainy Pass", dropped=1)
    race.event("in", "Aurora", "Rohn")
    assert race.board() == {"Rainy Pass": 0, "Rohn": 1, "Nikolai": 0}


def test_leaving_a_checkpoint_the_team_is_not_at():
    race = Race(["Rainy Pass", "Rohn"])
    race.event("in", "Aurora", "Rainy Pass")
    with pytest.raises(RaceError):
        race.event("out", "Aurora", "Rohn")


def test_leader():
    race = Race(["Rainy Pass", "Rohn"])
    for team in ["Aurora", "Borealis"]:
        race.event("in", team, "Rainy Pass")
    race.event("out", "Borealis", "Rainy Pass")
    assert race.leader() == "Borealis"
