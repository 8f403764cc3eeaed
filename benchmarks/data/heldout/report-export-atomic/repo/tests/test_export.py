from export import export_csv, format_row


def test_format_row_in_column_order():
    assert format_row({"b": 2, "a": 1}, ["a", "b"]) == ["1", "2"]


def test_missing_cells_are_empty():
    assert format_row({"a": None}, ["a", "b"]) == ["", ""]


def test_export_writes_header_and_rows(tmp_path):
    out = tmp_path / "report.csv"
    assert export_csv([{"city": "Oslo", "n": 3}], out) == 1
    assert out.read_text(encoding="utf-8").splitlines() == ["city,n", "Oslo,3"]
