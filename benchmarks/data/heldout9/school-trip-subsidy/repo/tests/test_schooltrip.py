import pytest

from schooltrip import Trip, letter


def trip(**kw):
    return Trip("Zoo", 300.0, 12.6, pupils=[f"P{i}" for i in range(20)], **kw)


def test_the_coach_is_shared_by_the_pupils():
    assert trip().cost_per_pupil == 27.6


def test_a_free_place_pays_nothing():
    t = trip(free_places={"P3"})
    assert t.family_pays("P3") == 0.0
    with pytest.raises(KeyError):
        t.family_pays("Q1")


def test_the_letter_home_deducts_the_subsidy():
    assert letter(trip(), "P1") == "P1's trip to Zoo: please pay 20.70 EUR"
