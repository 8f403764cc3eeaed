from network import Network

NET = Network([("a", "b"), ("b", "c"), ("c", "d"), ("a", "e"), ("x", "y")])


def test_neighbours():
    assert NET.neighbours("a") == ["b", "e"]
    assert NET.neighbours("zz") == []


def test_hops():
    assert NET.hops("a", "a") == 0
    assert NET.hops("a", "b") == 1
    assert NET.hops("e", "d") == 4


def test_unreachable():
    assert NET.hops("a", "x") is None
