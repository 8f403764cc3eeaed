from hostel import Dorm, Hostel, long_stay_dorms


def test_candidates_mix_limits():
    h = Hostel([Dorm("A", 2, 3), Dorm("B", 2), Dorm("C", 2, 30)])
    assert h.candidates(5) == ["B", "C"]
    assert long_stay_dorms(h, 40) == ["B"]
