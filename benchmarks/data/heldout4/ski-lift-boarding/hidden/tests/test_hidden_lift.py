from lift import Lift


def test_six_seat_chairs():
    lift = Lift(6)
    assert lift.run(13, chairs=5) == 0
    assert lift.chairs == [6, 6, 1]
    assert lift.carried == 13


def test_two_seat_chairs_run_out_of_chairs():
    lift = Lift(2)
    assert lift.run(9, chairs=3) == 3
