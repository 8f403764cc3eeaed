from channels import Network


def test_water_runs_downstream_only():
    n = Network()
    n.connect("spring", "a")
    n.connect("a", "b")
    n.connect("c", "b")
    assert n.watered("spring", ["a", "b", "c"]) == ["a", "b"]
    assert n.hops("b", "spring") is None and n.hops("a", "a") == 0
