from records import column, parse_line, read_records


def test_parse_line_strips_cells():
    assert parse_line(" a , b,c ") == ["a", "b", "c"]


def test_no_lines():
    assert read_records("\n\n") == []


def test_column():
    assert column([{"x": "1"}, {"x": "2"}], "x") == ["1", "2"]


def test_records_hold_only_the_header_keys():
    records = read_records("name,age\nana,31\nbo,27\n")
    assert records == [{"name": "ana", "age": "31"}, {"name": "bo", "age": "27"}]
