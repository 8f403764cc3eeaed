"""Prices of hosted models, and the cost of one model call.

All prices are US dollars per million tokens (USD / MTok), in four categories, as the providers
publish them: fresh input, output, cache reads (hits) and cache writes. Usage follows fixloop's
reply shape (:data:`fixloop.types.Model`): ``input_tokens`` are the uncached input tokens,
``cache_read_input_tokens`` and ``cache_creation_input_tokens`` are counted apart (Anthropic
reports them that way; the OpenAI adapter subtracts ``cached_tokens`` from ``prompt_tokens`` so the
categories never overlap).

Sources, read on 2026-11-30 (verify before relying on a bill):

- Anthropic: the model overview pages and the pricing page at
  https://platform.claude.com/docs/en/about-claude/pricing (5-minute cache writes are used as the
  write price; fixloop only asks for 5-minute ``ephemeral`` caching). Sonnet 5.5 cache reads were
  cut to $0.10 on 2026-10-07. Claude Haiku 5.5 is priced in two bands by prompt length (input +
  cache reads + cache writes): up to 100,000 tokens, and over.
- OpenAI: https://developers.openai.com/api/docs/pricing (Standard tier), as reported by secondary
  sources that read it in 2026 (the page itself was not reachable from here); the GPT-5.6 rates
  are OpenAI's announced ones (Sol/Terra/Luna), with cache reads at the announced 90% discount and
  cache writes at the announced 1.25x input. For older models OpenAI bills no cache-write
  surcharge, so ``cache_write`` equals ``input`` there.

Overrides: a ``prices`` setting (a dict ``{model: {"input", "output", "cache_read",
"cache_write", optional "long_prompt": {"threshold_tokens", ...four rates}}}`` or the path of a
JSON file holding such a dict), and the file named by ``FIXLOOP_PRICES_FILE``. Overrides replace
the built-in entry for that model. ``cache_read`` and ``cache_write`` default to ``input`` when
left out (a conservative guess: never cheaper than fresh input).

A model with no price gives ``cost_usd(...) is None`` ("cost unknown"), never an exception.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fixloop.errors import ConfigError

PRICES_CHECKED = "2026-11-30"
PRICES_FILE_ENV = "FIXLOOP_PRICES_FILE"


@dataclass(frozen=True)
class Price:
    """Rates for one model, USD per million tokens.

    Attributes:
        input: fresh (uncached) input tokens.
        output: output tokens (including any thinking/reasoning tokens the provider bills).
        cache_read: cache hits.
        cache_write: cache writes (5-minute TTL for Anthropic).
        long_prompt_threshold: when set, a call whose prompt (input + cache reads + cache
            writes) exceeds this many tokens is billed entirely at ``long_prompt`` rates.
        long_prompt: the rates above the threshold.
        source: where the figures come from.
    """

    input: float
    output: float
    cache_read: float
    cache_write: float
    long_prompt_threshold: int | None = None
    long_prompt: Price | None = None
    source: str = ""

    def cost(self, usage: Mapping[str, Any]) -> float:
        """The cost in USD of one call with this ``usage`` (token counts; missing keys are 0)."""
        inp = _count(usage, "input_tokens")
        out = _count(usage, "output_tokens")
        cr = _count(usage, "cache_read_input_tokens")
        cw = _count(usage, "cache_creation_input_tokens")
        rates = self
        if (
            self.long_prompt is not None
            and self.long_prompt_threshold is not None
            and inp + cr + cw > self.long_prompt_threshold
        ):
            rates = self.long_prompt
        total = (
            inp * rates.input + out * rates.output + cr * rates.cache_read + cw * rates.cache_write
        )
        return total / 1_000_000


def _count(usage: Mapping[str, Any], key: str) -> int:
    value = usage.get(key) or 0
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 0


_ANTHROPIC = "platform.claude.com model pages and pricing page, read " + PRICES_CHECKED
_OPENAI = "developers.openai.com/api/docs/pricing, read " + PRICES_CHECKED


def _p(inp: float, out: float, read: float, write: float, source: str, **kw: Any) -> Price:
    return Price(inp, out, read, write, source=source, **kw)


#: The built-in table: model id -> :class:`Price`. Dated snapshot ids (``-20250929``,
#: ``-2025-08-07``) fall back to their alias.
PRICES: dict[str, Price] = {
    # Anthropic (5-minute cache write price; cache read = "cache hits and refreshes")
    "claude-fable-5-1": _p(10, 50, 0.25, 12.5, _ANTHROPIC),
    "claude-mythos-5-1": _p(10, 50, 0.25, 12.5, _ANTHROPIC),
    "claude-fable-5": _p(10, 50, 1.0, 12.5, _ANTHROPIC),
    "claude-mythos-5": _p(10, 50, 1.0, 12.5, _ANTHROPIC),
    "claude-opus-5-5": _p(4, 20, 0.20, 5.0, _ANTHROPIC),
    "claude-opus-5": _p(5, 25, 0.50, 6.25, _ANTHROPIC),
    "claude-opus-4-8": _p(5, 25, 0.50, 6.25, _ANTHROPIC),
    "claude-opus-4-7": _p(5, 25, 0.50, 6.25, _ANTHROPIC),
    "claude-opus-4-6": _p(5, 25, 0.50, 6.25, _ANTHROPIC),
    "claude-opus-4-5": _p(5, 25, 0.50, 6.25, _ANTHROPIC),
    "claude-sonnet-5-5": _p(2, 10, 0.10, 2.5, _ANTHROPIC),
    "claude-sonnet-5": _p(2, 10, 0.20, 2.5, _ANTHROPIC),
    "claude-sonnet-4-6": _p(3, 15, 0.30, 3.75, _ANTHROPIC),
    "claude-sonnet-4-5": _p(3, 15, 0.30, 3.75, _ANTHROPIC),
    "claude-haiku-5-5": _p(
        0.10,
        0.50,
        0.01,
        0.125,
        _ANTHROPIC,
        long_prompt_threshold=100_000,
        long_prompt=_p(0.50, 2.50, 0.05, 0.625, _ANTHROPIC),
    ),
    "claude-haiku-4-5": _p(1, 5, 0.10, 1.25, _ANTHROPIC),
    # OpenAI (Standard tier; automatic caching has no write surcharge)
    "gpt-5.6-sol": _p(5, 30, 0.50, 6.25, _OPENAI),
    "gpt-5.6-terra": _p(2.5, 15, 0.25, 3.125, _OPENAI),
    "gpt-5.6-luna": _p(1, 6, 0.10, 1.25, _OPENAI),
    "gpt-5.5": _p(5, 30, 0.50, 5, _OPENAI),
    "gpt-5.4": _p(2.5, 15, 0.25, 2.5, _OPENAI),
    "gpt-5.4-mini": _p(0.75, 4.5, 0.075, 0.75, _OPENAI),
    "gpt-5.2": _p(1.75, 14, 0.175, 1.75, _OPENAI),
    "gpt-5.1": _p(1.25, 10, 0.125, 1.25, _OPENAI),
    "gpt-5": _p(1.25, 10, 0.125, 1.25, _OPENAI),
    "gpt-5-mini": _p(0.25, 2, 0.025, 0.25, _OPENAI),
    "gpt-5-nano": _p(0.05, 0.40, 0.005, 0.05, _OPENAI),
    "gpt-4.1": _p(2, 8, 0.50, 2, _OPENAI),
    "gpt-4.1-mini": _p(0.40, 1.60, 0.10, 0.40, _OPENAI),
    "gpt-4.1-nano": _p(0.10, 0.40, 0.025, 0.10, _OPENAI),
    "o4-mini": _p(1.10, 4.40, 0.275, 1.10, _OPENAI),
}

_DATE_SUFFIX = re.compile(r"-(\d{8}|\d{4}-\d{2}-\d{2})$")


def price_from_dict(model: str, spec: Any, *, source: str = "user override") -> Price:
    """A :class:`Price` from an override entry.

    Args:
        model: the model id (for error messages).
        spec: ``{"input": float, "output": float, optional "cache_read", "cache_write",
            optional "long_prompt": {"threshold_tokens": int, "input", "output", ...}}``,
            USD per million tokens.
        source: recorded on the Price.

    Raises:
        ConfigError: not a mapping, a missing ``input``/``output``, or a non-numeric rate.
    """
    if not isinstance(spec, Mapping):
        raise ConfigError(f"prices[{model!r}]: expected a mapping of rates, got {spec!r}")
    try:
        inp = float(spec["input"])
        out = float(spec["output"])
        read = float(spec.get("cache_read", inp))
        write = float(spec.get("cache_write", inp))
    except KeyError as exc:
        raise ConfigError(
            f"prices[{model!r}]: missing {exc.args[0]!r} (USD per million tokens)"
        ) from None
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"prices[{model!r}]: rates must be numbers ({exc})") from None
    if min(inp, out, read, write) < 0:
        raise ConfigError(f"prices[{model!r}]: rates must not be negative")
    long_spec = spec.get("long_prompt")
    threshold = None
    long_price = None
    if long_spec is not None:
        if not isinstance(long_spec, Mapping) or "threshold_tokens" not in long_spec:
            raise ConfigError(f"prices[{model!r}].long_prompt: needs threshold_tokens and rates")
        threshold = int(long_spec["threshold_tokens"])
        long_price = price_from_dict(model, long_spec, source=source)
    return Price(inp, out, read, write, threshold, long_price, source)


def load_prices(
    overrides: Mapping[str, Any] | str | os.PathLike[str] | None = None,
    *,
    env: Mapping[str, str] | None = None,
) -> dict[str, Price]:
    """The price table: built-ins, then the ``FIXLOOP_PRICES_FILE`` file, then ``overrides``.

    Args:
        overrides: a dict ``{model: rates}`` (see :func:`price_from_dict`) or the path of a JSON
            file holding one.
        env: environment for ``FIXLOOP_PRICES_FILE`` (default ``os.environ``).

    Raises:
        ConfigError: an unreadable or malformed price file or entry.
    """
    env = os.environ if env is None else env
    table = dict(PRICES)
    path = env.get(PRICES_FILE_ENV)
    if path:
        table.update(_read_price_file(path))
    if isinstance(overrides, str | os.PathLike):
        table.update(_read_price_file(overrides))
    elif overrides:
        for model, spec in overrides.items():
            table[str(model)] = price_from_dict(str(model), spec)
    return table


def _read_price_file(path: str | os.PathLike[str]) -> dict[str, Price]:
    p = Path(path).expanduser()
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"price file {p}: cannot read ({exc.strerror or exc})") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"price file {p}: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ConfigError(f"price file {p}: expected a JSON object of model -> rates")
    return {str(m): price_from_dict(str(m), spec, source=f"file {p}") for m, spec in data.items()}


def lookup(model: str, table: Mapping[str, Price] | None = None) -> Price | None:
    """The price of ``model``, or None when unknown.

    Tries the exact id, then without a provider prefix (``anthropic/``, ``openai/``), then
    without a date suffix (``-20250929``, ``-2025-08-07``).
    """
    table = PRICES if table is None else table
    if not model:
        return None
    candidates = [model]
    if "/" in model:
        candidates.append(model.rsplit("/", 1)[1])
    for c in list(candidates):
        stripped = _DATE_SUFFIX.sub("", c)
        if stripped != c:
            candidates.append(stripped)
    for c in candidates:
        if c in table:
            return table[c]
    return None


def cost_usd(
    model: str, usage: Mapping[str, Any], prices: Mapping[str, Price] | None = None
) -> float | None:
    """The cost in USD of one call, or None when the model's price is unknown.

    Args:
        model: the model id the provider billed (the reply's ``model`` field when present).
        usage: ``{"input_tokens", "output_tokens", "cache_read_input_tokens",
            "cache_creation_input_tokens"}`` (missing keys count as 0).
        prices: the table from :func:`load_prices` (default: the built-in :data:`PRICES`).

    Never raises for an unknown model or odd usage values.
    """
    price = lookup(model, prices)
    if price is None:
        return None
    return price.cost(usage)
