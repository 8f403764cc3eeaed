from regatta import Race, Result


def test_mixed_distances():
    race = Race()
    race.add(Result("Red Dragons", 3, 500, 130.0))
    race.add(Result("Blue Waves", 1, 200, 50.0))
    race.add(Result("Jade Tigers", 2, 2000, 560.0))
    assert race.fastest() == "Blue Waves"
    assert race.board() == [
        "1 Blue Waves    0:50.0 (2:05.0/500m)",
        "3 Red Dragons   2:10.0 (2:10.0/500m)",
        "2 Jade Tigers   9:20.0 (2:20.0/500m)",
    ]
