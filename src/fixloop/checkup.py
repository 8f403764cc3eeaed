"""``fixloop doctor``: the baseline checks of a run, without a model.

:func:`run_doctor` assembles the same run as ``fixloop fix`` (:class:`fixloop.session.RunSession`
with ``check_only``: the same settings, worktree or run tree, interpreter discovery, sandbox and
test runner, so the user's checkout is never touched) and stops after the baseline and its
diagnosis (:mod:`fixloop.doctor`). Its :class:`DoctorReport` says what a run would use and whether
the suite runs as it should: the interpreter and how it was found, the test command, the pytest
plugins loaded, the sandbox, the baseline's tally and duration, and the verdict: ``ready`` (exit
0; failing tests are what a run fixes) or ``environment`` (exit 3, the cause and the fix).
"""

from __future__ import annotations

import json
import shlex
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fixloop import render
from fixloop.events import EventSink
from fixloop.types import EnvironmentProblem

__all__ = ["DoctorReport", "doctor_lines", "pytest_plugins", "run_doctor"]

#: Run with the project's interpreter in the sandbox: the ``pytest11`` entry points (the plugins
#: pytest loads by itself), as JSON ``[[name, module], ...]`` on the last line.
_PLUGINS_PROBE = (
    "import json, importlib.metadata as m\n"
    "eps = m.entry_points(group='pytest11')\n"
    "print(json.dumps(sorted([e.name, e.value.split(':')[0]] for e in eps)))\n"
)


@dataclass
class DoctorReport:
    """What ``fixloop doctor`` found.

    Attributes:
        path: the folder checked (as given).
        python, python_origin: the project's interpreter and how it was found.
        test_cmd: the test command as argv.
        plugins: ``(name, module)`` of the pytest plugins the project's interpreter loads by
            itself (its ``pytest11`` entry points, read in the sandbox; the baseline's record
            when it has them).
        sandbox: the sandbox kind (``bwrap``, ``docker``, ``podman``, ``none``).
        tally: the baseline's counts (``collected``, ``passed``, ``failed``, ``errors``,
            ``skipped``), its ``outcome``, ``duration_s`` (seconds) and ``hung`` (node ids of
            the tests the per-test limit stopped); None when no baseline ran (a problem found
            before it).
        environment: the problem found, or None when the suite runs as it should.
        log: the baseline's full log (kept under the run folder), or None.
        notices: lines the run would say at its start (config notices, unsandboxed warning...).
    """

    path: str
    python: str
    python_origin: str
    test_cmd: list[str]
    plugins: list[tuple[str, str]] = field(default_factory=list)
    sandbox: str = ""
    tally: dict[str, Any] | None = None
    environment: EnvironmentProblem | None = None
    log: str | None = None
    notices: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        """``"ready"`` or ``"environment"``."""
        return "ready" if self.environment is None else "environment"

    @property
    def exit_code(self) -> int:
        """0 ready, 3 an environment problem."""
        return 0 if self.environment is None else 3

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object: every attribute, ``verdict`` and ``exit_code``."""
        d = asdict(self)
        d["plugins"] = [list(p) for p in self.plugins]
        d["verdict"], d["exit_code"] = self.verdict, self.exit_code
        return d

    @staticmethod
    def error_dict(
        path: str | Path, message: str, code: int, verdict: str = "error"
    ) -> dict[str, Any]:
        """The ``--json`` object of a doctor that stopped before it had a report.

        The keys of :meth:`to_dict` (so a script reading ``verdict`` or ``tally`` finds them),
        empty, with ``verdict`` ``"error"`` (or ``"interrupted"``), the one-line message in
        ``error`` and ``exit_code`` (2 usage or configuration, 3 environment, 130 Ctrl-C). It
        was a ``fixloop fix`` run's object, with no ``verdict`` key at all.
        """
        d = asdict(DoctorReport(str(path), "", "", []))
        d.update(python=None, python_origin=None, test_cmd=None, sandbox=None)
        d.update(verdict=verdict, error=message, exit_code=code)
        return d


def run_doctor(
    path: str | Path,
    *,
    overrides: dict[str, Any] | None = None,
    on_event: EventSink | None = None,
) -> DoctorReport:
    """Check that a project's suite runs as a fixloop run would run it; no model is called.

    Args:
        path: the project's folder (a git repository or a folder inside one).
        overrides: the command line's settings (``python``, ``sandbox``, ``pass_env`` ...).
        on_event: the live display's sink, or None.

    Returns:
        the :class:`DoctorReport`.

    Raises:
        UsageError, ConfigError, GitStateError, SandboxUnavailable: as ``fixloop fix`` does,
            before anything ran; fixloop.session.RunInterrupted: Ctrl-C (the worktree removed).
    """
    from fixloop.session import RunSession

    notices: list[str] = []

    def sink(type_: str, data: dict[str, Any]) -> None:
        if type_ == "notice":
            notices.append(str(data.get("text", "")))
        if on_event is not None:
            on_event(type_, data)

    session = RunSession(None, path, overrides=overrides, on_event=sink, check_only=True)
    plugins: list[tuple[str, str]] = []
    with session:
        session.run()
        runner, base = session.runner, session.baseline
        if base is not None and base.record is not None and base.record.plugins:
            plugins = [(str(n), str(m)) for n, m in base.record.plugins]
        elif runner is not None:  # asked while the run's tree exists (the working folder)
            plugins = pytest_plugins(session.sandbox, runner.python, runner.root, runner.limits)
    report = DoctorReport(
        path=str(path),
        python=session.python,
        python_origin=session.python_origin,
        test_cmd=list(runner.test_cmd) if runner is not None else [],
        sandbox=session.sandbox.name,
        environment=session.environment,
        notices=notices,
    )
    if base is not None:
        report.tally = {
            "collected": base.collected,
            "passed": base.passed,
            "failed": base.failed,
            "errors": base.errors,
            "skipped": base.skipped,
            "outcome": base.outcome.value,
            "duration_s": round(base.duration_s, 2),
            "hung": list(base.hung),
        }
        report.log = base.log_path
    report.plugins = plugins
    return report


def pytest_plugins(sandbox: Any, python: str, root: Path, limits: Any) -> list[tuple[str, str]]:
    """The pytest plugins ``python`` loads by itself: its ``pytest11`` entry points.

    Read in the sandbox (the interpreter's own ``importlib.metadata``, nothing of the project
    imported).

    Args:
        sandbox: the run's :class:`~fixloop.sandbox.Sandbox`.
        python: the project's interpreter.
        root: the run's tree (the working folder).
        limits: the sandbox limits of a test run.

    Returns:
        ``[(name, module), ...]`` sorted; [] when the probe failed.
    """
    res = sandbox.run([python, "-s", "-c", _PLUGINS_PROBE], cwd=root, limits=limits)
    lines = (res.output or "").strip().splitlines()
    if res.returncode != 0 or not lines:
        return []
    try:
        data = json.loads(lines[-1])
    except ValueError:
        return []
    return [(str(n), str(m)) for n, m in data if isinstance(n, str) and isinstance(m, str)]


def doctor_lines(report: DoctorReport) -> list[str]:
    """The terminal text of a :class:`DoctorReport` (plain lines, no markup)."""
    lines = [
        f"python:   {report.python} ({report.python_origin})",
        f"tests:    {shlex.join(report.test_cmd) if report.test_cmd else '?'}",
        "plugins:  "
        + (
            ", ".join(f"{name} ({mod})" for name, mod in report.plugins) or "none from entry points"
        ),
        f"sandbox:  {report.sandbox}",
    ]
    t = report.tally
    if t is None:
        lines.append("baseline: not run (stopped before it)")
    else:
        # render.tally: the one writer of a report's counts (the run's display and transcript
        # say the baseline with the same words)
        lines.append(
            f"baseline: {render.tally(t)}; {t['collected']} collected in {t['duration_s']:.1f} s"
        )
    if report.log:
        lines.append(f"log:      {report.log}")
    lines += [f"note:     {text}" for text in report.notices]
    if report.environment is None:
        failing = t is not None and (t["failed"] or t["errors"])
        lines.append(
            "verdict:  ready"
            + (
                ": the suite runs; its failing tests are what `fixloop fix` works on"
                if failing
                else ": the suite runs as it should"
            )
        )
    else:
        env = report.environment
        lines += [
            f"verdict:  environment problem ({env.kind})",
            f"Cause: {env.cause}",
            f"Fix: {env.fix}",
        ]
    return lines
