from rates import RateCache


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def test_refetch_after_ttl_and_stale_fallback():
    clock = Clock()
    answers = {("EUR", "CHF"): "0.94"}
    calls = []

    def bank(base, quote):
        calls.append((base, quote))
        if not answers:
            raise OSError("offline")
        return answers[(base, quote)]

    cache = RateCache(bank, ttl_s=60, clock=clock)
    assert cache.rate("EUR", "CHF") == 0.94
    clock.t = 59.0
    cache.rate("EUR", "CHF")
    assert len(calls) == 1
    clock.t = 61.0
    answers.clear()
    assert cache.rate("EUR", "CHF") == 0.94
    assert len(calls) == 2
    assert cache.fetches == 2


def test_pairs_are_cached_apart():
    seen = []

    def bank(base, quote):
        seen.append(quote)
        return {"USD": 1.1, "SEK": 11.5}[quote]

    cache = RateCache(bank, clock=lambda: 5.0)
    for _ in range(3):
        assert cache.convert(10, "EUR", "SEK") == 115.0
        assert cache.convert(10, "eur", "usd".upper()) == 11.0
    assert sorted(seen) == ["SEK", "USD"]
