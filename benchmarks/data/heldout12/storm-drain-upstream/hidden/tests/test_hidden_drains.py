from drains import DrainNetwork

NET = DrainNetwork({"A1": "B1", "A2": "B1", "B1": "C1", "B2": "C1", "C1": "OUT", "A3": "B2"})


def test_a_drain_at_the_top_and_one_below():
    assert NET.upstream("A2") == []
    assert NET.upstream("B2") == ["A3"]
    assert NET.upstream("OUT") == ["C1", "B1", "B2", "A1", "A2", "A3"]


def test_backed_up():
    rain = {"A1": 1.5, "A2": 0.5, "B1": 2.0, "B2": 4.0, "A3": 1.0}
    assert NET.backed_up("B1", rain) == 4.0
    assert NET.backed_up("A3", rain) == 1.0
