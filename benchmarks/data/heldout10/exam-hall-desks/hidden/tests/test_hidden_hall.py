from hall import Hall, label, neighbours


def test_row_ends():
    assert [label(d) for d in (8, 9, 16, 17)] == ["A8", "B1", "B8", "C1"]


def test_the_end_of_a_row_is_not_next_to_the_start_of_the_next():
    assert not neighbours(8, 9)
    hall = Hall(desks=32)
    for name, desk in (("ari", 8), ("bea", 9), ("cy", 16)):
        hall.seat(name, desk)
    assert hall.too_close(["ari", "bea", "cy"]) == [("ari", "cy")]
