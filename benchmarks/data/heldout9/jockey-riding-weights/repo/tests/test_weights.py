from weights import Race, Ride, stones_and_pounds, to_pounds


def test_racecard_weights_in_pounds():
    assert to_pounds("8-7") == 119


def test_an_apprentice_claims_an_allowance():
    race = Race("Maiden Stakes", "9-0")
    assert race.allotted_lb(Ride("Lee", "apprentice", 110)) == 119


def test_an_overweight_jockey_is_told_by_how_much():
    race = Race("Handicap", "8-0")
    assert race.weigh_out(Ride("Kay", "professional", 115)) == "Kay is 5 lb overweight"


def test_weights_are_announced_in_stones_and_pounds():
    assert stones_and_pounds(119) == "8 st 7 lb"


def test_the_lead_makes_up_the_weight():
    race = Race("Novice Hurdle", "9-2")
    assert race.weigh_out(Ride("Mo", "professional", 120)) == "Mo rides at 9 st 2 lb with 6 lb of lead"
