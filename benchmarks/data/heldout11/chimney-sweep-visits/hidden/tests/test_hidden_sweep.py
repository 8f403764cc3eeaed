from datetime import date

from sweep import Round


def test_neglected_chimneys():
    r = Round()
    for day in [date(2025, 3, 1), date(2022, 3, 1), date(2023, 2, 20)]:
        r.swept("Rose Cottage", day)
    r.swept("Ivy House", date(2024, 1, 5))
    r.swept("Ivy House", date(2025, 1, 4))
    assert r.longest_gap("Rose Cottage") == 740
    assert r.neglected() == ["Rose Cottage"]
    assert r.sweeps_in(2025) == 2
