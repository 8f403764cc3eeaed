import pytest
from cleanup import CleanupDay, bags_needed


def build():
    day = CleanupDay(1200)
    for name in ["Ivo", "Jo"]:
        day.crew("Mara").join(name)
    for name in ["Tom", "Uma", "Vic", "Wes"]:
        day.crew("Nils").join(name)
    return day


def test_largest_crew_briefed_first():
    assert build().briefing_order() == ["Nils", "Mara"]


def test_stretches_follow_size():
    assert build().assign_stretches() == {"Mara": 400, "Nils": 800}


def test_bags():
    assert bags_needed(build()) == 12


def test_duplicate_member():
    day = CleanupDay(100)
    day.crew("Ola").join("Pia")
    with pytest.raises(ValueError):
        day.crew("Ola").join("Pia")
