from cachestats import CacheStats, _percent


def test_percent():
    assert _percent(1, 3) == 33.3
    assert _percent(5, 0) == 0.0


def test_counters():
    s = CacheStats()
    for hit in (True, False, True):
        s.record(hit)
    assert (s.hits, s.misses, s.lookups) == (2, 1, 3)


def test_eviction_ratio():
    s = CacheStats()
    s.misses, s.evictions = 8, 2
    assert s.eviction_ratio() == 25.0


def test_hit_ratio():
    s = CacheStats()
    for hit in (True, True, True, False):
        s.record(hit)
    assert s.hit_ratio() == 75.0
