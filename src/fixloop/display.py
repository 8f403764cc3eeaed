"""Terminal output of a run (rich): one line per step, a live spinner, the final report, JSON.

:class:`LiveDisplay` is an ``on_event(type, data)`` sink for a run (the same events the trajectory
records, see docs/architecture.md); it prints to the console it is given (the CLI passes a stderr
console, so ``--json`` keeps stdout for the one JSON object, written by :func:`print_json` while
:func:`stdout_to_stderr` sends everything else to stderr). On a terminal (never with ``--json``)
it also shows a spinner with the current phase and its elapsed time (:class:`PhaseSpinner`).

Output that goes to a closed pipe (``fixloop fix ... | head``) is dropped quietly: the consoles
of :func:`terminal` and :func:`print_json` send the rest to ``/dev/null`` instead of raising (rich
raises ``SystemExit(1)`` there, which would end the run as an error), so the run goes on to its
honest end and the command exits with the run's code, without a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from typing import IO, Any

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.markup import escape
from rich.panel import Panel
from rich.spinner import Spinner

from fixloop import render
from fixloop.testrun import liveprogress
from fixloop.types import RunResult, RunStatus

#: How many lines of the diff the final report shows.
DIFF_LINES = 40


def _drop_output(stream: IO[str]) -> None:
    """Point ``stream``'s file descriptor at /dev/null (its reader went away)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


class PipeSafeConsole(Console):
    """A rich console that goes quiet when its reader closes the pipe.

    rich's own handling raises ``SystemExit(1)`` from whatever was printing (here: the middle
    of a run). This console instead sends the rest of its output to ``/dev/null`` and sets
    :attr:`broken`, so the run ends as it would have.
    """

    broken = False

    def on_broken_pipe(self) -> None:
        """Drop further output (no exception)."""
        self.broken = True
        self.quiet = True
        _drop_output(self.file)


def terminal(*, stderr: bool) -> PipeSafeConsole:
    """A console on stdout or stderr, pipe-safe, never wrapping a word into markup."""
    return PipeSafeConsole(stderr=stderr, highlight=False, soft_wrap=stderr)


class PhaseSpinner:
    """A spinner line with the current phase and its elapsed seconds (a transient rich Live).

    Args:
        console: the terminal (stderr).
        delay: seconds before a phase that does not show at once appears (2 s).
        detail: called at each redraw for more words after the time ("" for none); the CLI
            passes :func:`fixloop.testrun.liveprogress.summary` (tests done, failed, the test
            running for a while), so a long baseline shows where it is.
    """

    def __init__(
        self, console: Console, *, delay: float = 2.0, detail: Callable[[], str] | None = None
    ) -> None:
        self.console, self.delay, self.detail = console, delay, detail
        self.phase: str | None = None
        self._t0 = 0.0
        self._at_once = False
        self._spinner = Spinner("dots", text="")
        self._live: Live | None = None

    def __rich__(self) -> RenderableType:
        """The line: nothing before the delay (or with no phase), else spinner, phase, time."""
        if self.phase is None:
            return Group()
        elapsed = time.monotonic() - self._t0
        if not self._at_once and elapsed < self.delay:
            return Group()
        more = self.detail() if self.detail is not None else ""
        text = f"{self.phase} … {elapsed:.0f}s" + (f" · {more}" if more else "")
        self._spinner.update(text=text)
        return self._spinner

    def start(self, phase: str, *, at_once: bool = False) -> None:
        """Begin ``phase`` (shown at once, or only after :attr:`delay` seconds)."""
        self.phase, self._t0, self._at_once = phase, time.monotonic(), at_once
        if self._live is None:
            self._live = Live(self, console=self.console, transient=True, refresh_per_second=8)
            self._live.start()

    def end(self) -> None:
        """End the current phase (the line disappears)."""
        self.phase = None

    def stop(self) -> None:
        """Stop the live line for good (at the end of the run)."""
        self.phase = None
        if self._live is not None:
            self._live.stop()
            self._live = None


def short_args(args: Any, limit: int = 70) -> str:
    """Tool arguments on one short line: ``path=a.py old='x + 2' ...`` (values cut)."""
    if not isinstance(args, Mapping):
        return render.one_line(args, limit)
    parts = []
    for k, v in args.items():
        val = v if isinstance(v, str) else json.dumps(v, default=repr)
        val = val.replace("\n", "\\n")
        if len(val) > 30:
            val = val[:29] + "…"
        parts.append(f"{k}={val}")
    return render.one_line(" ".join(parts), limit)


class LiveDisplay:
    """Prints the run's events as they happen.

    Args:
        console: where to print (a ``Console(stderr=True)`` in the CLI).
        verbose: also print the model's text of each step.
        live: show the phase spinner (:class:`PhaseSpinner`): the CLI sets it only when the
            console is a terminal and the output is not ``--json``.
        lines: print the event lines (False: the spinner alone, for ``fixloop doctor``, whose
            report says the rest).

    Phases (from the events): the baseline and the gate show at once; waiting for the model, a
    tool and a test run by the model show once they last over 2 s. Call :meth:`stop` at the end.
    """

    def __init__(
        self, console: Console, *, verbose: bool = False, live: bool = False, lines: bool = True
    ) -> None:
        self.console = console
        self.lines = lines
        self.verbose = verbose
        self.step = 0
        self._pending: dict[str, str] = {}
        #: The collection errors of the latest test report (baseline, run_tests or gate).
        self.collection_errors: list[str] = []
        self.spinner = PhaseSpinner(console, detail=liveprogress.summary) if live else None

    def _phase(self, phase: str | None, *, at_once: bool = False) -> None:
        if self.spinner is None:
            return
        if phase is None:
            self.spinner.end()
        else:
            self.spinner.start(phase, at_once=at_once)

    def stop(self) -> None:
        """End the live spinner (the run is over)."""
        if self.spinner is not None:
            self.spinner.stop()

    def _report(self, rep: Mapping[str, Any], indent: str, show_failing: int = 0) -> None:
        errs = rep.get("collection_errors")
        self.collection_errors = [str(e) for e in errs] if isinstance(errs, list) else []
        for line in render.for_terminal(rep, indent=indent, show_failing=show_failing):
            self.console.print(line)

    def __call__(self, type_: str, data: Mapping[str, Any]) -> None:
        """Handle one event (``type_`` as in the trajectory; ``data`` its fields)."""
        if self.lines:
            self._show(type_, data)
        self._next_phase(type_, data)

    def _next_phase(self, type_: str, data: Mapping[str, Any]) -> None:
        if type_ == "run_start":
            self._phase("baseline: running the whole suite", at_once=True)
        elif type_ in ("baseline", "tool_result", "gate_verdict"):
            self._phase("waiting for the model")
        elif type_ == "model_call":
            reply = data.get("reply")
            if isinstance(reply, Mapping) and reply.get("stop_reason") == "end_turn":
                self._phase("gate: verifying the claim", at_once=True)
            else:
                self._phase(None)
        elif type_ == "tool_call":
            name = str(data.get("name"))
            self._phase("tests: run_tests" if name == "run_tests" else f"tool: {name}")
        elif type_ in ("environment", "run_end"):
            self._phase(None)

    def _show(self, type_: str, data: Mapping[str, Any]) -> None:
        c = self.console
        if type_ == "run_start":
            head = (
                f"[bold]model[/]: {data.get('model')} ({data.get('model_reason')})\n"
                if data.get("model")
                else ""
            )
            base = str(data.get("base_commit"))[:12]
            if data.get("in_place"):  # the user's checkout: its branch, or a detached HEAD
                where = f"[bold]in place[/]: {render.checkout_place(data.get('branch'), base)}"
            else:
                where = f"[bold]branch[/]: {data.get('branch')} from {base}"
            c.print(f"{head}{where}  sandbox: {data.get('sandbox')}")
            if data.get("python"):
                c.print(
                    f"[bold]python[/]: {escape(str(data.get('python')))} "
                    f"({escape(str(data.get('python_origin') or ''))})"
                )
            cmd = data.get("test_cmd")
            if isinstance(cmd, list):
                c.print(f"[bold]tests[/]: {escape(shlex.join(str(a) for a in cmd))}")
            # the unsandboxed warning comes once, as the run's notice
        elif type_ == "baseline":
            rep = data.get("report") or {}
            c.print(f"[bold]baseline[/]: {escape(render.tally(rep))}")
            self._report(rep, "  ", show_failing=5)
        elif type_ == "model_call":
            self.step = int(data.get("step") or self.step + 1)
            reply = data.get("reply")
            blocks = (
                [b for b in (reply.get("content") or []) if isinstance(b, Mapping)]
                if isinstance(reply, Mapping)
                else []
            )
            texts = [str(b["text"]) for b in blocks if b.get("type") == "text" and b.get("text")]
            cut = isinstance(reply, Mapping) and reply.get("stop_reason") == "max_tokens"
            ends = isinstance(reply, Mapping) and not cut
            ends = ends and not any(b.get("type") == "tool_use" for b in blocks)
            if self.verbose and not ends:  # an ending turn's text is on its own line below
                for text in texts:
                    c.print(f"[dim]{self.step:>3} says: {escape(render.one_line(text, 100))}[/]")
            if cut:
                c.print(f"{self.step:>3} [yellow]reply cut off (max_tokens)[/]")
            elif ends:
                # the turn that ends the run ("done", or CANNOT FIX): a numbered step like the
                # others, so the list and the report's "Tried: N model steps" agree
                said = render.one_line(" ".join(texts), 80) if texts else "(no text)"
                c.print(f"{self.step:>3} ends its turn: {escape(said)}")
        elif type_ == "tool_call":
            self._pending[str(data.get("id"))] = (
                f"{data.get('name')} {short_args(data.get('input'))}".rstrip()
            )
        elif type_ == "tool_result":
            call = self._pending.pop(str(data.get("id")), str(data.get("name")))
            style = "red" if data.get("is_error") else "green"
            mark = "✗" if data.get("is_error") else "✓"
            c.print(
                f"{self.step:>3} {escape(call)}  [{style}]{mark} "
                f"{escape(render.one_line(data.get('content', ''), 80))}[/]"
            )
            for line in render.plan_lines(data):
                c.print(f"      [cyan]{escape(line)}[/]")  # the plan, one step a line
        elif type_ == "test_report" and data.get("source") != "gate":  # the verdict says it
            rep = data.get("report") or {}
            c.print(f"    [cyan]tests[/]: {escape(render.tally(rep))}")
            self._report(rep, "      ")
        elif type_ == "gate_verdict":
            if data.get("verified"):
                c.print(
                    f"[bold green]gate: verified[/] {escape(render.one_line(data.get('reason'), 100))}"
                )
            else:
                c.print(
                    f"[bold red]gate: rejected[/] {escape(render.one_line(data.get('reason'), 100))}"
                )
            rep = data.get("report")
            self._report(rep if isinstance(rep, Mapping) else {}, "  ")
        elif type_ == "notice":
            c.print(f"[yellow]note:[/] {escape(render.one_line(data.get('text', ''), 160))}")


def render_report(
    result: RunResult,
    console: Console,
    *,
    collection_errors: list[str] | None = None,
    where: str | None = None,
    interrupted: bool = False,
) -> None:
    """Print the final report panel: the run's honest summary, coloured by outcome; the diff.

    Args:
        result: the finished run.
        console: where to print.
        collection_errors: the latest test report's collection errors (the first 3 are shown
            under the summary; :attr:`LiveDisplay.collection_errors`).
        where: the folder the user named (for the command that shows the whole diff).
        interrupted: the run was stopped by Ctrl-C (a line says what became of the work).
    """
    if interrupted:
        console.print(f"[bold yellow]interrupted[/]: {escape(render.interrupted_line(result))}")
    if result.verified or result.status == RunStatus.NOTHING_TO_FIX:
        style, title = "green", "fixloop: " + result.status.value
    elif result.status == RunStatus.INTERRUPTED:
        style, title = "yellow", "fixloop: " + result.status.value
    else:
        style, title = "red", "fixloop: " + result.status.value
    body = escape(result.summary or result.stop_reason)
    lines = render.collection_error_lines(collection_errors)
    if lines:
        body += "\nCollection errors (latest test run):" + "".join(
            f"\n  {escape(line)}" for line in lines
        )
    console.print(Panel(body, title=title, border_style=style, expand=False))
    for line in diff_lines(result, where):
        console.print(escape(line), highlight=False)


def diff_lines(result: RunResult, where: str | None = None, limit: int = DIFF_LINES) -> list[str]:
    """The run's diff for the final report: its first ``limit`` lines and how to see the rest.

    Args:
        result: the finished run (``diff``, ``branch``, ``base_commit``).
        where: the folder the user named (``git -C`` of the command); None: the current one.
        limit: lines shown.

    Returns:
        [] when the run changed nothing; else a heading, the lines, and (when cut) the command
        that prints the whole diff.
    """
    if not result.diff:
        return []
    lines = result.diff.splitlines()
    git = "git" if where is None else f"git -C {shlex.quote(where)}"
    if result.head_commit and result.branch:
        whole = f"{git} diff {(result.base_commit or '')[:12]} {result.branch}"
    else:
        whole = f"{git} diff"  # in-place: the change is uncommitted in the checkout
    if len(lines) <= limit:
        return [f"Diff ({len(lines)} lines):", *lines]
    return [
        f"Diff (the first {limit} of {len(lines)} lines):",
        *lines[:limit],
        f"... {len(lines) - limit} more lines: see them all with `{whole}`",
    ]


@contextlib.contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """Send everything written to stdout to stderr meanwhile.

    Subprocesses included (fd 1 is redirected), so that ``--json`` output is the one object and
    nothing else.
    """
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def print_json(obj: Any) -> None:
    """Write ``obj`` as one line of JSON on stdout (dropped quietly if the reader is gone)."""
    try:
        sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_output(sys.stdout)


def say(line: str, stream: IO[str] | None = None) -> None:
    """Write one line to stderr (or ``stream``), dropped quietly if the reader is gone."""
    out = stream if stream is not None else sys.stderr
    try:
        out.write(line + "\n")
        out.flush()
    except BrokenPipeError:
        _drop_output(out)


def error_object(
    message: str, code: int, *, status: str = "error", result: RunResult | None = None
) -> dict[str, Any]:
    """The ``--json`` object of a run that ended in an error.

    The keys of a finished run's object (the run's own result when it got far enough to have one,
    else empty values), with ``status`` "error" (or "provider_unavailable"), ``verified`` false,
    ``summary`` the one-line message and ``exit_code``.
    """
    base = result if result is not None else RunResult(status=RunStatus.ERROR, verified=False)
    obj = base.to_dict()
    obj.update(status=status, verified=False, summary=message, exit_code=code)
    return obj
