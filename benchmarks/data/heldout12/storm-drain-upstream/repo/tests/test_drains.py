from drains import DrainNetwork

NET = DrainNetwork({"A1": "B1", "A2": "B1", "B1": "C1", "B2": "C1", "C1": "OUT", "A3": "B2"})


def test_path_to_outfall():
    assert NET.path_to_outfall("A3") == ["A3", "B2", "C1", "OUT"]


def test_the_outfall_itself():
    assert NET.path_to_outfall("OUT") == ["OUT"]
    assert NET.outfalls() == ["OUT"]


def test_upstream_nearest_first():
    assert NET.upstream("C1") == ["B1", "B2", "A1", "A2", "A3"]
