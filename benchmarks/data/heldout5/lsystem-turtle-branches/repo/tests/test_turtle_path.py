from turtle_path import expand, extent, trace


def test_expand():
    assert expand("F", {"F": "F+F"}, 2) == "F+F+F+F"


def test_trace_without_branches():
    assert trace("FF+F") == ([(0, 0), (0, 1), (0, 2), (1, 2)], 0)


def test_extent():
    assert extent([(0, 0), (-1, 2), (3, 1)]) == (-1, 0, 3, 2)


def test_a_branch_returns_to_the_stem():
    assert trace("F[+F]F") == ([(0, 0), (0, 1), (1, 1), (0, 2)], 1)
