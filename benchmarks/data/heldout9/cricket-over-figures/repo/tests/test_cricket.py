from cricket import Ball, Spell


def spell(*balls):
    s = Spell("Ray")
    for ball in balls:
        s.bowl(ball)
    return s


def test_a_wide_is_a_run_and_no_legal_ball():
    s = spell(Ball(0, "wide"), Ball(2))
    assert s.legal_balls() == 1
    assert s.overs() == [3]


def test_one_over_with_a_wicket():
    s = spell(Ball(1), Ball(0), Ball(4), Ball(0, wicket=True), Ball(0), Ball(1))
    assert s.overs() == [6]
    assert s.figures() == "1.0-0-6-1"


def test_runs_are_counted_over_by_over():
    s = spell(*[Ball(r) for r in (1, 0, 4, 0, 0, 1)], *[Ball(0)] * 6)
    assert s.overs() == [6, 0]
    assert s.figures() == "2.0-1-6-0"
