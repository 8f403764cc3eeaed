"""The eval's progress: a live bar on a terminal, plain lines otherwise.

On a terminal (rich's :attr:`rich.console.Console.is_terminal`) the bar shows runs done of the
total, resolved so far, elapsed time and the estimated time left (rich's estimate from the
recent completion speed), with one line printed above it per finished run. Anywhere else (a
pipe, a CI log) each finished run is one plain line with the same numbers, no control codes::

    [3/12] double e0 nomap: resolved 4.2s | resolved 2, elapsed 0:00:31, ETA 0:01:10

``--quiet`` shows neither.
"""

from __future__ import annotations

import os
import time
from datetime import timedelta
from types import TracebackType
from typing import IO, Any

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def mark(rec: dict[str, Any]) -> str:
    """The verdict word of a run record: ``resolved``, ``overfit`` or ``unresolved``."""
    if rec.get("resolved"):
        return "resolved"
    return "overfit" if rec.get("overfit") else "unresolved"


_STYLE = {"resolved": "green", "overfit": "yellow", "unresolved": "red"}


def _run_parts(rec: dict[str, Any]) -> tuple[str, str, str]:
    """:func:`run_line` in three parts: ``("task eN [variant]", verdict, "4.2s (error)")``."""
    variant = f" {rec['variant']}" if rec.get("variant") else ""
    note = f" ({rec['error']})" if rec.get("error") else ""
    wall = float(rec.get("wall_s") or 0)
    return f"{rec.get('task')} e{rec.get('epoch')}{variant}", mark(rec), f"{wall:.1f}s{note}"


def run_line(rec: dict[str, Any]) -> str:
    """One finished run in plain words: ``task eN [variant]: verdict 4.2s (error)``."""
    head, verdict, tail = _run_parts(rec)
    return f"{head}: {verdict} {tail}"


def _clock(seconds: float) -> str:
    return str(timedelta(seconds=int(max(0.0, seconds))))


class EvalProgress:
    """Progress of an eval's pending runs (a context manager).

    Args:
        total: runs to do in this invocation.
        label: what the bar names (suite and model or variants).
        console: where to write (stderr's console).
        quiet: show nothing.
        live: force the live bar (True) or plain lines (False); None: a bar when ``console``
            is a terminal.
    """

    def __init__(
        self,
        total: int,
        label: str,
        console: Console,
        *,
        quiet: bool = False,
        live: bool | None = None,
    ) -> None:
        self.total = total
        self.done = 0
        self.resolved = 0
        self.console = console
        self.quiet = quiet
        self.live = console.is_terminal if live is None else live
        self._t0 = time.monotonic()
        self._bar: Progress | None = None
        self._task: Any = None
        if self.live and not quiet:
            self._bar = Progress(
                TextColumn("[bold]eval[/] {task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("resolved [green]{task.fields[resolved]}[/]"),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                console=console,
            )
            self._task = self._bar.add_task(label, total=total, resolved=0)

    def __enter__(self) -> EvalProgress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.stop()

    def eta_s(self) -> float | None:
        """Seconds left at the mean pace so far (None before the first run ends)."""
        if not self.done:
            return None
        pace = (time.monotonic() - self._t0) / self.done
        return pace * (self.total - self.done)

    def record(self, rec: dict[str, Any]) -> None:
        """Count one finished run and show it."""
        self.done += 1
        self.resolved += 1 if rec.get("resolved") else 0
        if self.quiet:
            return
        if self._bar is not None:
            head, verdict, tail = _run_parts(rec)
            line = f"{escape(head)}: [{_STYLE[verdict]}]{verdict}[/] {escape(tail)}"
            self._bar.console.print(line, highlight=False, markup=True)
            self._bar.update(self._task, advance=1, resolved=self.resolved)
            return
        eta = self.eta_s()
        self.console.print(
            f"[{self.done}/{self.total}] {run_line(rec)} | resolved {self.resolved}, "
            f"elapsed {_clock(time.monotonic() - self._t0)}, "
            f"ETA {_clock(eta) if eta is not None else '?'}",
            highlight=False,
            markup=False,
            soft_wrap=True,
        )


def report_console(
    *, stderr: bool = False, quiet: bool = False, file: IO[str] | None = None
) -> Console:
    """The eval's console on stdout (or stderr); one that is not a terminal does not wrap.

    rich gives a console writing to a pipe or a file 80 columns, so ``fixloop eval ... | tee``
    wrapped the table (or dropped its ``kind`` column) and folded long lines. Unless ``COLUMNS``
    says otherwise, such a console is :data:`PIPED_WIDTH` wide and prints each line whole
    (``soft_wrap``); a terminal keeps its own width.

    Args:
        stderr: write to stderr instead of stdout.
        quiet: print nothing (``--quiet``).
        file: where to write instead (a test's buffer).
    """
    console = Console(stderr=stderr, quiet=quiet, file=file)
    if console.is_terminal or "COLUMNS" in os.environ:
        return console
    return Console(stderr=stderr, quiet=quiet, file=file, width=PIPED_WIDTH, soft_wrap=True)


#: The width of the eval's output to a pipe or a file, columns (:func:`report_console`).
PIPED_WIDTH = 250


__all__ = ["PIPED_WIDTH", "EvalProgress", "mark", "run_line", "report_console"]
