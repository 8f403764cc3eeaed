import pytest

from columns import cell_ref, column_name, column_number


def test_single_letters():
    assert column_name(1) == "A"
    assert column_name(26) == "Z"


def test_column_number():
    assert column_number("AB") == 28
    assert column_number("zz") == 702
    with pytest.raises(ValueError):
        column_number("A1")


def test_column_zero_is_refused():
    with pytest.raises(ValueError):
        column_name(0)


def test_two_letters():
    assert column_name(28) == "AB"


def test_cell_ref():
    assert cell_ref(3, 28) == "AB3"
