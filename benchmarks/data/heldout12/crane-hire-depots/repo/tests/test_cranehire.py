import pytest

from cranehire import Fleet, UnknownCrane


def fleet():
    return Fleet({"North": ["N1", "N2"], "South": ["S1"]})


def test_hire_out():
    f = fleet()
    assert f.hire_out("North") == "N1"
    assert f.out_from("North") == 1
    assert f.standing() == {"North": 1, "South": 1}


def test_check_in_brings_the_count_down():
    f = fleet()
    crane = f.hire_out("South")
    assert f.check_in(crane) == "South"
    assert f.out_from("South") == 0
    assert f.busiest() is None


def test_unknown_crane():
    with pytest.raises(UnknownCrane):
        fleet().check_in("N1")
