import pytest

from treetop import Course, Crossing


def course():
    c = Course("Oak")
    c.add(Crossing("P1", "P2", "bridge"))
    c.add(Crossing("P2", "P4", "zipline", min_height_cm=140))
    c.add(Crossing("P1", "P3", "net"))
    c.add(Crossing("P3", "P4", "bridge"))
    return c


def test_a_crossing_must_join_two_platforms():
    with pytest.raises(ValueError):
        Course("Elm").add(Crossing("P1", "P1", "net"))


def test_small_visitors_may_not_take_the_zipline():
    assert [c.kind for c in course().leaving("P2", 120)] == []
    assert [c.kind for c in course().leaving("P2", 150)] == ["zipline"]


def test_every_route_to_the_ground_platform():
    assert course().routes("P1", "P4") == [["bridge", "zipline"], ["net", "bridge"]]
