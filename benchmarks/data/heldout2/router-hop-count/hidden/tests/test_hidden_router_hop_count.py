from network import Network


def test_reachable_skips_other_islands():
    net = Network([("r1", "r2"), ("r2", "r3"), ("r4", "r5")])
    assert net.reachable("r1") == ["r2", "r3"]
    assert net.reachable("r5") == ["r4"]


def test_unknown_router():
    assert Network([("a", "b")]).hops("a", "q") is None
