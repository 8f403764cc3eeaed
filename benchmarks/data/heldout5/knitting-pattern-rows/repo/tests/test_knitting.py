from knitting import parse, row_instruction, rows_until, stitches

RIB = "k2 p2\np2 k2\n\nk4 yo\n"


def test_parse_and_stitches():
    assert parse(RIB) == ["k2 p2", "p2 k2", "k4 yo"]
    assert stitches("k2 p2 k4 yo") == 8


def test_rows_until():
    assert rows_until(RIB, 1, "yo") == 2
    assert rows_until(RIB, 3, "yo") == 0
    assert rows_until(RIB, 2, "cable") is None


def test_one_row_pattern():
    assert row_instruction("k1 p1", 7) == "Row 7: k1 p1"


def test_first_row():
    assert row_instruction(RIB, 1) == "Row 1: k2 p2"
