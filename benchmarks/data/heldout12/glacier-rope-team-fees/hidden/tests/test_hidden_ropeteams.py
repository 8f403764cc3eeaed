from ropeteams import GuidingDay, RopeTeam


def test_an_early_team_has_no_overtime():
    team = RopeTeam.from_log("Bo", 3, booked_h=6, walked_h=4.5)
    assert team.overtime_h == 0
    assert team.per_client() == 60.0


def test_a_day_of_early_teams():
    day = GuidingDay()
    day.log("Ana", 2, 5, 3)
    day.log("Bo", 4, 6, 5.5)
    day.log("Cai", 1, 3, 4)
    assert day.longest_overtime() == 1.0
    assert day.takings() == 3 * 180.0 + 45.0
    early = GuidingDay()
    early.log("Dee", 2, 5, 4)
    assert early.longest_overtime() == 0
