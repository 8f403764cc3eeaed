from barber import Cut


def test_just_over_fifteen_is_long():
    assert Cut.for_length(15.5).band == "long"
    assert Cut.for_length(15.01, "hot towel").minutes == 55


def test_medium_boundaries():
    assert [Cut.for_length(n).band for n in (4.9, 14.9, 15.0)] == ["short", "medium", "medium"]
