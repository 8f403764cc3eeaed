from resolver import CachingResolver


def test_expired_entries_are_fetched_again():
    answers = iter([(["1.1.1.1"], 60), (["2.2.2.2"], 60)])
    clock = [0.0]
    r = CachingResolver(lambda name: next(answers), lambda: clock[0])
    assert r.resolve("a.test") == ("1.1.1.1",)
    clock[0] = 60.0
    assert r.resolve("a.test") == ("2.2.2.2",)
    assert r.upstream_queries == 2


def test_min_ttl_keeps_zero_ttl_answers_briefly():
    clock = [0.0]
    r = CachingResolver(lambda name: (["9.9.9.9"], 0), lambda: clock[0], min_ttl=5)
    r.resolve("z.test")
    clock[0] = 4.0
    r.resolve("z.test")
    assert r.upstream_queries == 1
