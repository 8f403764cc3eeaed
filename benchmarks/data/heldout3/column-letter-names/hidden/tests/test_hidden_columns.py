from columns import column_name, column_number


def test_round_trip():
    for number in range(1, 2000):
        assert column_number(column_name(number)) == number


def test_three_letters():
    assert column_name(731) == "ABC"
    assert column_name(703) == "AAA"
