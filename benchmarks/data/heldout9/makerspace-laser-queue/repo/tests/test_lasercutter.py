import pytest

from lasercutter import Cutter, Job


def cutter(*jobs):
    c = Cutter()
    for job in jobs:
        c.submit(job)
    return c


def test_toxic_materials_are_refused():
    with pytest.raises(ValueError):
        cutter(Job("Ann", "sign.svg", 10, material="PVC"))


def test_a_session_stops_before_a_job_that_does_not_fit():
    c = cutter(Job("Ann", "box.svg", 10), Job("Bob", "lamp.svg", 30))
    assert c.run_session(15) == ["box.svg"]
    assert c.waiting_minutes() == 32
    assert c.by_member() == {"Bob": 1}


def test_a_long_session_empties_the_queue():
    c = cutter(Job("Ann", "box.svg", 10), Job("Bob", "lamp.svg", 18))
    assert c.run_session(60) == ["box.svg", "lamp.svg"]
    assert c.waiting_minutes() == 0
