"""The repair engine's port: everything it needs from the harness, and nothing more.

The engine (:class:`fixloop.repair.engine.RepairEngine`) reads the workspace, writes a scratch
folder, and runs commands in the sandbox. It does not know the agent, the tools, the gate or the
test runner: the model adapter (:mod:`fixloop.models.repair`) builds a :class:`RepairPort` from the
run's :class:`fixloop.types.ModelContext` and hands it over.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from fixloop.types import ExecResult, Limits, RepairBudget

#: pytest's arguments when the test command names none.
DEFAULT_PYTEST_ARGS: tuple[str, ...] = ("-q", "-p", "no:cacheprovider")


class CommandRunner(Protocol):
    """Runs one command under isolation (the contract of :meth:`fixloop.sandbox.Sandbox.run`)."""

    def run(
        self,
        argv: Sequence[str],
        *,
        cwd: Path,
        limits: Limits,
        ro_paths: Sequence[Path] = (),
        rw_paths: Sequence[Path] = (),
        env: Mapping[str, str] | None = None,
        log_path: Path | None = None,
    ) -> ExecResult:
        """Run ``argv`` in ``cwd`` with only ``rw_paths`` writable.

        Args:
            argv: the command, one argument per item (never a shell string).
            cwd: the working folder (shown read-only unless listed in ``rw_paths``).
            limits: wall time in seconds, memory in MiB, processes, file size, output bytes.
            ro_paths: further folders shown read-only.
            rw_paths: the only writable folders.
            env: extra environment variables.
            log_path: where the whole output is written, outside the workspace.

        Returns:
            the :class:`fixloop.types.ExecResult` (a timeout is a result, not an exception).
        """
        ...


@dataclass(frozen=True)
class RepairPort:
    """What the repair engine may use of a run.

    Attributes:
        root: the workspace root; read only, never written (the engine copies it).
        scratch_dir: a private folder outside the workspace; the engine's only writable place
            on the host (its copy of the workspace, the screening server, job files).
        runner: runs the traced run and the screening server under isolation.
        python: the interpreter that runs the project's tests (a path or a name on PATH).
        pytest_args: pytest's arguments from the configured test command (no test targets).
        limits: the resource limits of one test run; the engine sets its own wall time.
        env: extra environment of the test runs (the test runner's own).
        baseline_failing: the failing test ids of the harness's baseline run, used when the
            engine's traced run sees no failure (a flaky or order-dependent failure).
        baseline_output: the baseline run's pytest output; tracebacks in it add suspicious
            locations (pytest's own text, not a fixloop rendering).
        per_test_s: the run's per-test limit in seconds (derived from the baseline), or None
            for none; the traced run and the screening runs stop a test that runs longer.
        budget: how the engine sizes its time budgets (:class:`fixloop.types.RepairBudget`).
        baseline_seconds: the baseline run's wall-clock seconds (0: unknown); with
            ``baseline_tests``, what one full suite costs and a test on average, which decides
            whether the traced run runs every test (:func:`fixloop.repair.budgets.trace_selection`).
        baseline_tests: how many tests the baseline ran (0: unknown).
        targets: the run's ``--target`` node ids (each covers the node ids under it:
            :func:`fixloop.targets.covers`); empty: every failing test is the engine's. With
            targets the engine localizes and screens on the failing tests they cover; the other
            failing tests need not pass, and a candidate must not make them worse (an error
            collecting them, a run of them that hangs). ``baseline_failing`` and
            ``baseline_output`` are then the targets' only.
        other_failing: with targets, the baseline's failing tests no target covers: unrelated
            to the run even when the traced run did not run them (a selective traced run).
        deadline: when the run's wall-clock budget ends, a ``clock()`` value (the gate's own
            deadline, :attr:`fixloop.types.ModelContext.deadline`), or None for none; the
            engine hands its patch over early enough for the gate to run
            (:mod:`fixloop.repair.handover`).
        clock: the monotonic clock ``deadline`` is read on, seconds (``time.monotonic``; a
            fixed or stepping clock in tests).
    """

    root: Path
    scratch_dir: Path
    runner: CommandRunner
    python: str
    pytest_args: tuple[str, ...] = DEFAULT_PYTEST_ARGS
    limits: Limits = field(default_factory=Limits)
    env: Mapping[str, str] = field(default_factory=dict)
    baseline_failing: tuple[str, ...] = ()
    baseline_output: str = ""
    per_test_s: float | None = None
    budget: RepairBudget = field(default_factory=RepairBudget)
    baseline_seconds: float = 0.0
    baseline_tests: int = 0
    targets: tuple[str, ...] = ()
    other_failing: tuple[str, ...] = ()
    deadline: float | None = None
    clock: Callable[[], float] = time.monotonic


def pytest_args_of(test_cmd: str | Sequence[str] | None) -> tuple[str, ...]:
    """The pytest arguments in a test command: what follows ``pytest``, with the cache plugin off.

    Args:
        test_cmd: the configured test command, as a string or an argv list; None for none.

    Returns:
        the arguments after ``pytest`` / ``py.test`` (``-p no:cacheprovider`` added), or
        :data:`DEFAULT_PYTEST_ARGS` when the command does not run pytest.
    """
    if test_cmd:
        parts = test_cmd.split() if isinstance(test_cmd, str) else list(test_cmd)
        for i, p in enumerate(parts):
            if p == "pytest" or p.endswith("/pytest") or p == "py.test":
                args = parts[i + 1 :]
                if "no:cacheprovider" not in args:
                    args += ["-p", "no:cacheprovider"]
                return tuple(args)
    return DEFAULT_PYTEST_ARGS
