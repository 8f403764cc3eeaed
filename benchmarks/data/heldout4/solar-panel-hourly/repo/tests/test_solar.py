from solar import kwh, offline_hours, summary


def test_a_full_day():
    assert summary([0, 0, 300, 900, 1200, 600, 0]) == (3000, 428.6, 4)


def test_a_day_with_the_meter_offline_at_noon():
    assert summary([0, 400, None, 800, 0])[0] == 1200
    assert kwh([0, 400, None, 800, 0]) == 1.2


def test_offline_hours():
    assert offline_hours([0, None, 5, None]) == [1, 3]


def test_an_empty_day():
    assert summary([]) == (0, 0.0, None)
