from sheet import column_total, evaluate


def test_formula_cells_refer_to_other_cells():
    cells = {"A1": 4, "A2": 6, "A3": "A1 A2 +", "B1": "A3 2 /"}
    assert evaluate("B1 A1 -", cells) == 1.0


def test_total_over_formula_cells():
    cells = {"A1": 1.5, "A2": "A1 3 *", "A3": "A2 A1 -"}
    assert column_total(["A1", "A2", "A3"], cells) == 9.0
