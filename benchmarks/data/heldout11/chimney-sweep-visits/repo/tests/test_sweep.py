from datetime import date

from sweep import Round


def test_longest_gap_between_sweeps():
    r = Round()
    for day in [date(2023, 10, 1), date(2024, 9, 20), date(2025, 12, 1)]:
        r.swept("4 Mill Lane", day)
    assert r.longest_gap("4 Mill Lane") == 437


def test_due_again():
    r = Round()
    r.swept("4 Mill Lane", date(2025, 1, 10))
    r.swept("The Old Forge", date(2024, 11, 2))
    r.swept("2 Church Row", date(2025, 11, 30))
    assert r.due(date(2026, 1, 15)) == ["The Old Forge", "4 Mill Lane"]


def test_a_single_sweep_has_no_gap():
    r = Round()
    r.swept("2 Church Row", date(2025, 11, 30))
    assert r.longest_gap("2 Church Row") == 0
    assert r.last_swept("Nowhere") is None
