from turtle_path import trace


def test_nested_branches():
    cells, deepest = trace("F[+F[-F]F]-F")
    assert cells == [(0, 0), (0, 1), (1, 1), (1, 2), (2, 1), (-1, 1)]
    assert deepest == 2
