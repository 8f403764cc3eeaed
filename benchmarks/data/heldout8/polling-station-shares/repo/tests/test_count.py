from count import Count


def counted(*marks):
    c = Count("North", ["Ames", "Berg", "Cole"])
    for mark in marks:
        c.record(mark)
    return c


def test_shares_are_given_to_one_decimal():
    assert counted("Ames", "Berg", "Cole").shares() == [33.3, 33.3, 33.3]


def test_unknown_and_empty_marks_are_spoilt():
    c = counted("Ames", None, "Dunn", "Ames")
    assert (c.valid, c.spoilt) == (2, 2)


def test_a_tie_has_no_winner():
    assert counted("Ames", "Berg").winner() is None and counted("Berg").winner() == "Berg"


def test_no_valid_votes_gives_zero_shares():
    assert counted(None).shares() == [0.0, 0.0, 0.0]
