import pytest

from keys import Counter, KeyOrder, cut_depths


def test_depths_are_read_digit_by_digit():
    assert cut_depths("30571") == [3, 0, 5, 7, 1]


def test_a_code_too_long_for_the_blank_is_refused():
    with pytest.raises(ValueError):
        Counter().take(KeyOrder("Ros", "padlock", 123456))


def test_blanks_needed_count_the_copies():
    counter = Counter()
    counter.take(KeyOrder("Sam", "yale", 4, copies=3))
    counter.take(KeyOrder("Tia", "yale", 5))
    assert counter.blanks_needed() == {"yale": 4}


def test_the_ticket_pads_the_code_to_the_pins():
    order = KeyOrder("Uma", "yale", 42, copies=2)
    assert order.code() == "00042"
    assert order.ticket() == "YALE-00042 x2"
