import pytest

from rates import RateCache, RateUnavailable


class Bank:
    def __init__(self, rates):
        self.rates = rates
        self.calls = 0

    def __call__(self, base, quote):
        self.calls += 1
        if (base, quote) not in self.rates:
            raise OSError("bank offline")
        return self.rates[(base, quote)]


def test_convert():
    cache = RateCache(Bank({("EUR", "USD"): 1.1}))
    assert cache.convert(200, "EUR", "USD") == 220.0


def test_same_currency_needs_no_bank():
    bank = Bank({})
    assert RateCache(bank).rate("eur", "EUR") == 1.0
    assert bank.calls == 0


def test_no_rate_at_all():
    with pytest.raises(RateUnavailable):
        RateCache(Bank({})).rate("EUR", "JPY")


def test_second_ask_within_the_ttl_uses_the_cache():
    bank = Bank({("EUR", "GBP"): 0.85})
    cache = RateCache(bank, clock=lambda: 100.0)
    assert cache.rate("EUR", "GBP") == 0.85
    assert cache.rate("EUR", "GBP") == 0.85
    assert bank.calls == 1
