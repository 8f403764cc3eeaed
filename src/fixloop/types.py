"""Data shapes shared across fixloop's modules.

Kept in one small module so that the tools, the sandbox, the test runner, the agent, the gate,
the models and the eval agree on one definition each. Modules may add fields with defaults;
renaming or removing a field is a change to every user of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fixloop.protocols import Runner
    from fixloop.sandbox import Sandbox

# --------------------------------------------------------------------------------------------
# The model interface (../shared/DESIGN.md, "The model interface")
# --------------------------------------------------------------------------------------------

#: A model is ``model(system, messages, tools) -> reply``.
#: ``system`` is the system prompt (str); ``messages`` a list of {"role", "content"} dicts in
#: Anthropic's content-block shape; ``tools`` a list of {"name", "description", "input_schema"}.
#: The reply is {"stop_reason": "tool_use"|"end_turn"|"max_tokens",
#: "content": [{"type": "text", "text"} | {"type": "tool_use", "id", "name", "input"}],
#: "usage": {"input_tokens", "output_tokens", optional "cache_read_input_tokens",
#: "cache_creation_input_tokens", optional "cost_usd" (float, or None when the price is unknown)}}.
#: A tool_use block whose arguments could not be parsed (invalid JSON from a provider) carries
#: "input": {} plus "parse_error": str and "raw_input": str; the agent answers it with an error
#: result showing the tool's schema and never runs it.
Model = Callable[[str, list[dict[str, Any]], list[dict[str, Any]]], dict[str, Any]]


@dataclass
class ModelContext:
    """What the harness hands a model that asks for it (``model.bind(ctx)``, optional).

    Only the offline repair engine uses it: read-only analysis (reading files, coverage and
    candidate screening in a scratch copy through the sandbox). Edits and verdicts still go
    through the tools and the gate.

    Attributes:
        root: the workspace root (the isolated worktree); read it, never write it.
        task: the task text given to the run.
        sandbox: the run's :class:`fixloop.sandbox.Sandbox`.
        runner: the run's test runner (:class:`fixloop.protocols.Runner`).
        scratch_dir: a private folder outside the workspace the model may write to.
        baseline: the baseline :class:`TestReport` (failing tests before any change).
        repair_budget: how the repair engine sizes its budgets (the run's ``[timeouts]``
            settings); None: :class:`RepairBudget`'s defaults.
        targets: the run's ``--target`` node ids (normalized, :class:`fixloop.targets.Targets`),
            empty without targets. With targets, ``baseline`` lists only the targets' failing
            tests, and the repair engine screens against the targets: the baseline's other
            failing tests may stay failing.
        other_failing: with targets, the baseline's failing tests no target covers (the
            engine's screening leaves them out of its full runs); empty without targets.
        deadline: when the run's wall-clock budget ends, a ``time.monotonic()`` value (the
            gate's own deadline: ``budgets.max_wall_s`` from the run's start, and the shared
            budget of ``--attempts``), or None for none. The repair engine ends its analysis
            early enough for the gate to run (:mod:`fixloop.repair.handover`).
    """

    root: Path
    task: str
    sandbox: Sandbox
    runner: Runner
    scratch_dir: Path
    baseline: TestReport | None = None
    repair_budget: RepairBudget | None = None
    targets: tuple[str, ...] = ()
    other_failing: tuple[str, ...] = ()
    deadline: float | None = None


# --------------------------------------------------------------------------------------------
# Sandbox
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """Resource limits for one command in the sandbox.

    A frozen view: a run's limits come from its settings (:meth:`fixloop.config.Settings.to_limits`,
    where the config module says why this stays a dataclass); the defaults here are the only ones.

    Attributes:
        wall_s: wall-clock limit in seconds; the whole process tree is killed after it.
        memory_mb: address-space limit in MiB (RLIMIT_AS) per process.
        nproc: maximum processes (RLIMIT_NPROC / docker pids limit).
        fsize_mb: largest file a process may write, in MiB (RLIMIT_FSIZE).
        output_bytes: most bytes of combined stdout+stderr kept in memory; the rest is
            written to the full log only.
    """

    wall_s: float = 120.0
    memory_mb: int = 4096
    nproc: int = 512
    fsize_mb: int = 256
    output_bytes: int = 8 * 1024 * 1024


@dataclass(frozen=True)
class RepairBudget:
    """How the repair engine sizes its time budgets from what it measures.

    The defaults here are the only ones (``[timeouts]`` settings ``repair_*`` take theirs from
    this class; :meth:`fixloop.config.TimeoutSettings.repair_budget` builds the run's view).
    :class:`fixloop.repair.engine.RepairEngine` derives, per analysis:

    - the traced (localization) run's wall-clock limit: ``trace_factor`` x the run's test-run
      limit, at least ``min_s``; its per-test limit: ``trace_factor`` x the run's per-test
      limit (tracing slows the tests down);
    - the screening runs' per-test limit (``test_factor``, ``test_min_s``);
    - the screening budget: the time to screen ``candidates`` candidates at the measured cost
      of one (``overhead_s`` + the traced run's seconds of the failing tests), spread over the
      screening workers, plus two full suites, within ``[min_s, max_s]``;
    - which tests the traced run runs: all of them when ``trace_factor`` x the baseline's
      seconds fits in ``trace_s``; else the failing tests and the passing tests nearest them,
      as many as fit in ``trace_s`` at the baseline's mean seconds per test.

    Attributes:
        min_s: the floor of both budgets, seconds.
        max_s: the cap of the screening budget, seconds.
        candidates: how many candidates the screening budget is sized for.
        overhead_s: seconds one screened candidate costs beyond its tests (a forked child's
            start, the file writes, pytest's session set-up; about 0.2-0.3 s measured on
            examples/shop with ``ScreenStats``).
        trace_factor: how much slower a test runs under the traced run's line collector.
        test_factor, test_min_s: the screening runs' per-test limit is ``test_factor`` x the
            traced run's slowest test that was not stopped, at least ``test_min_s``, at most the
            run's per-test limit (a candidate that makes a test loop costs that, not more).
        trace_s: the traced run's target seconds: a longer suite is traced on the failing tests
            and the passing tests near them only (:func:`fixloop.repair.budgets.trace_selection`).
    """

    min_s: float = 20.0
    max_s: float = 600.0
    candidates: int = 300
    overhead_s: float = 0.3
    trace_factor: float = 3.0
    test_factor: float = 5.0
    test_min_s: float = 1.0
    trace_s: float = 90.0


@dataclass
class ExecResult:
    """The result of one sandboxed command.

    Attributes:
        returncode: the exit code; negative for a signal; None when killed on timeout.
        output: combined stdout and stderr, decoded as UTF-8 with replacement, at most
            ``Limits.output_bytes`` (head and tail kept when cut).
        timed_out: True when the wall-clock limit killed the process tree.
        duration_s: wall-clock seconds.
        output_truncated: True when ``output`` is not the whole output.
        total_output_bytes: size of the whole output in bytes.
    """

    returncode: int | None
    output: str
    timed_out: bool = False
    duration_s: float = 0.0
    output_truncated: bool = False
    total_output_bytes: int = 0


# --------------------------------------------------------------------------------------------
# Test reports
# --------------------------------------------------------------------------------------------


class Outcome(StrEnum):
    """The class of a test run's outcome. Only ``PASSED`` with at least one test is a pass."""

    PASSED = "passed"
    FAILED = "failed"
    COLLECTION_ERROR = "collection_error"
    NO_TESTS_COLLECTED = "no_tests_collected"
    TIMED_OUT = "timed_out"
    INTERRUPTED = "interrupted"
    INTERNAL_ERROR = "internal_error"
    USAGE_ERROR = "usage_error"


@dataclass
class FailingTest:
    """One failing or erroring test: its node id and a one-line reason."""

    id: str
    reason: str = ""


@dataclass
class RunRecord:
    """What a baseline run recorded about the tests, read back from the runner's channel.

    Attributes:
        test_modules: repository-relative paths of the modules pytest collected tests from
            (doctest-only modules excluded).
        doctest_modules: modules whose doctests pytest collected.
        data_read: repository files the tests opened for reading while a test ran, other than
            Python modules (the data the tests compare against).
        data_written: repository files the run opened for writing (its outputs, e.g. a
            committed ``tests/golden/out.json`` a test asks the code to rewrite): the gate's
            watch lets those change in later runs, whatever line of the change writes them.
        plugins: ``(name, module)`` of every plugin pytest loaded from an entry point.
        provided_names: top-level module names the project's interpreter provides: the
            standard library and every installed distribution's top-level names
            (``importlib.metadata.packages_distributions``).
        test_imports: repository Python modules (not test code) that the tests imported
            directly (a test module or conftest was the first repository frame on the stack);
            :func:`fixloop.testinfra.build_policy` keeps the data-only ones as protected.
        autoloaded: ``(path, during)`` of each repository file Python or pytest loaded by
            itself (no repository code on the stack) before the first test ran; ``during`` is
            the module pytest was collecting then ("" before collection).
        plugin_modules: repository modules registered as pytest plugins by name (a
            conftest's ``pytest_plugins``, ``-p``), not conftests nor entry points: test
            infrastructure (red-team G13).
        swaps: ``(owner, attribute, description)`` of each library, pytest or built-in
            attribute the run replaced (:mod:`fixloop.testrun.inside.auditswaps`); None when
            the run did not record them. The gate's watch reports only the others.
    """

    test_modules: list[str] = field(default_factory=list)
    doctest_modules: list[str] = field(default_factory=list)
    data_read: list[str] = field(default_factory=list)
    data_written: list[str] = field(default_factory=list)
    plugins: list[tuple[str, str]] = field(default_factory=list)
    provided_names: list[str] = field(default_factory=list)
    test_imports: list[str] = field(default_factory=list)
    autoloaded: list[tuple[str, str]] = field(default_factory=list)
    plugin_modules: list[str] = field(default_factory=list)
    swaps: list[tuple[str, str, str]] | None = None


#: Most ids of each list (``skipped_ids``, ``ran_ids``) a report's dict (the trajectory) keeps;
#: the count of all is beside it and the report itself keeps every id.
MAX_IDS_SHOWN = 50


@dataclass
class TestReport:
    """What one test run found, read from JUnit XML (not guessed from text).

    Attributes:
        outcome: the :class:`Outcome`.
        collected, passed, failed, errors, skipped: counts of tests.
        failing: failing and erroring tests, in run order.
        output: the run's output capped for the model (head, tail, failing ids, ``E`` lines and
            pytest's short summary always kept).
        log_path: the full log, outside the workspace; None when nothing ran.
        duration_s: wall-clock seconds.
        signature: a failure signature stable across runs (sorted ids, exception types and
            assertion lines; no timings or addresses), used for loop detection.
        target: the target that was run ("" for the whole suite).
        notice: a message for the model and the user (e.g. "pytest not found: plain runner").
        collection_errors: "file:line: message" strings for collection errors.
        audit: what the gate's in-process watch (:mod:`fixloop.testrun.audit`) found, in a
            reviewer's words: None when the run was not watched, [] when it was and nothing
            reached into the test run.
        record: what the run recorded about the tests (:class:`RunRecord`), only for a run
            asked to record (the baseline); None otherwise.
        hung: node ids of the tests the per-test limit stopped (counted as failed too).
        slowest_s: the longest duration of one test that was not stopped, seconds (JUnit
            ``time``); with ``duration_s`` it sets the limits of later runs
            (:meth:`fixloop.config.TimeoutSettings.derive`).
        hung_s: seconds the stopped tests took in all (left out when limits are derived).
        skipped_ids: the node ids of the skipped tests, in run order (the gate refuses a change
            under which a test that ran at the baseline is skipped, whatever the counts say).
        returncode: the test process's exit code (negative for a signal); None when it was
            killed on timeout or never started.
        ran_ids: the node ids of the tests that ran (passed, failed or errored), in run order,
            an id twice when two tests share it (the gate refuses a change under which a test
            that ran at the baseline is not collected any more). Ids are pytest's own (the
            result stream's), the tree's folder replaced by ``<tree>``
            (:func:`fixloop.testrun.junit.tree_free_id`).
    """

    __test__ = False  # not a pytest test class

    outcome: Outcome
    collected: int = 0
    passed: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    failing: list[FailingTest] = field(default_factory=list)
    output: str = ""
    log_path: str | None = None
    duration_s: float = 0.0
    signature: str = ""
    target: str = ""
    notice: str = ""
    collection_errors: list[str] = field(default_factory=list)
    audit: list[str] | None = None
    record: RunRecord | None = None
    hung: list[str] = field(default_factory=list)
    slowest_s: float = 0.0
    hung_s: float = 0.0
    skipped_ids: list[str] = field(default_factory=list)
    returncode: int | None = None
    ran_ids: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True only when the outcome is ``passed`` and at least one test was collected."""
        return self.outcome == Outcome.PASSED and self.collected > 0

    @property
    def failing_ids(self) -> list[str]:
        """The node ids of the failing tests, in run order."""
        return [f.id for f in self.failing]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        d = asdict(self)
        d["outcome"] = self.outcome.value
        if d.get("record"):  # thousands of names: their count is enough in a trajectory
            d["record"]["provided_names"] = len(self.record.provided_names)  # type: ignore[union-attr]
        for key in ("skipped_ids", "ran_ids"):  # 20,000 subtests: a count and the first few
            ids = d[key]
            d[key] = ids[:MAX_IDS_SHOWN]
            d[key.replace("_ids", "_count")] = len(ids)
        return d


# --------------------------------------------------------------------------------------------
# Tools
# --------------------------------------------------------------------------------------------


@dataclass
class ToolResult:
    """What a tool call gives back to the model.

    Attributes:
        content: the text the model sees (already capped in bytes).
        is_error: True when the call was refused or failed; the text says how to recover.
        kind: a short machine-readable tag for counters, e.g. "ok", "invalid_args",
            "unknown_tool", "path_refused", "protected", "no_match", "multiple_matches",
            "syntax_error", "binary", "tests".
        test_report: the :class:`TestReport` when the tool ran tests.
        changed_path: the workspace-relative path an edit or create changed, else None.
    """

    content: str
    is_error: bool = False
    kind: str = "ok"
    test_report: TestReport | None = None
    changed_path: str | None = None


# --------------------------------------------------------------------------------------------
# The gate's verdict
# --------------------------------------------------------------------------------------------


@dataclass
class Verdict:
    """The gate's decision on one claim of being done.

    Attributes:
        verified: True only when the full pristine run passed with enough tests collected.
        report: the gate's own full-suite :class:`TestReport`.
        tampered: protected files that differed from the base commit (restored) or were new
            (deleted), as workspace-relative POSIX paths.
        new_autoload: new files Python or pytest would load by themselves (deleted).
        reason: one line saying why the claim was accepted or rejected.
        suspicious: constructs the change to the code under test added that reach into the
            test machinery (:class:`fixloop.tamper.Finding` as ``"path:line: construct"``).
        audit: what the in-process watch saw while the gate's tests ran (audit events, a
            broken channel, an exit after the tests), in a reviewer's words; never verified.
        second_opinion: fixloop's own runner's verdict on the baseline's failing tests
            (``"agrees: ..."`` or why it disagrees); "" when it did not run.
        tree: the git tree hash of the candidate commit the gate checked out and tested
            ("" when no gate built one); the run's commit holds exactly this tree.
        left_out: tool-changed paths kept out of the candidate, as ``"path (why)"``.
        still_failing: with ``--target``, the baseline's failing tests that are not targets
            and still fail in the gate's run ("still failing, not a target"); [] otherwise.
    """

    verified: bool
    report: TestReport
    tampered: list[str] = field(default_factory=list)
    new_autoload: list[str] = field(default_factory=list)
    reason: str = ""
    suspicious: list[str] = field(default_factory=list)
    audit: list[str] = field(default_factory=list)
    second_opinion: str = ""
    tree: str = ""
    left_out: list[str] = field(default_factory=list)
    still_failing: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the trajectory's ``gate_verdict`` event)."""
        return {
            "verified": self.verified,
            "reason": self.reason,
            "tampered": list(self.tampered),
            "new_autoload": list(self.new_autoload),
            "suspicious": list(self.suspicious),
            "audit": list(self.audit),
            "second_opinion": self.second_opinion,
            "tree": self.tree,
            "left_out": list(self.left_out),
            "still_failing": list(self.still_failing),
            "report": self.report.to_dict(),
        }


# --------------------------------------------------------------------------------------------
# Run results (the --json object and CodingAgent.run()'s return value)
# --------------------------------------------------------------------------------------------


class RunStatus(StrEnum):
    """How a run ended."""

    VERIFIED = "verified"
    NOT_FIXED = "not_fixed"
    NOTHING_TO_FIX = "nothing_to_fix"
    FLAKY = "flaky"
    BUDGET_EXHAUSTED = "budget_exhausted"
    PROVIDER_UNAVAILABLE = "provider_unavailable"
    ENVIRONMENT = "environment"
    ERROR = "error"
    #: Ctrl-C stopped the run before it reached a verdict (the work so far is kept).
    INTERRUPTED = "interrupted"


@dataclass
class EnvironmentProblem:
    """Why the project's suite cannot run as it should (:func:`fixloop.doctor.diagnose`).

    Found at the baseline, before any model call.

    Attributes:
        kind: ``command_not_found`` | ``usage_error`` | ``missing_module`` | ``submodule`` |
            ``async_plugin`` | ``pytest_too_new`` | ``pytest_warning`` | ``permission`` |
            ``unreadable`` | ``no_tests``.
        cause: one line: what went wrong (quoting pytest where pytest said it).
        fix: one line: what the user should change.
    """

    kind: str
    cause: str
    fix: str


@dataclass
class Counters:
    """Bad-behaviour and error counters of one run."""

    tool_errors: int = 0
    refused_test_edits: int = 0
    false_success_claims: int = 0
    tamper_detected: int = 0
    loop_warnings: int = 0
    truncated_replies: int = 0  # replies the provider cut at the output limit (each billed)


@dataclass
class Usage:
    """Token and cost totals of one run.

    ``cost_usd`` is None when any billed call's price is unknown; ``price_unknown`` is True when a
    provider adapter counted a call of a model with no price as $0 (the total is then too low).
    """

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cost_usd: float | None = 0.0
    reasoning_tokens: int = 0  # a part of output_tokens (OpenAI reasoning models)
    price_unknown: bool = False  # a call of a model with no price was counted as $0

    def add(self, usage: Mapping[str, Any]) -> None:
        """Add one reply's ``usage`` mapping (the keys above; a missing or non-number count is 0).

        ``cost_usd`` becomes None, for good, when a reply has a ``cost_usd`` that is not a
        number, or has billed tokens and no ``cost_usd`` at all.
        """
        self.input_tokens += _count(usage, "input_tokens")
        self.output_tokens += _count(usage, "output_tokens")
        self.cache_read_input_tokens += _count(usage, "cache_read_input_tokens")
        self.cache_creation_input_tokens += _count(usage, "cache_creation_input_tokens")
        self.reasoning_tokens += _count(usage, "reasoning_tokens")
        self.price_unknown |= usage.get("price_unknown") is True
        billed = _count(usage, "input_tokens") + _count(usage, "output_tokens") > 0
        if "cost_usd" in usage:
            cost = usage.get("cost_usd")
            if isinstance(cost, int | float) and not isinstance(cost, bool):
                if self.cost_usd is not None:
                    self.cost_usd += float(cost)
            else:
                self.cost_usd = None
        elif billed:
            self.cost_usd = None


def _count(usage: Mapping[str, Any], key: str) -> int:
    """``usage[key]`` as an int: 0 when missing, a bool or not a number."""
    v = usage.get(key)
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else 0


@dataclass
class RunResult:
    """The result of one ``fixloop fix`` run; ``to_dict()`` is exactly the ``--json`` object."""

    status: RunStatus
    verified: bool
    branch: str | None = None
    base_commit: str | None = None
    head_commit: str | None = None
    verified_commit: str | None = None
    files_changed: list[str] = field(default_factory=list)
    diff: str = ""
    steps: int = 0
    test_runs: int = 0
    verifications: int = 0
    failing_tests: list[str] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    counters: Counters = field(default_factory=Counters)
    trajectory: str | None = None
    summary: str = ""
    stop_reason: str = ""
    model: str = ""
    run_id: str = ""
    worktree: str | None = None
    wall_s: float = 0.0
    environment: EnvironmentProblem | None = None  # status "environment": cause and fix
    # --target: the failing tests the run is about; the baseline's other failing tests that still
    # fail in the last gate run ("still failing, not a target"; fixloop.targets)
    targets: list[str] = field(default_factory=list)
    still_failing_not_target: list[str] = field(default_factory=list)
    # --attempts N: one record per attempt (fixloop.attempts.attempt_record); None for one run
    attempts: list[dict[str, Any]] | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the ``--json`` output)."""
        d = asdict(self)
        d["status"] = self.status.value
        return d
