from temperature import to_celsius, to_fahrenheit


def test_boiling_point():
    assert to_fahrenheit(100) == 212


def test_to_celsius():
    assert to_celsius(212) == 100
