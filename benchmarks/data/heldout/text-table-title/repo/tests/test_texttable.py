import pytest

from texttable import column_widths, render, render_row


def test_widths_take_the_longest_cell():
    assert column_widths(["id", "name"], [[1, "Ada"], [22, "Grace Hopper"]]) == [2, 12]


def test_ragged_row_is_refused():
    with pytest.raises(ValueError):
        column_widths(["a", "b"], [[1]])


def test_render_row_pads_cells():
    assert render_row(["x", 1], [3, 2]) == "x   | 1"


def test_table_without_title():
    assert render(["k", "v"], [["a", 1]]) == "k | v\n--+--\na | 1"


def test_title_is_centred():
    out = render(["name", "qty"], [["apple", 3]], title="Stock")
    assert out.splitlines()[0] == "   Stock"
