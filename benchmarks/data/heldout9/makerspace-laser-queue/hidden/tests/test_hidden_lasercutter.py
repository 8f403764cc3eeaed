from lasercutter import Cutter, Job


def test_a_session_with_nothing_queued_cuts_nothing():
    assert Cutter().run_session(30) == []


def test_the_done_list_grows_session_by_session():
    c = Cutter()
    c.submit(Job("Cy", "a.svg", 3))
    c.submit(Job("Cy", "b.svg", 3))
    assert c.run_session(5) == ["a.svg"]
    assert c.run_session(5) == ["b.svg"]
    assert c.run_session(5) == []
    assert c.done == ["a.svg", "b.svg"]
