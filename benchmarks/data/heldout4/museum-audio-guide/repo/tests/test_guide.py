import pytest

from guide import Guide, tour


def test_next_and_back():
    assert tour("hall", ["next:12", "next:13", "back", "back"]) == ["12", "13", "12", "hall"]


def test_back_at_the_start_stays():
    assert tour("hall", ["back"]) == ["hall"]


def test_back_after_a_typed_jump():
    assert tour("hall", ["next:12", "jump: 40", "back"]) == ["12", "40", "12"]


def test_unknown_button():
    with pytest.raises(ValueError):
        Guide("hall").press("pause")
