"""Variants: one eval, several settings or models, compared side by side.

A variant is a name plus settings for the agent: ``--variant NAME:KEY=VALUE[,KEY=VALUE...]``
(repeatable; ``--variant base:`` is the suite as it is) or a ``[variants]`` table in a TOML file
(``--variants FILE``)::

    [variants.base]
    [variants.nomap]
    repo_map_tokens = 0
    [variants.sonnet]
    model = "anthropic:claude-sonnet-5-5"
    max_steps = 20

Keys: ``model`` (the ``--model`` spec of that variant's runs), every flat key a suite's
``[defaults]`` takes (``max_steps``, ``test_timeout_s``, ...) and the agent's top-level settings
that a run may vary (``gate_repeats``, ``thinking_budget``, ...; see :func:`valid_keys`). An
unknown key is a :class:`fixloop.errors.UsageError` naming the nearest valid one; a value of the
wrong type or out of bounds is refused before any run starts by the child's own settings loader
(:func:`fixloop.eval.agentproc.check_agent_configs`).

A value on the command line is read as a TOML value when it parses as one (``0``, ``1.5``,
``true``, ``"text"``), else as a plain string (``anthropic:claude-sonnet-5-5``).

Metrics per variant (:func:`variant_summary`): resolved runs with a 95% Wilson score interval,
pass@k, plausible-but-overfit runs, cost per resolved task, mean steps, false success claims, and
per task which variants resolved it (:func:`task_matrix`).
"""

from __future__ import annotations

import difflib
import math
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fixloop.errors import UsageError

#: Top-level settings a variant may not set: the eval decides them for every run (the task's
#: test command, the sandbox) or they are not a harness setting to compare (secrets, prices).
EVAL_OWNED = frozenset(
    {"test_cmd", "sandbox", "allow_unsandboxed", "docker_image", "pass_env", "prices", "python"}
)

#: The z value of a two-sided 95% interval (the normal distribution's 97.5th percentile).
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Variant:
    """One variant of an eval.

    Attributes:
        name: the variant's name ("" for the eval's only, unnamed variant when no
            ``--variant`` is given: records and reports then look as without variants).
        model: the ``--model`` spec of its runs.
        settings: agent settings, flat keys (``{"max_steps": 20}``), merged over the suite's
            ``[defaults]``.
    """

    name: str
    model: str
    settings: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The variant as a JSON-ready dict: ``{"name", "model", "settings"}``."""
        return {"name": self.name, "model": self.model, "settings": dict(self.settings)}


def valid_keys() -> list[str]:
    """The keys a variant may set, sorted: ``model``, the flat budget keys, top-level settings.

    Read from :class:`fixloop.config.Settings`, so a setting added there is a valid variant key
    without a change here.
    """
    from fixloop.config import Settings
    from fixloop.eval.suite import _budget_fields, _settings_sections

    sections = _settings_sections()
    top = {k for k in Settings.model_fields if k not in sections and k not in EVAL_OWNED}
    return sorted({"model", *top, *_budget_fields()} - {"test_cmd"})


def check_key(key: str, where: str) -> None:
    """Refuse a key no variant may set.

    Args:
        key: the key.
        where: what to name in the message (``--variant nomap`` or ``FILE [variants.nomap]``).

    Raises:
        UsageError: ``key`` is not in :func:`valid_keys`; the message names the nearest one.
    """
    keys = valid_keys()
    if key in keys:
        return
    close = difflib.get_close_matches(key, keys, n=1, cutoff=0.5)
    hint = f" (did you mean {close[0]!r}?)" if close else f" (valid keys: {', '.join(keys)})"
    raise UsageError(f"{where}: unknown key {key!r}{hint}")


def _value(text: str) -> Any:
    """A command-line value: a TOML value when it parses as one, else the plain string."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def parse_variant(spec: str, default_model: str) -> Variant:
    """Read one ``--variant NAME:KEY=VALUE[,KEY=VALUE...]``.

    Args:
        spec: the option's value; the name ends at the first ``:``; pairs are split on ``,``
            and each at its first ``=`` (so ``model=anthropic:claude`` keeps its colon).
        default_model: the model of a variant that does not set ``model`` (``--model``).

    Returns:
        the :class:`Variant`.

    Raises:
        UsageError: no ``:``, an empty or odd name, a pair without ``=``, an unknown key, or a
            key given twice.
    """
    name, sep, rest = spec.partition(":")
    name = name.strip()
    if not sep:
        raise UsageError(f"--variant {spec!r}: write NAME:KEY=VALUE[,KEY=VALUE...] (or NAME:)")
    _check_name(name, f"--variant {spec!r}")
    settings: dict[str, Any] = {}
    for pair in (p.strip() for p in rest.split(",")):
        if not pair:
            continue
        key, eq, raw = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise UsageError(f"--variant {name}: {pair!r} is not KEY=VALUE")
        check_key(key, f"--variant {name}")
        if key in settings:
            raise UsageError(f"--variant {name}: key {key!r} given twice")
        settings[key] = _value(raw.strip())
    return _make(name, settings, default_model)


def _check_name(name: str, where: str) -> None:
    if not name:
        raise UsageError(f"{where}: the variant has no name")
    if any(ch in name for ch in "/\\\n\t") or name.startswith("."):
        raise UsageError(f"{where}: a variant name may not hold '/', '\\\\' or start with '.'")


def _make(name: str, settings: dict[str, Any], default_model: str) -> Variant:
    model = settings.pop("model", default_model)
    if not isinstance(model, str) or not model.strip():
        raise UsageError(f"variant {name}: model must be a non-empty model spec")
    return Variant(name=name, model=model.strip(), settings=settings)


def load_variants_file(path: Path, default_model: str) -> list[Variant]:
    """The variants of a TOML file's ``[variants]`` table (one sub-table per variant).

    Raises:
        UsageError: the file cannot be read or parsed, has no ``[variants]`` table, a variant
            is not a table, or a key is unknown.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"--variants {path}: {exc}") from None
    table = data.get("variants")
    if not isinstance(table, dict) or not table:
        raise UsageError(f"--variants {path}: no [variants] table (e.g. [variants.base])")
    out: list[Variant] = []
    for name, settings in table.items():
        where = f"{path} [variants.{name}]"
        if not isinstance(settings, dict):
            raise UsageError(f"{where}: must be a table of settings")
        _check_name(name, where)
        for key in settings:
            check_key(key, where)
        out.append(_make(name, dict(settings), default_model))
    return out


def resolve_variants(specs: Sequence[str], file: Path | None, default_model: str) -> list[Variant]:
    """The eval's variants: the file's, then the ``--variant`` options, in order.

    Without either, one unnamed variant with ``default_model`` and no settings.

    Raises:
        UsageError: a bad spec or file (see :func:`parse_variant`), or a name used twice.
    """
    variants = load_variants_file(file, default_model) if file is not None else []
    variants += [parse_variant(s, default_model) for s in specs]
    if not variants:
        return [Variant(name="", model=default_model)]
    seen: set[str] = set()
    for v in variants:
        if v.name in seen:
            raise UsageError(f"variant {v.name!r} is given twice")
        seen.add(v.name)
    return variants


# --------------------------------------------------------------------------------------------
# Metrics
# --------------------------------------------------------------------------------------------


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion.

    (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), with p = successes / n: E. B. Wilson,
    "Probable inference, the law of succession, and statistical inference", JASA 22 (1927);
    recommended over the normal (Wald) interval for small n by Brown, Cai & DasGupta,
    "Interval Estimation for a Binomial Proportion", Statistical Science 16 (2001).

    Args:
        successes: resolved runs, 0 <= successes <= n.
        n: runs.
        z: the normal quantile (default :data:`Z95`, a 95% interval).

    Returns:
        (low, high) in [0, 1]; (0.0, 1.0) when n is 0.

    Raises:
        ValueError: successes out of range.
    """
    if n == 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"wilson_interval needs 0 <= successes <= n (got {successes}, {n})")
    p = successes / n
    denom = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, center - half), min(1.0, center + half))


def variant_of(record: Mapping[str, Any]) -> str:
    """A record's variant name ("" for records written without variants)."""
    return str(record.get("variant") or "")


def variant_summary(
    records: Iterable[Mapping[str, Any]], variants: Sequence[Variant], epochs: int
) -> dict[str, dict[str, Any]]:
    """Per variant, in the given order: the metrics the reports compare.

    Returns:
        ``{name: {"model", "settings", "runs", "resolved_runs", "resolve_rate",
        "resolve_ci95": [low, high] (Wilson), "pass_at_k": {"1": ..}, "overfit_runs",
        "cost_usd", "cost_per_resolved" (None when a cost is unknown or nothing resolved),
        "mean_steps", "false_success_claims", "tasks_resolved" (tasks with a resolved run)}}``.
    """
    from fixloop.eval.metrics import summarize

    by_name: dict[str, list[Mapping[str, Any]]] = {v.name: [] for v in variants}
    for r in records:
        if variant_of(r) in by_name:
            by_name[variant_of(r)].append(r)
    out: dict[str, dict[str, Any]] = {}
    for v in variants:
        s = summarize(by_name[v.name], epochs=epochs)
        lo, hi = wilson_interval(s["resolved_runs"], s["runs"])
        out[v.name] = {
            "model": v.model,
            "settings": dict(v.settings),
            "runs": s["runs"],
            "resolved_runs": s["resolved_runs"],
            "resolve_rate": s["resolve_rate"],
            "resolve_ci95": [lo, hi],
            "pass_at_k": s["pass_at_k"],
            "overfit_runs": s["overfit_runs"],
            "cost_usd": s["cost_usd"],
            "cost_per_resolved": s["cost_per_resolved"],
            "mean_steps": s["mean_steps"],
            "false_success_claims": s["bad"]["false_success_claims"],
            "tasks_resolved": sum(1 for m in s["per_task"].values() if m["resolved"]),
        }
    return out


def task_matrix(
    records: Iterable[Mapping[str, Any]], variants: Sequence[Variant], task_ids: Sequence[str]
) -> dict[str, dict[str, list[int]]]:
    """Per task and variant: ``[resolved runs, runs]`` (``[0, 0]`` when it has no run yet)."""
    out = {t: {v.name: [0, 0] for v in variants} for t in task_ids}
    for r in records:
        cell = out.get(str(r.get("task")), {}).get(variant_of(r))
        if cell is not None:
            cell[1] += 1
            cell[0] += 1 if r.get("resolved") else 0
    return out


__all__ = [
    "EVAL_OWNED",
    "Z95",
    "Variant",
    "check_key",
    "load_variants_file",
    "parse_variant",
    "resolve_variants",
    "task_matrix",
    "valid_keys",
    "variant_of",
    "variant_summary",
    "wilson_interval",
]
