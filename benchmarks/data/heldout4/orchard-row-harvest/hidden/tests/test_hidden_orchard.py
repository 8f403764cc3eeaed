from orchard import Row, best_row, crates


def test_the_best_row_is_not_the_last_one():
    rows = [Row("a", [30.0]), Row("b", [5.0]), Row("c", [4.0])]
    assert best_row(rows) == "a"


def test_crates_over_several_rows():
    assert crates([Row("a", [10.0]), Row("b", [10.0])]) == 2
