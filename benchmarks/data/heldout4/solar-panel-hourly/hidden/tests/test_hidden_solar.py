from solar import summary


def test_the_mean_leaves_out_the_offline_hours():
    assert summary([None, 100, 300, None]) == (400, 200.0, 2)


def test_a_silent_day():
    assert summary([None, None]) == (0, 0.0, None)
