import pytest

from records import read_records, to_record


def test_short_row_is_refused():
    with pytest.raises(ValueError):
        read_records("a,b,c\n1,2\n")


def test_long_row_is_refused():
    with pytest.raises(ValueError):
        to_record(["a"], ["1", "2"])


def test_other_separator():
    assert read_records("k;v\nx;1\n", sep=";") == [{"k": "x", "v": "1"}]
