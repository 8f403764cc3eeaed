import random

import pytest

from lottery import Line, Ticket


def test_a_line_prints_its_numbers_in_order():
    assert Line((17, 3, 44, 9, 21, 38)).printed == "3-9-17-21-38-44"


def test_prizes_add_up_over_the_lines():
    ticket = Ticket("Rita", [Line((1, 2, 3, 4, 5, 6)), Line((1, 2, 3, 40, 41, 42))])
    assert ticket.prize({1, 2, 3, 4, 5, 49}) == 50.0 + 2.0


def test_a_line_needs_six_different_numbers_in_range():
    with pytest.raises(ValueError):
        Line((1, 2, 3, 4, 5, 5))
    with pytest.raises(ValueError):
        Line((1, 2, 3, 4, 5, 50))


def test_a_lucky_dip_is_a_valid_sorted_line():
    line = Line.lucky_dip(random.Random(7))
    assert list(line.numbers) == sorted(line.numbers)
