from knitting import row_instruction

RIB = "k2 p2\np2 k2\n\nk4 yo\n"


def test_rows_after_the_repeat_starts_over():
    assert row_instruction(RIB, 3) == "Row 3: k4 yo"
    assert row_instruction(RIB, 4) == "Row 4: k2 p2"
