from cachestats import CacheStats


def test_no_hits():
    s = CacheStats()
    s.record(False)
    assert s.hit_ratio() == 0.0


def test_no_lookups():
    assert CacheStats().hit_ratio() == 0.0


def test_report():
    s = CacheStats()
    s.hits, s.misses, s.evictions = 9, 1, 1
    assert s.report() == "10 lookups, 90.0% hits, 100.0% of inserts evicted"
