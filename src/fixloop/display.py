"""Terminal output of a run (rich): one line per step, a final report panel, the JSON object.

:class:`LiveDisplay` is an ``on_event(type, data)`` sink for a run (the same events the trajectory
records, see docs/architecture.md); it prints to the console it is given (the CLI passes a stderr
console, so ``--json`` keeps stdout for the one JSON object, written by :func:`print_json` while
:func:`stdout_to_stderr` sends everything else to stderr).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from fixloop import render
from fixloop.types import RunResult, RunStatus


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
    """

    def __init__(self, console: Console, *, verbose: bool = False) -> None:
        self.console = console
        self.verbose = verbose
        self.step = 0
        self._pending: dict[str, str] = {}
        #: The collection errors of the latest test report (baseline, run_tests or gate).
        self.collection_errors: list[str] = []

    def _report(self, rep: Mapping[str, Any], indent: str, show_failing: int = 0) -> None:
        errs = rep.get("collection_errors")
        self.collection_errors = [str(e) for e in errs] if isinstance(errs, list) else []
        for line in render.for_terminal(rep, indent=indent, show_failing=show_failing):
            self.console.print(line)

    def __call__(self, type_: str, data: Mapping[str, Any]) -> None:
        """Handle one event (``type_`` as in the trajectory; ``data`` its fields)."""
        c = self.console
        if type_ == "run_start":
            c.print(
                f"[bold]model[/]: {data.get('model')} ({data.get('model_reason')})\n"
                f"[bold]branch[/]: {data.get('branch')} from {str(data.get('base_commit'))[:12]}"
                f"  sandbox: {data.get('sandbox')}"
            )
            # the unsandboxed warning comes once, as the run's notice
        elif type_ == "baseline":
            rep = data.get("report") or {}
            c.print(f"[bold]baseline[/]: {escape(render.tally(rep))}")
            self._report(rep, "  ", show_failing=5)
        elif type_ == "model_call":
            self.step = int(data.get("step") or self.step + 1)
            reply = data.get("reply")
            if self.verbose and isinstance(reply, Mapping):
                for b in reply.get("content") or []:
                    if isinstance(b, Mapping) and b.get("type") == "text" and b.get("text"):
                        c.print(
                            f"[dim]{self.step:>3} says: {escape(render.one_line(b['text'], 100))}[/]"
                        )
            if isinstance(reply, Mapping) and reply.get("stop_reason") == "max_tokens":
                c.print(f"{self.step:>3} [yellow]reply cut off (max_tokens)[/]")
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
            if data.get("name") == "update_plan" and not data.get("is_error"):
                for line in str(data.get("content", "")).splitlines()[1:21]:
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
    result: RunResult, console: Console, *, collection_errors: list[str] | None = None
) -> None:
    """Print the final report panel: the run's honest summary, coloured by outcome.

    Args:
        result: the finished run.
        console: where to print.
        collection_errors: the latest test report's collection errors (the first 3 are shown
            under the summary; :attr:`LiveDisplay.collection_errors`).
    """
    if result.verified or result.status == RunStatus.NOTHING_TO_FIX:
        style, title = "green", "fixloop: " + result.status.value
    else:
        style, title = "red", "fixloop: " + result.status.value
    body = escape(result.summary or result.stop_reason)
    lines = render.collection_error_lines(collection_errors)
    if lines:
        body += "\nCollection errors (latest test run):" + "".join(
            f"\n  {escape(line)}" for line in lines
        )
    console.print(Panel(body, title=title, border_style=style, expand=False))


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
    """Write ``obj`` as one line of JSON on stdout."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


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
