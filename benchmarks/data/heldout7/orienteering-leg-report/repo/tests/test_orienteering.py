import pytest
from orienteering import Run, overall_pace


def build():
    run = Run("Ines", "Red")
    run.punch("S", "31", 1.2, 9.0)
    run.punch("31", "45", 0.5, 6.0)
    return run


def test_leg_lines_show_minutes_per_km():
    assert build().leg_lines() == ["S-31: 7.5 min/km", "31-45: 12.0 min/km"]


def test_slowest_and_overall():
    run = build()
    assert run.slowest_leg().finish == "45"
    assert overall_pace(run) == 8.82


def test_zero_length_leg():
    with pytest.raises(ValueError):
        Run("x", "y").punch("a", "b", 0, 3)
