from swim import clock, fastest_lap, laps, result_line


def test_lap_times():
    assert laps([0.0, 28.5, 59.1, 90.02]) == [28.5, 30.6, 30.92]


def test_fastest_lap():
    assert fastest_lap([0.0, 31.0, 60.5, 91.0]) == (2, 29.5)


def test_clock_format():
    assert clock(59.1) == "59.10"
    assert clock(125.37) == "2:05.37"


def test_result_line():
    assert result_line("Ona", [0.0, 30.0, 61.25]) == "Ona 1:01.25"
