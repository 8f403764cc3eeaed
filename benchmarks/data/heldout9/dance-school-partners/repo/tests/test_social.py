import pytest

from social import Social, rotation


def test_a_leader_waits_for_a_follower():
    social = Social()
    social.arrive("Ada", "lead")
    social.arrive("Bob", "follow")
    assert social.couples == [("Ada", "Bob")]
    assert social.log == ["Ada waits to lead"]


def test_an_unknown_role_is_refused():
    with pytest.raises(ValueError):
        Social().arrive("Cy", "spin")


def test_the_rotation_moves_each_follower_on():
    couples = [("A", "x"), ("B", "y"), ("C", "z")]
    assert rotation(couples) == [("A", "z"), ("B", "x"), ("C", "y")]


def test_a_follower_waits_for_a_leader():
    social = Social()
    social.arrive("Dee", "follow")
    assert social.waiting() == {"lead": 0, "follow": 1}
    social.arrive("Eli", "lead")
    assert social.couples == [("Eli", "Dee")]
