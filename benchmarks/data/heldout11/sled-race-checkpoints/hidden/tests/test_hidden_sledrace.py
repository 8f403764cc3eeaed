from sledrace import Race


def test_one_of_two_teams_leaves():
    race = Race(["Rainy Pass", "Rohn"])
    race.event("in", "Aurora", "Rainy Pass")
    race.event("in", "Borealis", "Rainy Pass")
    race.event("out", "Aurora", "Rainy Pass")
    race.event("in", "Aurora", "Rohn")
    assert race.board() == {"Rainy Pass": 1, "Rohn": 1}


def test_busiest_after_teams_move_on():
    race = Race(["Rainy Pass", "Rohn", "Nikolai"])
    for team in ["A", "B", "C"]:
        race.event("in", team, "Rainy Pass")
    for team in ["A", "B"]:
        race.event("out", team, "Rainy Pass", dropped=2)
        race.event("in", team, "Rohn")
    assert race.busiest() == "Rohn"
    assert race.dogs_dropped["B"] == 2
