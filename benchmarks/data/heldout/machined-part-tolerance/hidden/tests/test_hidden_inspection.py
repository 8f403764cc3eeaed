from inspection import Spec, inspect_batch, within, yield_percent


def test_slightly_undersized_part_is_accepted():
    assert within(9.95, Spec(10.0, 0.1))


def test_boundaries_on_both_sides():
    spec = Spec(50.0, 0.25)
    assert within(49.75, spec) and within(50.25, spec)
    assert not within(49.74, spec) and not within(50.26, spec)


def test_batch_with_undersized_parts():
    parts = [("a", 4.0), ("b", 5.0), ("c", 5.9), ("d", 6.0)]
    accepted, rejected = inspect_batch(parts, Spec(5.0, 0.5))
    assert accepted == [("b", 5.0)]
    assert rejected == [("a", 4.0), ("c", 5.9), ("d", 6.0)]


def test_yield():
    parts = [("a", 0.8), ("b", 1.0), ("c", 1.05), ("d", 1.5)]
    assert yield_percent(parts, Spec(1.0, 0.1)) == 50.0
