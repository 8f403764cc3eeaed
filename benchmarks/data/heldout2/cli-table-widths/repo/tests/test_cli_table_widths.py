from table import cell_text, column_widths, render


def test_cell_text():
    assert cell_text(None) == "-"
    assert cell_text(2.5) == "2.50"
    assert cell_text("ok") == "ok"


def test_header_only_table():
    assert render(["name", "qty"], []) == "name  qty\n----  ---"


def test_widths_follow_the_longest_cell():
    assert column_widths(["id", "name"], [[7, "washer"], [12, "nut"]]) == [2, 6]


def test_render():
    text = render(["item", "price"], [["bolt", 0.5], ["hinge", 12.25]])
    assert text.splitlines() == ["item   price", "-----  -----", "bolt    0.50", "hinge  12.25"]
