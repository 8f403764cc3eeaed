from aquarium import change_lines


def test_no_change_is_signed_too():
    assert change_lines({"ammonia": 0.2, "kh": 4.0}, {"ammonia": 0.2, "kh": 3.0}) == [
        "ammonia: +0.0 ppm",
        "kh: -1.0 ppm",
    ]
