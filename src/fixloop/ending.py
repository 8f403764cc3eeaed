"""How a command ends: the one place an interrupt or an error becomes an exit code.

:func:`conclude` runs a command's call and maps how it ended (a value, Ctrl-C, a
:class:`~fixloop.errors.FixloopError`, another exception) to an :class:`Ending` with the process
exit code; :func:`exit_code_for` gives a finished run's code; :class:`RunInterrupted` carries an
interrupted run's result. They lived in :mod:`fixloop.session` (which re-exports them); they are
here, with nothing but :mod:`fixloop.errors` and :mod:`fixloop.types` below them, so that a
command that runs no agent in its own process (``fixloop eval``: the agents are processes of
their own) does not import the whole agent stack (tools, libcst, the gate, the config models) to
learn its exit code: that import cost ``fixloop eval`` about half a CPU-second before its first
run could start.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fixloop.errors import FixloopError, ProviderUnavailable
from fixloop.types import RunResult, RunStatus

INTERRUPTED = "interrupted by the user (Ctrl-C)"
#: The exit code of an interrupted command (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run, raised after the run was ended cleanly.

    Attributes:
        result: the run's :class:`RunResult` (work committed, ``run_end`` written).
    """

    def __init__(self, result: RunResult) -> None:
        super().__init__(INTERRUPTED)
        self.result = result


def exit_code_for(result: RunResult) -> int:
    """The CLI exit code of a finished run.

    0 verified or nothing to fix, 3 provider unavailable or an environment problem found at the
    baseline (status ``environment``), :data:`EXIT_INTERRUPTED` for status ``interrupted``, 1 for
    every other ending.
    """
    if result.verified or result.status == RunStatus.NOTHING_TO_FIX:
        return 0
    if result.status == RunStatus.INTERRUPTED:
        return EXIT_INTERRUPTED
    if result.status in (RunStatus.PROVIDER_UNAVAILABLE, RunStatus.ENVIRONMENT):
        return 3
    return 1


@dataclass
class Ending:
    """How a command's call ended (:func:`conclude`): what it returned, or why it did not.

    Attributes:
        value: what the call returned (a :class:`RunResult` for a run), or None.
        code: the process exit code.
        interrupted: True after Ctrl-C (``code`` is :data:`EXIT_INTERRUPTED`).
        result: the run's result when there is one, also after Ctrl-C or an error
            (:class:`RunInterrupted` carries it; else the ``partial`` callback's).
        error: the one-line message of an error (never a traceback), or None.
        status: the ``--json`` status of an error: ``"error"``, ``"provider_unavailable"``, or
            ``"interrupted"`` after Ctrl-C (also one before any run began).
    """

    value: Any = None
    code: int = 0
    interrupted: bool = False
    result: RunResult | None = None
    error: str | None = None
    status: str = "error"


def conclude(
    call: Callable[[], Any],
    *,
    partial: Callable[[], RunResult | None] | None = None,
    code_of: Callable[[Any], int] | None = None,
) -> Ending:
    """Run ``call`` and map how it ended to an exit code: the one place Ctrl-C becomes a code.

    A run's interrupt is ended by :class:`RunSession` (children killed, work committed,
    ``run_end`` written) and reaches here as :class:`RunInterrupted`; an interrupt outside a run
    (before it started, in eval, before a command) is a plain ``KeyboardInterrupt``. Both give
    :data:`EXIT_INTERRUPTED`. A :class:`~fixloop.errors.FixloopError` gives its own exit code and
    its first line; any other exception an "internal error" line and exit code 1 (re-raised
    when ``FIXLOOP_DEBUG`` is set). ``SystemExit`` goes on untouched.

    Args:
        call: what to run (``agent.run``, ``run_eval``, the Typer app...).
        partial: returns the run's result so far (``CodingAgent.result``) when ``call`` raised.
        code_of: the exit code of a value ``call`` returned (default: :func:`exit_code_for` for
            a :class:`RunResult`, else 0).

    Returns:
        the :class:`Ending`.
    """
    try:
        value = call()
    except KeyboardInterrupt as e:
        result = e.result if isinstance(e, RunInterrupted) else None
        if result is None and partial is not None:
            result = partial()
        # status "interrupted" also when no run began: --json said "error" for a Ctrl-C then
        return Ending(code=EXIT_INTERRUPTED, interrupted=True, result=result, status="interrupted")
    except FixloopError as e:
        status = "provider_unavailable" if isinstance(e, ProviderUnavailable) else "error"
        text = str(e).splitlines()[0] if str(e) else type(e).__name__
        got = partial() if partial is not None else None
        return Ending(code=e.exit_code, result=got, error=text, status=status)
    except Exception as e:  # noqa: BLE001 - one line, not a traceback, for the user
        if os.environ.get("FIXLOOP_DEBUG"):
            raise
        text = f"internal error: {type(e).__name__}: {e} (set FIXLOOP_DEBUG=1 for the traceback)"
        got = partial() if partial is not None else None
        return Ending(code=1, result=got, error=" ".join(text.split()))
    if code_of is not None:
        code = code_of(value)
    else:
        code = exit_code_for(value) if isinstance(value, RunResult) else 0
    return Ending(value=value, code=code, result=value if isinstance(value, RunResult) else None)


__all__ = [
    "EXIT_INTERRUPTED",
    "INTERRUPTED",
    "Ending",
    "RunInterrupted",
    "conclude",
    "exit_code_for",
]
