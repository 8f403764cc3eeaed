import pytest

from sizes import format_size, parse_size


def test_small_sizes_are_bytes():
    assert format_size(0) == "0 B"
    assert format_size(512) == "512 B"


def test_negative_size():
    with pytest.raises(ValueError):
        format_size(-1)


def test_parse_size():
    assert parse_size("4K") == 4096
    assert parse_size("1.5 MiB") == 1572864
    assert parse_size("300") == 300


def test_a_kibibyte_and_a_half():
    assert format_size(1536) == "1.5 KiB"


def test_just_under_a_kibibyte_is_still_bytes():
    assert format_size(1000) == "1000 B"
