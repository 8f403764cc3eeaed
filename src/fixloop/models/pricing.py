"""Prices of hosted models, and the cost of one model call.

All prices are US dollars per million tokens (USD / MTok), in four categories, as the providers
publish them: fresh input, output, cache reads (hits) and cache writes. Usage follows fixloop's
reply shape (:data:`fixloop.types.Model`): ``input_tokens`` are the uncached input tokens,
``cache_read_input_tokens`` and ``cache_creation_input_tokens`` are counted apart (Anthropic
reports them that way; the OpenAI adapter subtracts ``cached_tokens`` from ``prompt_tokens`` so the
categories never overlap). Reasoning and thinking tokens are part of ``output_tokens``.

Where a price comes from, first match wins (:func:`lookup`):

1. the user's overrides (a ``prices`` setting: a dict ``{model: {"input", "output",
   "cache_read", "cache_write", optional "long_prompt": {"threshold_tokens", ...rates}}}`` or a
   JSON file of one, and the file named by ``FIXLOOP_PRICES_FILE``), validated by
   :class:`PriceSpec`; ``cache_read`` and ``cache_write`` default to ``input`` when left out (a
   conservative guess: never cheaper than fresh input);
2. fixloop's own table :data:`PRICES`, each entry with its source and the date it was read;
3. the genai-prices dataset (pydantic/genai-prices on PyPI, pinned in pyproject.toml; its data
   ships inside the package and is never updated over the network here), which knows many more
   models and providers' own prices (Bedrock's regional endpoints, for example).

Each step tries the id as written, then its variants (:func:`name_variants`): without a router
prefix (``anthropic/``), a Bedrock region and vendor (``us.anthropic.``) and version (``-v1:0``),
a Vertex version (``@20261001``) or a date suffix (``-20250929``, ``-2025-08-07``), and with
``5.5`` written ``5-5`` (and back). A Bedrock-style id asks the dataset for Bedrock's price
before falling back to the first-party one.

A model with no price gives ``cost_usd(...) is None`` ("cost unknown"), never an exception; the
adapters turn that into $0 with a warning, and ``--max-cost`` refuses to start for such a model
unless the user gives a price (``fixloop.models.price_known``).

Sources of :data:`PRICES`, read on 2026-11-30 (verify before relying on a bill):

- Anthropic: the model overview pages and the pricing page at
  https://platform.claude.com/docs/en/about-claude/pricing (5-minute cache writes are used as the
  write price; fixloop only asks for 5-minute ``ephemeral`` caching). Sonnet 5.5 cache reads were
  cut to $0.10 on 2026-10-07. Claude Haiku 5.5 is priced in two bands by prompt length (input +
  cache reads + cache writes): up to 100,000 tokens, and over.
- OpenAI: https://developers.openai.com/api/docs/pricing (Standard tier), as reported by secondary
  sources that read it in 2026 (the page itself was not reachable from here); the GPT-5.6 rates
  are OpenAI's announced ones (Sol/Terra/Luna), with cache reads at the announced 90% discount and
  cache writes at the announced 1.25x input. For older models OpenAI bills no cache-write
  surcharge, so ``cache_write`` equals ``input`` there. genai-prices 0.2.3 lists lower GPT-5.6
  rates (Sol 4/20, Terra 2/12, Luna 0.20/1.20); fixloop keeps the announced ones, the higher.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fixloop.errors import ConfigError

log = logging.getLogger(__name__)

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
        source: where the figures come from (a page, a file, "user override", the dataset).
        checked: the date the figures were read (ISO ``YYYY-MM-DD``), "" when not known.
    """

    input: float
    output: float
    cache_read: float
    cache_write: float
    long_prompt_threshold: int | None = None
    long_prompt: Price | None = None
    source: str = ""
    checked: str = ""

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


_ANTHROPIC = "https://platform.claude.com/docs/en/about-claude/pricing and the model pages"
_OPENAI = "https://developers.openai.com/api/docs/pricing (Standard tier), via 2026 reports"
_OPENAI_56 = "OpenAI's GPT-5.6 announcement (Sol/Terra/Luna rates, cache discounts)"


def _p(inp: float, out: float, read: float, write: float, source: str, **kw: Any) -> Price:
    return Price(inp, out, read, write, source=source, checked=PRICES_CHECKED, **kw)


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
    "gpt-5.6-sol": _p(5, 30, 0.50, 6.25, _OPENAI_56),
    "gpt-5.6-terra": _p(2.5, 15, 0.25, 3.125, _OPENAI_56),
    "gpt-5.6-luna": _p(1, 6, 0.10, 1.25, _OPENAI_56),
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
#: Bedrock ids: an optional region or ``global`` group, the vendor, the model, a version.
_BEDROCK = re.compile(r"^(?:[a-z]{2,6}(?:-[a-z]+)?\.)?(?:anthropic|openai|meta|amazon)\.")
_VERSION_SUFFIX = re.compile(r"-v\d+(?::\d+)?$")


# ----------------------------------------------------------------------------------------
# Overrides, validated
# ----------------------------------------------------------------------------------------


class _StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class LongPromptSpec(_StrictModel):
    """Rates (USD per million tokens) for calls whose prompt exceeds ``threshold_tokens``."""

    threshold_tokens: int = Field(ge=1)
    input: float = Field(ge=0)
    output: float = Field(ge=0)
    cache_read: float | None = Field(default=None, ge=0)
    cache_write: float | None = Field(default=None, ge=0)


class PriceSpec(_StrictModel):
    """One model's price override, USD per million tokens.

    Strict: a rate is a number (``"3"`` and ``true`` are refused), never negative; unknown keys
    are refused; ``cache_read``/``cache_write`` default to ``input``. The same model validates
    the ``[prices."NAME"]`` tables of the user's config and the JSON price files.
    """

    input: float = Field(ge=0)
    output: float = Field(ge=0)
    cache_read: float | None = Field(default=None, ge=0)
    cache_write: float | None = Field(default=None, ge=0)
    long_prompt: LongPromptSpec | None = None

    def to_price(self, *, source: str, checked: str = "") -> Price:
        """The :class:`Price` these rates make."""
        long = None
        if self.long_prompt is not None:
            lp = self.long_prompt
            long = Price(
                lp.input,
                lp.output,
                lp.input if lp.cache_read is None else lp.cache_read,
                lp.input if lp.cache_write is None else lp.cache_write,
                source=source,
                checked=checked,
            )
        return Price(
            self.input,
            self.output,
            self.input if self.cache_read is None else self.cache_read,
            self.input if self.cache_write is None else self.cache_write,
            self.long_prompt.threshold_tokens if self.long_prompt else None,
            long,
            source,
            checked,
        )


def _validation_text(model: str, err: ValidationError) -> str:
    parts = []
    for e in err.errors()[:3]:
        where = ".".join(str(x) for x in e.get("loc", ()))
        got = e.get("input")
        shown = "" if isinstance(got, Mapping) else f" (got {got!r})"
        parts.append(f"prices[{model!r}]{'.' + where if where else ''}: {e.get('msg')}{shown}")
    return "; ".join(parts)


def price_from_dict(model: str, spec: Any, *, source: str = "user override") -> Price:
    """A :class:`Price` from an override entry, validated by :class:`PriceSpec`.

    Args:
        model: the model id (for error messages).
        spec: ``{"input": float, "output": float, optional "cache_read", "cache_write",
            optional "long_prompt": {"threshold_tokens": int, "input", "output", ...}}``,
            USD per million tokens; a :class:`PriceSpec` is taken as it is.
        source: recorded on the Price.

    Raises:
        ConfigError: not a mapping, a missing ``input``/``output``, a rate that is not a number
            (``"3"``, ``true``) or is negative, a bad ``threshold_tokens``, or an unknown key; the
            message names the model and the key.
    """
    if isinstance(spec, PriceSpec):
        return spec.to_price(source=source)
    if not isinstance(spec, Mapping):
        raise ConfigError(f"prices[{model!r}]: expected a table of rates, got {spec!r}")
    try:
        parsed = PriceSpec.model_validate(dict(spec))
    except ValidationError as exc:
        raise ConfigError(_validation_text(model, exc)) from None
    return parsed.to_price(source=source)


class PriceTable(dict[str, Price]):
    """The price table: model id -> :class:`Price`, remembering which ids the user priced.

    Attributes:
        overridden: the ids whose price came from the user (settings or a price file).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.overridden: set[str] = set()


def load_prices(
    overrides: Mapping[str, Any] | str | os.PathLike[str] | None = None,
    *,
    env: Mapping[str, str] | None = None,
) -> PriceTable:
    """The price table: built-ins, then the ``FIXLOOP_PRICES_FILE`` file, then ``overrides``.

    Args:
        overrides: a dict ``{model: rates}`` (see :func:`price_from_dict`) or the path of a JSON
            file holding one.
        env: environment for ``FIXLOOP_PRICES_FILE`` (default ``os.environ``).

    Returns:
        a :class:`PriceTable` (the dataset fallback is consulted by :func:`lookup`, not copied).

    Raises:
        ConfigError: an unreadable or malformed price file or entry.
    """
    env = os.environ if env is None else env
    table = PriceTable(PRICES)
    user: dict[str, Price] = {}
    path = env.get(PRICES_FILE_ENV)
    if path:
        user.update(_read_price_file(path))
    if isinstance(overrides, str | os.PathLike):
        user.update(_read_price_file(overrides))
    elif overrides:
        for model, spec in overrides.items():
            user[str(model)] = price_from_dict(str(model), spec)
    table.update(user)
    table.overridden = set(user)
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
    out = {}
    for m, spec in data.items():
        try:
            out[str(m)] = price_from_dict(str(m), spec, source=f"file {p}")
        except ConfigError as exc:
            raise ConfigError(f"price file {p}: {exc}") from None
    return out


# ----------------------------------------------------------------------------------------
# Names
# ----------------------------------------------------------------------------------------


def name_variants(model: str) -> Iterator[str]:
    """The ids a model name may be priced under, most specific first, without repeats.

    ``"us.anthropic.claude-sonnet-5-5-20261001-v1:0"`` gives itself, then
    ``"claude-sonnet-5-5-20261001"``, ``"claude-sonnet-5-5"``; ``"anthropic/claude-sonnet-5.5"``
    gives ``"claude-sonnet-5.5"`` and ``"claude-sonnet-5-5"``; ``"claude-sonnet-5-5@20261001"``
    gives ``"claude-sonnet-5-5"``; ``"gpt-5-5"`` gives ``"gpt-5.5"``.
    """
    seen: set[str] = set()

    def once(name: str) -> Iterator[str]:
        if name and name not in seen:
            seen.add(name)
            yield name

    yield from once(model)
    base = model.strip().lower().rsplit("/", 1)[-1]
    base = _BEDROCK.sub("", base).split("@", 1)[0]
    base = _VERSION_SUFFIX.sub("", base)
    base = re.sub(r":(?:latest|beta)$", "", base)
    for name in (base, _DATE_SUFFIX.sub("", base)):
        yield from once(name)
        if name.startswith("claude-"):  # Anthropic writes versions with dashes
            yield from once(re.sub(r"(?<=\d)\.(?=\d)", "-", name))
        if name.startswith(("gpt-", "o")):  # OpenAI with dots
            yield from once(re.sub(r"(?<=gpt-\d)-(?=\d\b)", ".", name))


def _is_bedrock(model: str) -> bool:
    return bool(_BEDROCK.match(model.strip().lower().rsplit("/", 1)[-1]))


# ----------------------------------------------------------------------------------------
# The dataset fallback (genai-prices)
# ----------------------------------------------------------------------------------------

#: The genai-prices release pinned in pyproject.toml, and the month it was published.
DATASET = "genai-prices"
DATASET_RELEASED = "2026-11"


@dataclass(frozen=True)
class DatasetPrice:
    """A price found in the genai-prices dataset.

    :meth:`cost` asks the dataset each time, so its tiers (long prompts) and dated price changes
    apply.

    Attributes:
        model_ref: the id asked for; provider_id: the dataset's provider (``aws`` for Bedrock)
        or None to let the dataset choose; matched: the dataset's own model id; source; checked.
    """

    model_ref: str
    provider_id: str | None
    matched: str
    source: str
    checked: str

    def cost(self, usage: Mapping[str, Any]) -> float:
        """The cost in USD of one call with this ``usage`` (fixloop's categories)."""
        calc = _dataset_calc(self.model_ref, self.provider_id, usage)
        return 0.0 if calc is None else float(calc.total_price)


def _dataset_calc(model: str, provider_id: str | None, usage: Mapping[str, Any]) -> Any:
    try:
        import genai_prices
    except ImportError:  # declared in pyproject.toml; a broken install costs "unknown"
        return None
    inp = _count(usage, "input_tokens")
    cr = _count(usage, "cache_read_input_tokens")
    cw = _count(usage, "cache_creation_input_tokens")
    # the dataset counts cache reads and writes inside input_tokens
    u = genai_prices.Usage(
        input_tokens=inp + cr + cw,
        cache_read_tokens=cr,
        cache_write_tokens=cw,
        output_tokens=_count(usage, "output_tokens"),
    )
    try:
        if provider_id:
            return genai_prices.calc_price(u, model, provider_id=provider_id)
        return genai_prices.calc_price(u, model)
    except (LookupError, ValueError):
        return None


#: What may follow a model's name and still be that model: a date, ``latest``, a version tag.
_VERSION_TAIL = re.compile(r"(?:-latest|-\d{8}|-\d{4}-\d{2}-\d{2}|@[\w.:-]+|-v\d+(?::\d+)?)+$")
#: Region and vendor segments in front of a Bedrock-style id (``us.anthropic.``).
_ROUTE_HEAD = re.compile(r"^(?:[a-z-]+\.)+")


def same_model(asked: str, matched: str) -> bool:
    """Whether the dataset's ``matched`` id names the model ``asked`` for, not a neighbour.

    genai-prices matches a name by its start, so ``claude-sonnet-4-5x`` (a typo) would get
    ``claude-sonnet-4-5``'s price and ``--max-cost`` would accept it. A match counts only when
    the two names are equal once region/vendor heads (``us.anthropic.``) and version tails (a
    date, ``-latest``, ``@...``, ``-v2:0``) are taken off.

    Args:
        asked: the name fixloop looked up (one of :func:`name_variants`).
        matched: the id of the model the dataset answered with.

    Returns:
        True when both name the same model.
    """

    def core(name: str) -> str:
        return _VERSION_TAIL.sub("", _ROUTE_HEAD.sub("", name.lower()))

    return core(asked) == core(matched)


def dataset_lookup(model: str) -> DatasetPrice | None:
    """The genai-prices price of ``model`` (Bedrock's for a Bedrock-style id), or None."""
    names = list(name_variants(model))
    tries: list[tuple[str, str | None]] = []
    if _is_bedrock(model):  # Bedrock's own price (its regional endpoints cost more)
        tries += [(name, "aws") for name in names]
    tries += [(name, None) for name in names]
    for ref, provider in tries:
        calc = _dataset_calc(ref, provider, {"input_tokens": 1})
        if calc is None or not same_model(ref, str(calc.model.id)):
            continue
        try:
            version = metadata.version(DATASET)
        except metadata.PackageNotFoundError:  # pragma: no cover - imported above
            version = "?"
        return DatasetPrice(
            ref,
            provider,
            str(calc.model.id),
            f"{DATASET} {version} dataset ({calc.provider.id}: {calc.model.id})",
            DATASET_RELEASED,
        )
    return None


# ----------------------------------------------------------------------------------------
# Lookup and cost
# ----------------------------------------------------------------------------------------


def lookup(
    model: str, table: Mapping[str, Price] | None = None, *, dataset: bool = True
) -> Price | DatasetPrice | None:
    """The price of ``model``, or None when unknown (see the module docstring for the order).

    Args:
        model: a model id as a provider or router names it.
        table: the table from :func:`load_prices` (default: the built-in :data:`PRICES`).
        dataset: False to leave the genai-prices dataset out.
    """
    table = PRICES if table is None else table
    if not model:
        return None
    variants = list(name_variants(model))
    overridden: set[str] = getattr(table, "overridden", set())
    for name in variants:  # the user's word first
        if name in overridden:
            return table[name]
    if model in table:
        return table[model]
    if dataset and _is_bedrock(model):
        found = dataset_lookup(model)
        if found is not None and found.provider_id == "aws":
            return found
    for name in variants:
        if name in table:
            return table[name]
    return dataset_lookup(model) if dataset else None


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
