import pytest

from sheet import FormulaError, column_total, evaluate


def test_numbers_only():
    assert evaluate("2 3 + 4 *", {}) == 20.0


def test_missing_operand_and_unknown_name():
    with pytest.raises(FormulaError):
        evaluate("1 +", {})
    with pytest.raises(FormulaError):
        evaluate("1 Z9 +", {"A1": 2})


def test_plain_number_cells_total():
    assert column_total(["A1", "A2"], {"A1": 2, "A2": 5}) == 7.0


def test_a_cell_reference():
    assert evaluate("A1 2 *", {"A1": 21}) == 42.0
