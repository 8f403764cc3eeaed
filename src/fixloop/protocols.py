"""The seams of one run as typing Protocols, and the shapes that cross them as TypedDicts.

The loop (:mod:`fixloop.agent.loop`) talks to a :class:`Model`, a :class:`ToolBox` and a
:class:`Verifier`; the gate (:mod:`fixloop.gate`) to a :class:`Runner` and an :class:`Isolation`;
the session (:mod:`fixloop.session`) assembles the concrete ones. Each Protocol lists exactly what
its users call, so an editor (and mypy) can follow a call across the seam; the concrete classes
(:class:`fixloop.tools.Tools`, :class:`fixloop.gate.Gate`, :class:`fixloop.testrun.TestRunner`,
:class:`fixloop.vcs.Isolation`) satisfy them structurally, as do the tests' fakes.

The model's reply and the trajectory's events are plain JSON objects; their TypedDicts below name
every key the harness reads or writes (the reply shape is the one of ../shared/DESIGN.md, "The
model interface", in Anthropic's content-block form).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, NotRequired, Protocol, TypedDict, runtime_checkable

from fixloop.types import ModelContext, TestReport, ToolResult, Verdict

# --------------------------------------------------------------------------------------------
# The model's reply
# --------------------------------------------------------------------------------------------

StopReason = Literal["tool_use", "end_turn", "max_tokens", "stop_sequence"]


class ReplyUsage(TypedDict, total=False):
    """Token counts of one model call.

    ``cost_usd`` is None when the price is unknown (the provider adapters send 0.0 and
    ``price_unknown`` True instead). ``reasoning_tokens`` (OpenAI) are a part of ``output_tokens``,
    reported apart.
    """

    input_tokens: int
    output_tokens: int
    cache_read_input_tokens: int
    cache_creation_input_tokens: int
    reasoning_tokens: int
    cost_usd: float | None
    price_unknown: bool


class ContentBlock(TypedDict, total=False):
    """One block of a reply or message.

    ``text``, ``tool_use``, ``tool_result``, ``thinking`` (``thinking``, ``signature``) or
    ``redacted_thinking`` (``data``).

    A ``tool_use`` block whose arguments a provider could not parse carries ``input`` {} plus
    ``parse_error`` and ``raw_input``; the loop answers it with an error and never runs it.
    Thinking blocks go back to the provider unchanged and in their place.
    """

    type: str
    text: str
    id: str
    name: str
    input: Any
    parse_error: str
    raw_input: str
    tool_use_id: str
    content: Any
    is_error: bool
    thinking: str
    signature: str
    data: str


class ReplyTruncation(TypedDict):
    """A reply cut at the output limit, as the provider adapters mark it (its tool calls removed)."""

    output_limit: int
    cut_replies: int
    dropped_tool_calls: list[dict[str, Any]]
    attempts: list[dict[str, Any]]


class ModelReply(TypedDict, total=False):
    """What a model returns: its stop reason, content blocks and usage.

    The provider adapters add ``truncated`` (the reply was cut at the output limit), ``cut_replies``
    (replies cut during this call, each billed) and ``notices`` (what they changed, e.g. a
    parameter).
    """

    stop_reason: str
    content: list[ContentBlock]
    usage: ReplyUsage
    truncated: ReplyTruncation
    cut_replies: int
    notices: list[str]


class Message(TypedDict):
    """One message of the conversation: a role and a string or a list of blocks."""

    role: Literal["user", "assistant"]
    content: str | list[ContentBlock]


class ToolSpec(TypedDict):
    """A tool as offered to the model: name, description, JSON schema of its input."""

    name: str
    description: str
    input_schema: dict[str, Any]


# --------------------------------------------------------------------------------------------
# The trajectory's events (one JSON object per line; ``type`` and ``t`` are added by the writer)
# --------------------------------------------------------------------------------------------


class RunStartEvent(TypedDict):
    """The first event of a run: what runs where, with which settings."""

    task: str
    model: str
    model_reason: str
    repo: str
    path: str
    worktree: str
    branch: str
    base_commit: str
    in_place: bool
    sandbox: str
    config: dict[str, Any]
    python: NotRequired[str]
    python_origin: NotRequired[str]
    test_cmd: NotRequired[list[str]]


class ModelCallEvent(TypedDict):
    """One model call: the 1-based step, its usage, latency in seconds and the reply."""

    step: int
    usage: dict[str, Any] | None
    latency_s: float
    reply: Any


class ToolCallEvent(TypedDict):
    """A tool call the model made (``parse_error`` when its arguments were not JSON)."""

    id: str
    name: Any
    input: Any
    parse_error: NotRequired[str]


class ToolResultEvent(TypedDict):
    """The answer to a tool call."""

    id: str
    content: str
    is_error: bool
    kind: str
    name: Any


class TestReportEvent(TypedDict):
    """A test run's report (``source`` "tool" for the model's runs, "gate" for the gate's)."""

    report: dict[str, Any]
    source: Literal["tool", "gate"]


class NoticeEvent(TypedDict):
    """A line for the user (budget notes, loop warnings, the stop reason)."""

    text: str


EventType = Literal[
    "run_start",
    "notice",
    "baseline",
    "model_call",
    "tool_call",
    "tool_result",
    "test_report",
    "gate_verdict",
    "run_end",
]


# --------------------------------------------------------------------------------------------
# The seams
# --------------------------------------------------------------------------------------------


class Model(Protocol):
    """A model: ``model(system, messages, tools) -> reply``.

    A call may raise the provider errors of :mod:`fixloop.errors` (``ProviderUnavailable``,
    ``ContextTooLong``).
    """

    def __call__(
        self, system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> Any:
        """One model call: a :class:`ModelReply`-shaped dict (the reply)."""
        ...


@runtime_checkable
class Bindable(Protocol):
    """A model that wants the run's :class:`~fixloop.types.ModelContext` before its first call."""

    def bind(self, ctx: ModelContext) -> None:
        """Receive the run's context (called once)."""


@runtime_checkable
class Briefing(Protocol):
    """A tool box that briefs the model: the repo map first, the plan after each elision."""

    def opening(self, report: TestReport | None) -> str:
        """Text for the first message after the baseline report ("" for none)."""
        ...

    def standing(self) -> str:
        """Text repeated to the model when old tool output is elided ("" for none)."""
        ...


@runtime_checkable
class ToolHost(Protocol):
    """What the loop lends the tools that call the model themselves (``explore``).

    :class:`fixloop.agent.Agent` is one: it attaches itself (``tools.attach(agent)``) before its
    first model call.

    Attributes:
        model: the run's model.
        steps: model calls of the main loop so far (the step a helper's work belongs under).
    """

    model: Model
    steps: int

    def charge(self, usage: Any) -> None:
        """Count one helper reply's ``usage`` toward the run's token and cost budgets."""

    def budget_stop(self) -> str | None:
        """Why no more model call may be made (tokens, cost, wall time used up), or None."""

    def emit(self, type_: str, data: dict[str, Any]) -> None:
        """Write one event to the trajectory and the live display."""


class ToolBox(Protocol):
    """The tools the model may call (:class:`fixloop.tools.Tools`).

    Attributes:
        refused_test_edits: edits of protected test files refused so far.
    """

    refused_test_edits: int

    def specs(self) -> list[dict[str, Any]]:
        """The tool specs offered to the model."""
        ...

    def call(self, name: str, args: Any) -> ToolResult:
        """Run one call; never raises for bad arguments (the result says what went wrong)."""
        ...

    def invalid_call(self, name: str, parse_error: str, raw_input: Any) -> ToolResult:
        """The answer to a call whose arguments could not be parsed (it never runs)."""
        ...


class Verifier(Protocol):
    """The gate (:class:`fixloop.gate.Gate`): the only judge of a claim of being done.

    Attributes:
        baseline: the full-suite report before any change.
    """

    baseline: TestReport

    def verify(self) -> Verdict:
        """Check the work as it is now and return the :class:`~fixloop.types.Verdict`."""
        ...


class Runner(Protocol):
    """Runs tests in the sandbox (:class:`fixloop.testrun.TestRunner`)."""

    def run(
        self,
        target: str | Sequence[str] = "",
        *,
        pristine: bool = False,
        root: Path | None = None,
        writable: bool = False,
        wall_s: float | None = None,
    ) -> TestReport:
        """Run ``target`` ("" for the whole suite, or several node ids) in ``root``.

        ``pristine`` is the gate's mode; ``writable`` lets the tests write into ``root``;
        ``wall_s`` caps this run's wall clock.
        """
        ...


@runtime_checkable
class WatchedRunner(Protocol):
    """A :class:`Runner` that can watch the gate's runs.

    That is :class:`fixloop.testrun.TestRunner`: ``run(..., audit=changed_lines)`` installs the
    audit hook, ``second_opinion`` reruns tests through fixloop's own runner. Test doubles without these get the gate's static checks only.
    """

    def run(
        self,
        target: str | Sequence[str] = "",
        *,
        pristine: bool = False,
        root: Path | None = None,
        audit: dict[str, list[int]] | None = None,
        writable: bool = False,
        wall_s: float | None = None,
    ) -> TestReport:
        """As :meth:`Runner.run`; ``audit`` the changed lines to watch."""
        ...

    def second_opinion(
        self, ids: list[str], *, audit: dict[str, list[int]], root: Path | None = None
    ) -> Any:
        """A :class:`fixloop.testrun.secondopinion.SecondOpinion` on ``ids``."""
        ...


class Checkout(Protocol):
    """What the gate needs of where a run works: the workspace and the base commit."""

    root: Path
    base_commit: str


class Isolation(Protocol):
    """Where a run works and how its change is kept (:class:`fixloop.vcs.Isolation`).

    Attributes:
        repo, root, worktree, source: the repository top, the workspace, the checkout the run
            works in and the folder the user named.
        branch, base_commit: the run's branch ("" in place on a detached HEAD: no branch) and
            the commit it starts from.
        in_place: True when the run works in the user's checkout.
        uncommitted: the user's uncommitted paths, not included.
        original_head: the user's branch (or commit) before an in-place run.
    """

    repo: Path
    root: Path
    worktree: Path
    source: Path
    branch: str
    base_commit: str
    in_place: bool
    uncommitted: list[str]
    original_head: str

    def base_bytes(self, relpath: str) -> bytes | None:
        """A workspace-relative file's bytes at the base commit, None when absent there."""
        ...

    def files_changed(self) -> list[str]:
        """Repository-relative paths the run changed."""
        ...

    def diff(self) -> str:
        """The run's change as a unified diff."""
        ...

    def finish(self, message: str) -> str | None:
        """Commit the work on the branch; the commit hash, None when nothing changed."""
        ...

    def point_branch(self, commit: str) -> None:
        """Make the run's branch point at ``commit`` (a child of the base commit)."""
        ...

    def remove_worktree(self, *, force: bool = False) -> None:
        """Remove the run's worktree folder."""
        ...


def model_name(model: object) -> str:
    """A model's display name: its ``name``, else its ``__name__``, else ""."""
    return str(getattr(model, "name", "") or getattr(model, "__name__", "") or "")
