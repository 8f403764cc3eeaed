"""Capped exponential backoff with full jitter, honouring ``Retry-After``.

The provider adapters turn off the SDKs' own retries (``max_retries=0``) and retry here, so that
the policy is one piece of code, the same for every provider, and testable without a clock: the
sleep function and the random source are injected, and every sleep is recorded.

What is retried (the adapters classify; see :class:`Fault`): HTTP 408, 409, 429, 5xx (including
Anthropic's 529 ``overloaded_error``), dropped connections and timeouts. What is not: context
length errors, 401/403, and other 4xx; those are raised at once by the adapter.

Delay before retry number ``n`` (``n`` = 0 for the first retry):

- if the response carried ``retry-after-ms`` or ``Retry-After`` (seconds, or an HTTP date), that
  many seconds, capped at ``retry_after_cap_s``;
- otherwise "full jitter": ``uniform(0, min(cap_s, base_s * 2**n))``.

Sources: AWS Architecture Blog, Marc Brooker, "Exponential Backoff And Jitter" (2015), for full
jitter; RFC 9110 section 10.2.3 for ``Retry-After`` (delay-seconds or HTTP-date); the
``retry-after-ms`` header as the Anthropic and OpenAI Python SDKs read it
(``_base_client._parse_retry_after_header``).
"""

from __future__ import annotations

import email.utils
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from fixloop.errors import ProviderUnavailable

T = TypeVar("T")

#: HTTP statuses worth retrying: request timeout, conflict (lock contention), rate limit,
#: every 5xx and Anthropic's 529 overloaded.
RETRYABLE_STATUSES = frozenset({408, 409, 429})


def is_retryable_status(status: int) -> bool:
    """True for 408, 409, 429 and any 5xx (500-599, which includes 529 overloaded)."""
    return status in RETRYABLE_STATUSES or 500 <= status <= 599


def parse_retry_after(
    headers: Mapping[str, str] | None, *, now: Callable[[], float] = time.time
) -> float | None:
    """The delay a response asks for, in seconds, or None when it asks for none.

    Reads ``retry-after-ms`` (milliseconds, non-standard, sent by Anthropic and OpenAI) first,
    then ``Retry-After`` as delay-seconds (integers; floats tolerated) or as an HTTP-date
    (RFC 9110 section 10.2.3). Negative or unparseable values give None. Header names are
    matched case-insensitively.

    Args:
        headers: response headers (any mapping; httpx headers work as they are).
        now: the clock used for the HTTP-date form, in seconds since the epoch.
    """
    if not headers:
        return None
    lower = {str(k).lower(): str(v) for k, v in headers.items()}
    ms = lower.get("retry-after-ms")
    if ms is not None:
        try:
            value = float(ms) / 1000.0
            if value >= 0:
                return value
        except ValueError:
            pass
    ra = lower.get("retry-after")
    if ra is None:
        return None
    ra = ra.strip()
    try:
        value = float(ra)
        return value if value >= 0 else None
    except ValueError:
        pass
    parsed = email.utils.parsedate_tz(ra)
    if parsed is None:
        return None
    return max(0.0, float(email.utils.mktime_tz(parsed)) - now())


@dataclass
class Fault:
    """What the adapter's classifier made of one failed attempt.

    Attributes:
        retry: True when another attempt may succeed (429, 5xx, 529, drop, timeout).
        error: the exception to raise at once when ``retry`` is False (ContextTooLong,
            ProviderAuthError, ...); ignored when ``retry`` is True.
        description: a short text for the give-up message, e.g. "HTTP 529 overloaded_error:
            Overloaded" or "connection dropped (RemoteProtocolError)".
        retry_after_s: the delay the server asked for, in seconds, if any.
    """

    retry: bool
    error: BaseException | None = None
    description: str = ""
    retry_after_s: float | None = None


@dataclass
class RetryPolicy:
    """How often and how long to retry.

    Attributes:
        max_retries: retries after the first attempt (so at most ``max_retries + 1`` requests).
        base_s: the first backoff ceiling in seconds; retry ``n`` waits up to ``base_s * 2**n``.
        cap_s: the largest backoff ceiling in seconds (``max_backoff_s`` in settings).
        retry_after_cap_s: the longest server-requested ``Retry-After`` honoured, in seconds;
            a longer request is shortened to this.
        sleep: the sleep function (seconds); tests inject a recorder.
        rng: the random source for jitter; tests may seed it.
        sleeps: every delay slept so far, in seconds, in order (for reports and tests).
    """

    max_retries: int = 6
    base_s: float = 1.0
    cap_s: float = 30.0
    retry_after_cap_s: float = 60.0
    sleep: Callable[[float], Any] = time.sleep
    rng: random.Random = field(default_factory=random.Random)
    sleeps: list[float] = field(default_factory=list)

    def backoff(self, retry_index: int, retry_after_s: float | None = None) -> float:
        """The delay in seconds before retry ``retry_index`` (0-based).

        A server-requested delay wins (capped at ``retry_after_cap_s``); otherwise full jitter,
        ``uniform(0, min(cap_s, base_s * 2**retry_index))``.
        """
        if retry_after_s is not None:
            return min(max(0.0, retry_after_s), self.retry_after_cap_s)
        ceiling = min(self.cap_s, self.base_s * (2 ** min(retry_index, 62)))
        return self.rng.uniform(0.0, max(0.0, ceiling))

    def run(
        self,
        attempt: Callable[[], T],
        classify: Callable[[BaseException], Fault],
        *,
        what: str,
    ) -> T:
        """Call ``attempt()`` until it returns, retrying the faults ``classify`` marks retryable.

        Args:
            attempt: one request; returns the result or raises.
            classify: maps an exception from ``attempt`` to a :class:`Fault`. Exceptions it
                marks non-retryable are raised as ``fault.error`` (or re-raised as they are when
                ``fault.error`` is None).
            what: names the request in the give-up message, e.g. "anthropic claude-sonnet-5-5".

        Returns:
            whatever ``attempt()`` returned.

        Raises:
            ProviderUnavailable: still failing after ``max_retries + 1`` attempts; the message
                names the last fault and the number of attempts.
            the classifier's error: a non-retryable fault, raised at once.
        """
        attempts = 0
        while True:
            attempts += 1
            try:
                return attempt()
            except Exception as exc:  # noqa: BLE001 - the classifier decides
                fault = classify(exc)
                if not fault.retry:
                    if fault.error is None or fault.error is exc:
                        raise
                    raise fault.error from exc
                if attempts > self.max_retries:
                    raise ProviderUnavailable(
                        f"{what}: gave up after {attempts} attempt(s); last error: "
                        f"{fault.description or type(exc).__name__}"
                    ) from exc
                delay = self.backoff(attempts - 1, fault.retry_after_s)
                self.sleeps.append(delay)
                self.sleep(delay)
