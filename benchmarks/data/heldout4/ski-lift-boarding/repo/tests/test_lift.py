from lift import Lift


def test_a_short_queue_fits_on_one_chair():
    lift = Lift(4)
    assert lift.run(3, chairs=5) == 0
    assert lift.chairs == [3]


def test_no_skiers_no_chairs():
    lift = Lift(4)
    assert lift.run(0, chairs=3) == 0
    assert lift.mean_load() == 0.0


def test_a_long_queue_fills_whole_chairs():
    lift = Lift(4)
    assert lift.run(10, chairs=2) == 2
    assert lift.chairs == [4, 4]


def test_mean_load_after_the_queue_is_served():
    lift = Lift(4)
    lift.run(6, chairs=3)
    assert lift.mean_load() == 3.0
