from numfmt import group_digits, parse_grouped


def test_two_and_three_digits():
    assert group_digits(12) == "12"
    assert group_digits(908) == "908"


def test_other_separator():
    assert group_digits(98765, sep=" ") == "98 765"


def test_negative_millions():
    assert group_digits(-1000000) == "-1,000,000"


def test_round_trip():
    for n in (1001, 65536, 123456789, -42000):
        assert parse_grouped(group_digits(n)) == n
