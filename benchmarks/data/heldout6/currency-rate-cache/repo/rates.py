"""Exchange rates for a travel agency's till, fetched from a bank and kept for a while."""

from __future__ import annotations

import time
from typing import Callable


class RateUnavailable(LookupError):
    """No rate could be had, neither fresh nor cached."""


class RateCache:
    """Rates by (base, quote), each kept ``ttl_s`` seconds after it was fetched.

    ``fetch(base, quote)`` asks the bank; when it fails (OSError or a non-number) a cached rate
    is used even if it is stale.
    """

    def __init__(
        self,
        fetch: Callable[[str, str], object],
        ttl_s: float = 600.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._fetch = fetch
        self._ttl = ttl_s
        self._clock = clock
        self._store: dict[tuple[str, str], tuple[float, float]] = {}
        self.fetches = 0

    def rate(self, base: str, quote: str) -> float:
        key = (base.upper(), quote.upper())
        if key[0] == key[1]:
            return 1.0
        now = self._clock()
        hit = self._store.get(key)
        if hit is not None and now - hit[1] < self._ttl:
            return hit[0]
        self.fetches += 1
        try:
            value = float(self._fetch(base, quote))
        except (OSError, ValueError) as exc:
            if hit is not None:
                return hit[0]
            raise RateUnavailable(f"{base}/{quote}") from exc
        return value

    def convert(self, amount: float, base: str, quote: str) -> float:
        return round(amount * self.rate(base, quote), 2)
