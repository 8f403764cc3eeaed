from cricket import Ball, Spell


def test_an_unfinished_over_counts_its_own_runs():
    s = Spell("Sue")
    for r in (2, 2, 2, 0, 0, 0, 1, 1):
        s.bowl(Ball(r))
    s.bowl(Ball(0, "no-ball"))
    assert s.overs() == [6, 3]
    assert s.figures() == "1.2-0-9-0"


def test_three_maidens_in_a_row():
    s = Spell("Tom")
    for _ in range(18):
        s.bowl(Ball(0))
    assert s.overs() == [0, 0, 0]
    assert s.maidens() == 3
