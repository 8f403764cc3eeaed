from bench import Bench, Tree

MAPLE = Tree(12, "maple", "moyogi", 2018, 2024)
JUNIPER = Tree(3, "juniper", "kengai", 2011, 2022)


def test_label():
    bench = Bench(2026, [MAPLE])
    assert bench.label(MAPLE) == "#12 maple, informal upright - 8 years in training"


def test_prices():
    bench = Bench(2026, [MAPLE, JUNIPER])
    assert [bench.price(t) for t in bench.trees] == [120.0, 180.0]


def test_due_repotting():
    assert Bench(2026, [MAPLE, JUNIPER]).due_repotting() == [3]
