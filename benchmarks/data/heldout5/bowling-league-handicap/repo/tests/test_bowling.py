from bowling import average, handicaps, roll_pins


def test_roll_pins():
    assert roll_pins("X7/9-") == [10, 7, 3, 9, 0]


def test_average_rounds_down():
    assert average([150, 161, 170]) == 160
    assert average([]) == 0


def test_handicap_for_low_averages():
    assert handicaps({"Ann": 150, "Bo": 200}) == {"Ann": 63, "Bo": 18}


def test_strong_bowler_gets_no_handicap():
    assert handicaps({"Cy": 235, "Ann": 150}) == {"Cy": 0, "Ann": 63}
