"""Settings: defaults < user config < repository config < command-line flags.

Sources, in order (later wins, except as limited below):

1. defaults (the field defaults of :class:`Settings`);
2. the user config: ``$FIXLOOP_CONFIG`` if set (it must exist), else
   ``$XDG_CONFIG_HOME/fixloop/config.toml`` (default ``~/.config/fixloop/config.toml``); top-level
   keys;
3. the repository config: ``[tool.fixloop]`` in the target folder's ``pyproject.toml``, then
   ``fixloop.toml`` there (top-level keys; wins over pyproject);
4. command-line overrides (a dict; nested ``{"budgets": {"max_steps": 5}}``, dotted
   ``{"budgets.max_steps": 5}`` or flat ``{"max_steps": 5}`` keys; None values are ignored).

Repository content is data (DESIGN.md rule 5): the repository config can never weaken the
sandbox or raise a budget. It may not set ``sandbox``, ``allow_unsandboxed``, ``docker_image``,
``model``, ``prices``, ``pass_env``, ``allow_edit`` or ``target`` (ignored, with a notice, when
they differ from the user's values); its
budgets, timeouts, tool caps and resource limits are min'ed with the user's (it may lower them);
its ``blocked`` paths are added to the user's (it cannot unblock). ``test_cmd`` and ``python`` it
may set: they run inside the sandbox.

What the components take: the pydantic sections themselves where the component sits above this
module (``budgets`` -> :class:`fixloop.agent.budgets.BudgetMeter`, the model settings ->
:func:`fixloop.models.make_model`). Two sections have a frozen dataclass view instead, built in
one place each (:meth:`Settings.to_limits`, :meth:`Settings.to_caps`): the sandbox's
:class:`fixloop.types.Limits` and the tools' :class:`fixloop.tools.Caps`. They stay plain
dataclasses because their users sit below the settings in the dependency direction (this module
imports the sandbox's ``check_pass_env``, so the sandbox cannot import it back) and are built
without any settings by the eval's scoring, the repair engine, benchmarks and tests; the view
also carries what no config sets (the limits' ``wall_s`` comes from ``timeouts.test_timeout_s``;
the caps' file-size and search bounds are fixed). There is one set of defaults: the sections
take theirs from the dataclasses.

Flat keys naming a unique field of a section (``max_steps`` for ``budgets.max_steps``) are
accepted in every source. Unknown keys and wrong types raise :class:`ConfigError` naming the
file and the key, as one line.
"""

from __future__ import annotations

import difflib
import os
import shlex
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from fixloop.errors import ConfigError
from fixloop.models.pricing import LongPromptSpec, PriceSpec
from fixloop.tools.specs import OPTIONAL_TOOLS, Caps
from fixloop.types import Limits, RepairBudget

SandboxKind = Literal["auto", "bwrap", "docker", "podman", "none"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True, strict=True)


class BudgetSettings(_Strict):
    """Limits of one run, checked before each model call (read by :class:`fixloop.agent.budgets.BudgetMeter`).

    Units: counts, tokens (input + output), US dollars, seconds, bytes of message JSON.
    """

    max_steps: int = Field(default=40, ge=1)
    max_test_runs: int = Field(default=25, ge=0)
    max_verifications: int = Field(default=3, ge=1)
    max_tokens: int = Field(default=2_000_000, ge=1)
    max_cost_usd: float = Field(default=5.0, ge=0)
    max_wall_s: float = Field(default=1800.0, gt=0)
    context_bytes: int = Field(default=400_000, ge=10_000)
    #: tokens of a whole request (messages, system prompt, tool specs) before old tool output is
    #: elided; counted by the provider's own usage figures, estimated before the first reply
    context_tokens: int = Field(default=120_000, ge=2_000)


class TimeoutSettings(_Strict):
    """Time limits (seconds): they scale with the project, measured by its baseline run.

    Nothing is measured before the baseline, so the baseline runs under the caps:
    ``test_timeout_s`` for the whole run and ``per_test_timeout_s`` for each test (a test that
    runs longer is stopped alone, as a failure, by fixloop's pytest plugin, and the rest of the
    suite still reports). Every later run (the model's ``run_tests``, the flaky re-run, the
    gate's runs, the repair engine's) gets limits derived from the baseline by :meth:`derive`,
    with ``B`` the baseline's seconds without the tests the per-test limit stopped and ``T``
    its slowest test that was not stopped:

    - one test run: ``min(test_timeout_s, max(test_timeout_min_s, test_timeout_factor * B))``;
    - one test: ``min(per_test_timeout_s, max(per_test_min_s, per_test_factor * T))``;
    - the repair engine (:class:`fixloop.types.RepairBudget`): its traced run gets
      ``repair_trace_factor`` x the run limit and x the per-test limit, its screening budget
      the time to screen ``repair_candidates`` candidates at their measured cost (plus two
      full suites), within ``[repair_budget_min_s, repair_budget_max_s]`` (the traced run's
      limit has the floor only: the run limit, capped by ``test_timeout_s``, caps it); its screening
      runs stop a test at ``repair_test_factor`` x the traced run's slowest test, at least
      ``repair_test_min_s``, at most the run's per-test limit; a suite whose traced run would
      take longer than ``repair_trace_s`` is traced on the failing tests and the passing tests
      near them only.

    ``model_timeout_s`` is one model request's limit (not a test run).
    """

    test_timeout_s: float = Field(default=1800.0, gt=0)
    test_timeout_factor: float = Field(default=4.0, ge=1)
    test_timeout_min_s: float = Field(default=30.0, gt=0)
    per_test_timeout_s: float = Field(default=120.0, gt=0)
    per_test_factor: float = Field(default=10.0, ge=1)
    per_test_min_s: float = Field(default=10.0, gt=0)
    repair_budget_min_s: float = Field(default=RepairBudget.min_s, gt=0)
    repair_budget_max_s: float = Field(default=RepairBudget.max_s, gt=0)
    repair_candidates: int = Field(default=RepairBudget.candidates, ge=1)
    repair_trace_factor: float = Field(default=RepairBudget.trace_factor, ge=1)
    repair_test_factor: float = Field(default=RepairBudget.test_factor, ge=1)
    repair_test_min_s: float = Field(default=RepairBudget.test_min_s, gt=0)
    repair_trace_s: float = Field(default=RepairBudget.trace_s, gt=0)
    model_timeout_s: float = Field(default=120.0, gt=0)

    def derive(self, baseline_s: float, slowest_s: float) -> DerivedLimits:
        """The limits of the runs after the baseline (formulas in the class docstring).

        Args:
            baseline_s: the baseline run's wall-clock seconds, without the seconds of the tests
                the per-test limit stopped (``TestReport.duration_s - TestReport.hung_s``).
            slowest_s: the longest test of the baseline that was not stopped, seconds
                (``TestReport.slowest_s``).

        Returns:
            the :class:`DerivedLimits` (seconds).
        """
        base = max(0.0, float(baseline_s))
        slow = max(0.0, float(slowest_s))
        run_s = min(
            self.test_timeout_s, max(self.test_timeout_min_s, self.test_timeout_factor * base)
        )
        per_test = min(
            self.per_test_timeout_s, max(self.per_test_min_s, self.per_test_factor * slow)
        )
        return DerivedLimits(
            test_run_s=run_s, per_test_s=min(per_test, run_s), baseline_s=base, slowest_s=slow
        )

    def repair_budget(self) -> RepairBudget:
        """The repair engine's :class:`~fixloop.types.RepairBudget` from these settings."""
        return RepairBudget(
            min_s=self.repair_budget_min_s,
            max_s=max(self.repair_budget_min_s, self.repair_budget_max_s),
            candidates=self.repair_candidates,
            trace_factor=self.repair_trace_factor,
            test_factor=self.repair_test_factor,
            test_min_s=self.repair_test_min_s,
            trace_s=self.repair_trace_s,
        )


@dataclass(frozen=True)
class DerivedLimits:
    """The limits :meth:`TimeoutSettings.derive` computed from one baseline (seconds).

    Attributes:
        test_run_s: wall-clock limit of one test run (the model's, the gate's, the engine's
            screening runs take theirs from it).
        per_test_s: the per-test limit (never above ``test_run_s``).
        baseline_s: the baseline seconds they were derived from.
        slowest_s: the baseline's slowest test (not stopped), seconds.
    """

    test_run_s: float
    per_test_s: float
    baseline_s: float
    slowest_s: float

    def describe(self) -> str:
        """One line for the user: the limits and what they came from."""
        return (
            f"time limits from the baseline ({self.baseline_s:.1f} s, slowest test "
            f"{self.slowest_s:.2f} s): {self.test_run_s:.0f} s per test run, "
            f"{self.per_test_s:.0f} s per test"
        )


class ToolCapSettings(_Strict):
    """Caps on what one tool call returns; the tools take them as :meth:`Settings.to_caps`."""

    result_bytes: int = Field(default=Caps.result_bytes, ge=1_000)
    line_bytes: int = Field(default=Caps.line_bytes, ge=80)
    read_lines: int = Field(default=Caps.read_lines, ge=10)
    search_hits: int = Field(default=Caps.search_hits, ge=1)
    list_entries: int = Field(default=Caps.list_entries, ge=10)
    #: estimated tokens of the repo map in the first message; 0 leaves it out (issue 15)
    repo_map_tokens: int = Field(default=Caps.repo_map_tokens, ge=0, le=50_000)


class LimitSettings(_Strict):
    """Resource limits of sandboxed commands (MiB, counts, bytes); see :meth:`Settings.to_limits`."""

    memory_mb: int = Field(default=Limits.memory_mb, ge=64)
    nproc: int = Field(default=Limits.nproc, ge=8)
    fsize_mb: int = Field(default=Limits.fsize_mb, ge=1)
    output_bytes: int = Field(default=Limits.output_bytes, ge=10_000)


#: One model's rates (USD per million tokens): the same strict pydantic model validates the
#: ``[prices."NAME"]`` tables here and the JSON price files and ``prices=`` dicts the adapters
#: read (:class:`fixloop.models.pricing.PriceSpec`), so ``"3"`` and ``true`` are refused alike.
PriceSettings = PriceSpec
LongPromptPrice = LongPromptSpec


class Settings(_Strict):
    """Every setting of a run.

    Attributes:
        test_cmd: the test command as argv (a string is split like a shell would), or None for
            ``python -m pytest``.
        python: the interpreter for tests, or None to discover it
            (:func:`fixloop.testrun.find_python`: ``.venv``/``venv`` in the checkout, then
            ``$VIRTUAL_ENV``, then fixloop's own).
        pass_env: names of host environment variables passed into the sandbox (user config
            and command line only; secret-looking names are refused).
        sandbox: ``auto`` | ``bwrap`` | ``docker`` | ``podman`` | ``none``.
        allow_unsandboxed: the explicit opt-in to run code under test without a sandbox.
        docker_image: the image for the docker/podman sandbox, or None for the default.
        model: the ``--model`` spec (see :data:`fixloop.models.SPEC_HELP`).
        budgets, timeouts, caps, limits: see their classes.
        blocked: extra paths (glob-ish names) the model may not see, added to the defaults.
        allow_edit: fnmatch globs of files that are not Python source (data, config) the model
            may create or change (rule "source only"); only the user sets them (user config,
            ``--allow-edit``), never the repository.
        prices: model name -> rates, overriding the built-in price table.
        thinking_budget: tokens of extended thinking per turn for Claude models (``--thinking``;
            at least 1024), or None for none.
        disable_tools: view tools to leave out (``repo_map``, ``lint``, ``type_check``,
            ``update_plan``, ``replace_symbol``) and ``edit_lint`` (the lint appended to edit
            results), to measure what helps; the repo map of the first message has its own
            switch, ``repo_map_tokens = 0``.
        gate_repeats: how many times in all the gate runs the baseline's failing tests (the
            full-suite run counts as one); every run must pass. The repository config may not
            set it.
        target: the failing tests the run is about (``--target NODEID``; pytest node ids):
            they must pass, no test that passed at the baseline may fail, and the baseline's
            other failing tests may stay failing (:mod:`fixloop.targets`); [] for every test
            must pass. The repository config may not set it (it would loosen the gate).
    """

    test_cmd: list[str] | None = None
    python: str | None = None
    pass_env: list[str] = Field(default_factory=list)
    sandbox: SandboxKind = "auto"
    allow_unsandboxed: bool = False
    docker_image: str | None = None
    model: str = "auto"
    budgets: BudgetSettings = Field(default_factory=lambda: BudgetSettings())
    timeouts: TimeoutSettings = Field(default_factory=lambda: TimeoutSettings())
    caps: ToolCapSettings = Field(default_factory=lambda: ToolCapSettings())
    limits: LimitSettings = Field(default_factory=lambda: LimitSettings())
    blocked: list[str] = Field(default_factory=list)
    allow_edit: list[str] = Field(default_factory=list)
    prices: dict[str, PriceSettings] = Field(default_factory=dict)
    thinking_budget: int | None = Field(default=None, ge=1024)
    gate_repeats: int = Field(default=3, ge=1, le=20)
    target: list[str] = Field(default_factory=list)
    disable_tools: list[str] = Field(default_factory=list)

    @field_validator("test_cmd", mode="before")
    @classmethod
    def _split_cmd(cls, v: Any) -> Any:
        if isinstance(v, str):
            try:
                v = shlex.split(v)
            except ValueError as e:
                raise ValueError(f"cannot split the command: {e}") from None
        if isinstance(v, list) and not v:
            raise ValueError("the test command is empty")
        return v

    @field_validator("disable_tools", mode="after")
    @classmethod
    def _check_disable_tools(cls, v: list[str]) -> list[str]:
        bad = [x for x in v if x not in OPTIONAL_TOOLS]
        if bad:
            raise ValueError(
                f"cannot turn off {', '.join(map(repr, bad))}: only {', '.join(OPTIONAL_TOOLS)}"
            )
        return v

    @field_validator("pass_env", mode="after")
    @classmethod
    def _check_pass_env(cls, v: list[str]) -> list[str]:
        from fixloop.sandbox.base import check_pass_env

        return check_pass_env(v)

    def to_limits(self) -> Limits:
        """The sandbox :class:`~fixloop.types.Limits` of one test run.

        The wall time is ``timeouts.test_timeout_s`` (the cap; the baseline's limit); the
        session replaces it by the derived limit after the baseline
        (:meth:`TimeoutSettings.derive`).
        """
        return Limits(
            wall_s=self.timeouts.test_timeout_s,
            memory_mb=self.limits.memory_mb,
            nproc=self.limits.nproc,
            fsize_mb=self.limits.fsize_mb,
            output_bytes=self.limits.output_bytes,
        )

    def to_caps(self) -> Caps:
        """The tools' :class:`~fixloop.tools.Caps` (the configurable caps; the rest fixed)."""
        return Caps(**self.caps.model_dump())

    def model_settings(self) -> dict[str, Any]:
        """The ``settings`` mapping for :func:`fixloop.models.make_model` (prices, timeout)."""
        out: dict[str, Any] = {"timeout_s": self.timeouts.model_timeout_s}
        if self.prices:
            out["prices"] = {k: v.model_dump(exclude_none=True) for k, v in self.prices.items()}
        if self.thinking_budget is not None:
            out["thinking_budget"] = self.thinking_budget
        return out

    def summary(self) -> dict[str, Any]:
        """A JSON-ready dict of every setting (for the trajectory's ``run_start``)."""
        return self.model_dump(mode="json")


#: Keys the repository config may not set (they choose where code runs or which model is paid).
REPO_FORBIDDEN = (
    "sandbox",
    "allow_unsandboxed",
    "docker_image",
    "model",
    "prices",
    "thinking_budget",
    "pass_env",
    "gate_repeats",
    "allow_edit",
    "target",
)
#: Sections whose numbers the repository may only lower.
REPO_MIN_SECTIONS = ("budgets", "timeouts", "caps", "limits")

_SECTIONS: dict[str, type[BaseModel]] = {
    "budgets": BudgetSettings,
    "timeouts": TimeoutSettings,
    "caps": ToolCapSettings,
    "limits": LimitSettings,
}


def _flat_aliases() -> dict[str, str]:
    seen: dict[str, list[str]] = {}
    for section, model in _SECTIONS.items():
        for name in model.model_fields:
            seen.setdefault(name, []).append(section)
    return {
        name: secs[0]
        for name, secs in seen.items()
        if len(secs) == 1 and name not in Settings.model_fields
    }


_ALIASES = _flat_aliases()


def _normalize(data: Mapping[str, Any], source: str) -> dict[str, Any]:
    """Turn dotted and flat keys into nested sections; drop None values."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if value is None:
            continue
        key = str(key)
        if "." in key:
            section, _, name = key.partition(".")
            target = out.setdefault(section, {})
            if not isinstance(target, dict):
                raise ConfigError(f"{source}: key {section!r} is given both as a value and a table")
            target[name] = value
        elif key in _ALIASES:
            target = out.setdefault(_ALIASES[key], {})
            if isinstance(target, dict):
                target[key] = value
        elif key in _SECTIONS and isinstance(value, Mapping):
            out.setdefault(key, {})
            if isinstance(out[key], dict):
                out[key].update({k: v for k, v in value.items() if v is not None})
        else:
            out[key] = value
    return out


def _error_text(err: Mapping[str, Any]) -> str:
    loc = ".".join(str(p) for p in err.get("loc", ()))
    if err.get("type") == "extra_forbidden":
        parent: Any = Settings
        parts = [str(p) for p in err.get("loc", ())]
        for p in parts[:-1]:
            field = getattr(parent, "model_fields", {}).get(p)
            ann = getattr(field, "annotation", None) if field else None
            parent = ann if isinstance(ann, type) and issubclass(ann, BaseModel) else None
            if parent is None:
                break
        known = list(getattr(parent, "model_fields", {})) if parent else []
        if parent is Settings:
            known += list(_ALIASES)
        close = difflib.get_close_matches(parts[-1] if parts else "", known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"unknown key {loc!r}{hint}"
    return f"key {loc!r}: {err.get('msg', 'invalid value')}"


def _validate_layer(data: Mapping[str, Any], source: str) -> dict[str, Any]:
    """Validate one source's values; return them normalized (only the keys it set)."""
    norm = _normalize(data, source)
    try:
        model = Settings.model_validate(norm)
    except ValidationError as e:
        errs = e.errors()
        text = "; ".join(_error_text(err) for err in errs[:3])
        more = f" (+{len(errs) - 3} more)" if len(errs) > 3 else ""
        raise ConfigError(f"{source}: {text}{more}") from None
    return model.model_dump(exclude_unset=True)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: not valid TOML: {e}") from None
    except OSError as e:
        raise ConfigError(f"{path}: cannot read: {e.strerror or e}") from None


def user_config_path(env: Mapping[str, str] | None = None) -> Path:
    """The user config file's path.

    The user config file: ``$FIXLOOP_CONFIG``, else ``$XDG_CONFIG_HOME/fixloop/config.toml``, else
    ``~/.config/fixloop/config.toml`` (it may not exist).
    """
    env = os.environ if env is None else env
    if env.get("FIXLOOP_CONFIG"):
        return Path(env["FIXLOOP_CONFIG"]).expanduser()
    base = Path(env["XDG_CONFIG_HOME"]) if env.get("XDG_CONFIG_HOME") else Path.home() / ".config"
    return base / "fixloop" / "config.toml"


def _deep_merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict) and k != "prices":
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def _apply_repo(
    effective: dict[str, Any], repo: Mapping[str, Any], source: str, notices: list[str]
) -> dict[str, Any]:
    out = dict(effective)
    for key, value in repo.items():
        if key in REPO_FORBIDDEN:
            if value != effective.get(key):
                notices.append(
                    f"{source}: {key} = {value!r} ignored: a repository's config cannot change "
                    + (
                        "the model, its prices or its thinking budget"
                        if key in ("model", "prices", "thinking_budget")
                        else "what enters the sandbox"
                        if key == "pass_env"
                        else "what the model may edit"
                        if key == "allow_edit"
                        else "what the gate requires"
                        if key == "target"
                        else "the sandbox"
                    )
                )
        elif key in REPO_MIN_SECTIONS:
            section = dict(out[key])
            for name, v in value.items():
                cur = section[name]
                if v > cur:
                    notices.append(
                        f"{source}: {key}.{name} = {v} clamped to {cur}: a repository's config "
                        "may lower budgets and limits, never raise them"
                    )
                else:
                    section[name] = v
            out[key] = section
        elif key == "blocked":
            out[key] = list(dict.fromkeys([*out.get(key, []), *value]))
        else:
            out[key] = value
    return out


def repo_config_files(repo_root: Path) -> list[tuple[Path, dict[str, Any]]]:
    """The repository config sources in ``repo_root``.

    ``(path, raw dict)`` pairs, lowest precedence first (pyproject.toml's ``[tool.fixloop]``, then
    fixloop.toml).

    Raises:
        ConfigError: a file is not valid TOML, or ``[tool.fixloop]`` is not a table.
    """
    found: list[tuple[Path, dict[str, Any]]] = []
    pyproject = repo_root / "pyproject.toml"
    if pyproject.is_file():
        tool = _read_toml(pyproject).get("tool", {})
        section = tool.get("fixloop") if isinstance(tool, dict) else None
        if section is not None:
            if not isinstance(section, dict):
                raise ConfigError(f"{pyproject}: [tool.fixloop] must be a table")
            found.append((pyproject, section))
    ftoml = repo_root / "fixloop.toml"
    if ftoml.is_file():
        found.append((ftoml, _read_toml(ftoml)))
    return found


def load_settings(
    repo_root: Path | str | None = None,
    cli_overrides: Mapping[str, Any] | None = None,
    *,
    env: Mapping[str, str] | None = None,
) -> tuple[Settings, list[str]]:
    """Load the settings of a run from every source (see the module docstring).

    Args:
        repo_root: the folder whose ``pyproject.toml`` / ``fixloop.toml`` are read (the target
            folder); None reads no repository config.
        cli_overrides: values from command-line flags (nested, dotted or flat keys; None values
            mean "not given").
        env: environment for locating the user config (default ``os.environ``).

    Returns:
        ``(settings, notices)``: the validated :class:`Settings` and one line per repository
        value that was ignored or clamped.

    Raises:
        ConfigError: a file is unreadable or not TOML, ``$FIXLOOP_CONFIG`` names a missing file,
            or a source has an unknown key or a wrong type (the message names file and key).
    """
    env = os.environ if env is None else env
    notices: list[str] = []
    effective = Settings().model_dump()

    upath = user_config_path(env)
    if upath.is_file():
        effective = _deep_merge(effective, _validate_layer(_read_toml(upath), str(upath)))
    elif env.get("FIXLOOP_CONFIG"):
        raise ConfigError(f"FIXLOOP_CONFIG names {upath}, which does not exist")

    if repo_root is not None:
        for path, raw in repo_config_files(Path(repo_root)):
            layer = _validate_layer(raw, str(path))
            effective = _apply_repo(effective, layer, str(path), notices)

    if cli_overrides:
        layer = _validate_layer(cli_overrides, "command line")
        if "pass_env" in layer:  # the command line adds to the user's list
            layer["pass_env"] = list(dict.fromkeys([*effective["pass_env"], *layer["pass_env"]]))
        if layer.get("allow_edit"):  # --allow-edit adds to the user config's globs
            layer["allow_edit"] = list(
                dict.fromkeys([*effective["allow_edit"], *layer["allow_edit"]])
            )
        effective = _deep_merge(effective, layer)

    try:
        return Settings.model_validate(effective), notices
    except ValidationError as e:  # combinations only; each layer was valid on its own
        raise ConfigError(f"settings: {_error_text(e.errors()[0])}") from None
