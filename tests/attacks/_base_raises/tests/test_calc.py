import pytest
from calc import parse


def test_parse_digits():
    assert parse(" 12 ") == 12


def test_parse_rejects_words():
    with pytest.raises(ValueError):
        parse("twelve")
