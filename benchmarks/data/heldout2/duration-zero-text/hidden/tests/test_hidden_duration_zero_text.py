from durations import compact, eta, parse


def test_finished_build_has_nothing_left():
    assert eta(8, 8, 120) == "0s"


def test_under_a_second_and_round_trip():
    assert compact(0.4) == "0s"
    assert parse(compact(0)) == 0
    assert eta(1, 4, 20) == "1m"
