from lifeguard import Reading, Tower


def test_above_twenty_knots_flies_red():
    tower = Tower("South")
    for hour, knots in ((9, 12), (10, 19.5), (11, 20), (12, 20.5), (13, 24)):
        tower.record(Reading(hour, knots, 0.3))
    assert tower.log() == ["09:00 yellow", "10:00 yellow", "11:00 yellow", "12:00 red", "13:00 red"]
    assert tower.red_hours() == [12, 13]
