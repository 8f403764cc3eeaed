from lighthouse import Light


def test_folded_many_periods():
    light = Light("Point", [(0.5, True), (4.5, False)])
    assert light.folded([3.0, 7.5, 10.1, 24.0]) == [10.1, 7.5, 3.0, 24.0]


def test_folded_keeps_sightings_of_one_period_in_order():
    light = Light("Point", [(0.5, True), (4.5, False)])
    assert light.folded([4.0, 1.0, 2.5]) == [1.0, 2.5, 4.0]
