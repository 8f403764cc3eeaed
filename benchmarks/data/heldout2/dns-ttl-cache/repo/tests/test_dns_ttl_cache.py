from resolver import CachingResolver

ZONE = {"example.com": (["93.184.216.34"], 300), "short.test": (["10.0.0.1"], 0)}


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def make():
    clock = Clock()
    return CachingResolver(lambda name: ZONE[name], clock), clock


def test_first_lookup_asks_upstream():
    r, _ = make()
    assert r.resolve("Example.COM.") == ("93.184.216.34",)
    assert r.upstream_queries == 1 and r.cached_names() == ["example.com"]


def test_flush():
    r, _ = make()
    r.resolve("example.com")
    r.flush("example.com")
    assert r.cached_names() == []


def test_second_lookup_within_ttl_is_cached():
    r, clock = make()
    r.resolve("example.com")
    clock.now += 299
    r.resolve("example.com")
    assert r.upstream_queries == 1
