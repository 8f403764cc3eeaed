"""Model adapters and the ``--model`` spec parser.

A model is any callable ``model(system, messages, tools) -> reply`` (see :data:`fixloop.types.Model`).
Specs understood by :func:`make_model`:

- ``auto`` (default): Anthropic if ``ANTHROPIC_API_KEY`` is set, else OpenAI if ``OPENAI_API_KEY`` or
  ``OPENAI_BASE_URL`` is set, else the offline ``repair`` engine.
- ``repair``: the offline generate-and-validate repair engine (no key, no network).
- ``script:FILE``: a JSON list of replies played in order (tool ids may be left out); also
  ``script:FOLDER`` holding one ``*.json`` script (several scripts need ``--attempts``).
- ``replay:TRAJECTORY``: the model replies recorded in a trajectory, played back.
- ``anthropic:NAME``, ``openai:NAME``, ``openai-compatible:NAME@BASE_URL``, ``ollama:NAME``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fixloop.errors import UsageError

SPEC_HELP = (
    "auto | repair | script:FILE | replay:TRAJECTORY | anthropic:NAME | openai:NAME | "
    "openai-compatible:NAME@BASE_URL | ollama:NAME"
)

OLLAMA_BASE_URL = "http://localhost:11434/v1"


@dataclass
class ModelChoice:
    """The resolved model: the callable, its display name and why it was chosen."""

    model: Any
    name: str
    reason: str


def check_spec(spec: str) -> None:
    """Check the form of a ``--model`` spec, with no key, file or network needed.

    What :func:`make_model` refuses before it builds anything: an unknown kind, ``script:`` or
    ``replay:`` with no file, ``openai-compatible:`` with no ``@BASE_URL``, ``ollama:`` with no
    name. ``fixloop eval`` checks every variant's spec so before any run starts (a bogus spec
    was one failed run per task, recorded in ``runs.jsonl``, and the eval's exit code 0).

    Raises:
        UsageError: the one-line message ``fixloop fix`` gives for the same spec.
    """
    spec = (spec or "auto").strip()
    kind, _, arg = spec.partition(":")
    if spec == "auto" or kind in ("repair", "anthropic", "openai"):
        return
    if kind in ("script", "replay"):
        if not arg:
            raise UsageError(f"--model {kind}: needs a file, as in {kind}:PATH")
        return
    if kind == "openai-compatible":
        _name, sep, url = arg.partition("@")
        if not sep or not url:
            raise UsageError("--model openai-compatible: use openai-compatible:NAME@BASE_URL")
        return
    if kind == "ollama":
        if not arg:
            raise UsageError("--model ollama: name the model, as in ollama:qwen2.5-coder")
        return
    raise UsageError(f"unknown --model {spec!r}; expected {SPEC_HELP}")


def make_model(
    spec: str = "auto",
    *,
    env: Mapping[str, str] | None = None,
    settings: Mapping[str, Any] | None = None,
) -> ModelChoice:
    """Build the model a ``--model`` spec names.

    Args:
        spec: one of the forms in :data:`SPEC_HELP`.
        env: environment to read keys from (default ``os.environ``).
        settings: extra adapter settings (``prices``, ``max_retries``, ``timeout_s``, ``base_url``,
            repair engine budgets); unknown keys are ignored by adapters that do not use them.

    Returns:
        a :class:`ModelChoice`.

    Raises:
        UsageError: an unknown spec form or a missing argument, or a ``thinking_budget`` for a
            model that is not Claude (exit code 2).
    """
    env = os.environ if env is None else env
    settings = dict(settings or {})
    spec = (spec or "auto").strip()
    check_spec(spec)
    kind, _, arg = spec.partition(":")

    if spec == "auto":
        if env.get("ANTHROPIC_API_KEY"):
            choice = make_model("anthropic:", env=env, settings=settings)
            return ModelChoice(choice.model, choice.name, "ANTHROPIC_API_KEY is set")
        if env.get("OPENAI_API_KEY") or env.get("OPENAI_BASE_URL"):
            choice = make_model("openai:", env=env, settings=settings)
            why = "OPENAI_API_KEY is set" if env.get("OPENAI_API_KEY") else "OPENAI_BASE_URL is set"
            return ModelChoice(choice.model, choice.name, why)
        choice = make_model("repair", env=env, settings=settings)
        return ModelChoice(
            choice.model, choice.name, "no provider configured: using the offline repair engine"
        )

    if kind == "repair":
        from fixloop.models.repair import RepairModel

        return ModelChoice(RepairModel(**settings.get("repair", {})), "repair", "asked for")
    if kind == "script":
        from fixloop.models.scripted import ScriptedModel, one_script

        return ModelChoice(ScriptedModel.from_path(one_script(arg)), spec, "asked for")
    if kind == "replay":
        from fixloop.models.scripted import ReplayModel

        return ModelChoice(ReplayModel.from_path(arg), spec, "asked for")
    if settings.get("thinking_budget") and kind not in ("anthropic", "auto"):
        raise UsageError(
            f"--thinking works with Claude models (anthropic:NAME), not with --model {spec}"
        )
    if kind == "anthropic":
        from fixloop.models.anthropic_model import AnthropicModel

        m = AnthropicModel(arg or None, env=env, **_adapter_settings(settings))
        return ModelChoice(m, f"anthropic:{m.model_name}", "asked for")
    if kind in ("openai", "openai-compatible", "ollama"):
        from fixloop.models.openai_model import OpenAIModel

        name, base_url = arg, settings.get("base_url")
        if kind == "openai-compatible":
            name, _, base_url = arg.partition("@")
        elif kind == "ollama":
            base_url = env.get("OLLAMA_BASE_URL") or OLLAMA_BASE_URL
        om = OpenAIModel(
            name or None,
            env=env,
            base_url=base_url,
            local=kind != "openai",
            **_adapter_settings(settings, drop=("base_url",)),
        )
        return ModelChoice(om, f"{kind}:{om.model_name}", "asked for")
    raise UsageError(f"unknown --model {spec!r}; expected {SPEC_HELP}")  # check_spec says so first


def price_known(model: Any) -> bool:
    """True when the cost of ``model``'s calls is known before a run starts.

    A provider adapter answers through its ``has_price()`` (a price from the user, fixloop's table
    or the genai-prices dataset; or a self-hosted server, which is free). Models that bill nothing
    (``repair``, scripted, replayed, plain callables) are known: their replies carry their own
    usage. ``--max-cost`` refuses to start when this is False and the user gave no price.
    """
    has_price = getattr(model, "has_price", None)
    return bool(has_price()) if callable(has_price) else True


def _adapter_settings(settings: Mapping[str, Any], drop: tuple[str, ...] = ()) -> dict[str, Any]:
    keys = (
        "prices",
        "max_retries",
        "timeout_s",
        "base_url",
        "max_backoff_s",
        "base_backoff_s",
        "retry_after_cap_s",
        "max_output_tokens",
        "thinking_budget",
        "temperature",
    )
    return {k: settings[k] for k in keys if k in settings and k not in drop}
