from orchard import Row, best_row, crates, row_report


def test_one_row():
    assert row_report([Row("north", [12.5, 20.0, 7.5])]) == [("north", 40.0)]


def test_each_row_on_its_own():
    rows = [Row("north", [10.0, 5.0]), Row("south", [8.0]), Row("east", [2.5, 2.5])]
    assert row_report(rows) == [("north", 15.0), ("south", 8.0), ("east", 5.0)]


def test_an_empty_orchard():
    assert row_report([]) == []
    assert best_row([]) is None


def test_crates_for_one_row():
    assert crates([Row("north", [18.0, 18.0, 0.5])]) == 3
