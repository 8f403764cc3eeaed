from colors import gradient, mix


def test_quarter_way():
    assert mix("#000000", "#c86400", 0.25) == "#321900"


def test_gradient_runs_from_start_to_end():
    assert gradient("#102030", "#405060", 4) == ["#102030", "#203040", "#304050", "#405060"]
