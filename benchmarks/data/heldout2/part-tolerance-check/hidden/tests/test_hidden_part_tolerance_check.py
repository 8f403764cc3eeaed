from inspection import Dimension, inspect, within


def test_lower_limit_is_inclusive():
    d = Dimension("pin", 5.0, 0.05)
    assert within(d, 4.95) and not within(d, 4.949)


def test_mixed_part():
    d1, d2, d3 = Dimension("a", 1.0, 0.1), Dimension("b", 2.0, 0.1), Dimension("c", 3.0, 0.1)
    assert inspect([d1, d2, d3], {"a": 0.85, "b": 2.05, "c": 3.2}) == ["a", "c"]
