from feed import row, short_title


def test_a_title_of_exactly_the_width_stays():
    assert short_title("abcdef", width=6) == "abcdef"


def test_a_narrow_screen():
    assert short_title("Interviews with bakers", width=10) == "Intervi..."


def test_a_whole_row():
    assert row(1, 3, "Why Bridges Sing In The Wind At Night", 1800) == (
        "S01E03 Why Bridges Sing In T... (30:00)"
    )
