from export import export_csv


def test_no_temporary_file_is_left(tmp_path):
    out = tmp_path / "r.csv"
    export_csv([{"a": 1}], str(out), columns=["a"])
    assert [p.name for p in tmp_path.iterdir()] == ["r.csv"]


def test_an_existing_report_is_replaced(tmp_path):
    out = tmp_path / "r.csv"
    out.write_text("old\n", encoding="utf-8")
    export_csv([{"x": "new"}], out)
    assert out.read_text(encoding="utf-8").splitlines() == ["x", "new"]


def test_no_rows_writes_a_header_only(tmp_path):
    out = tmp_path / "empty.csv"
    assert export_csv([], out, columns=["id"]) == 0
    assert out.read_bytes() == b"id\r\n"
