from dispatch import Dispatch


def test_a_block_too_heavy_for_any_lorry_stays():
    d = Dispatch(max_tonnes=10.0)
    d.cut("B1", 14.0)
    assert d.best_load() == []
    assert d.ship() == 0


def test_loadings_count_and_fewest_blocks():
    d = Dispatch(max_tonnes=10.0)
    for code, t in (("A", 4.0), ("B", 6.0), ("C", 10.0)):
        d.cut(code, t)
    assert len(d.loadings(d.yard)) == 5
    assert d.best_load() == ["C"]
