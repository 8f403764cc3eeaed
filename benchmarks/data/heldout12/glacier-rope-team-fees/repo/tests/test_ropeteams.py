import pytest

from ropeteams import GuidingDay, RopeTeam


def test_a_late_team_pays_overtime():
    assert RopeTeam.from_log("Ana", 2, booked_h=4, walked_h=5.5).fee() == 247.5


def test_an_early_team_pays_the_base_fee():
    assert RopeTeam.from_log("Bo", 3, booked_h=6, walked_h=5).fee() == 180.0


def test_guides_on_overtime():
    day = GuidingDay()
    day.log("Cai", 2, 4, 4.5)
    day.log("Ana", 1, 5, 7)
    day.log("Bo", 3, 6, 6)
    assert day.guides_on_overtime() == ["Ana", "Cai"]


def test_a_team_needs_a_client():
    with pytest.raises(ValueError):
        RopeTeam.from_log("Dee", 0, 4, 4)
