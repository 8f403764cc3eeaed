import pytest

from darts import Leg, Match


def test_a_bust_scores_nothing():
    leg = Leg("Ann", start=40)
    assert not leg.throw(39)
    assert leg.remaining == 40


def test_a_known_finish_is_shown():
    leg = Leg("Ann", start=301)
    leg.throw(180)
    leg.throw(21)
    assert leg.hint() == "T20 D20"


def test_an_unfinished_leg_is_not_recorded():
    with pytest.raises(ValueError):
        Match(("Ann", "Bob")).record(Leg("Ann"))


def test_no_checkout_at_the_start_of_a_leg():
    assert Leg("Bob").hint() == "no checkout"
