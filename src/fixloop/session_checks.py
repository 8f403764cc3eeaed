"""What a run checks before the model: the baseline, a flaky failure, an uncommitted config.

Called by :class:`fixloop.session.RunSession` (and re-exported there): :func:`run_baseline` runs
the whole suite once, :func:`flaky_problem` re-runs the failing tests once with no change,
:func:`probe_during_baseline` overlaps the import probe with the baseline (issue 18), and
:func:`uncommitted_config` names a repository config the run applies that git does not hold.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from fixloop import render
from fixloop.config import repo_config_files
from fixloop.errors import ConfigError
from fixloop.gate.runs import id_files, missed
from fixloop.protocols import Isolation, Runner
from fixloop.types import EnvironmentProblem, TestReport

__all__ = [
    "flaky_problem",
    "probe_during_baseline",
    "run_baseline",
    "uncommitted_config",
]


def uncommitted_config(iso: Isolation) -> list[str]:
    """A line for each repository config file the run applies that is not committed.

    The run reads ``fixloop.toml`` (and ``[tool.fixloop]`` in ``pyproject.toml``) from the folder
    the user named; when that file is untracked or changed since HEAD, the run's tree does not
    hold it, so the run says it applies it anyway.

    Returns:
        the notices ([] when every such file is committed as it is).
    """
    out: list[str] = []
    try:
        found = repo_config_files(iso.source)
    except ConfigError:
        return out  # load_settings has said it already
    for path, raw in found:
        if not raw:
            continue
        try:
            rel = path.resolve().relative_to(iso.source)
            mine = path.read_bytes()
        except (OSError, ValueError):
            continue
        base = iso.base_bytes(rel.as_posix())
        if base == mine:
            continue
        state = "is not committed (untracked)" if base is None else "has uncommitted changes"
        out.append(
            f"{path.name} {state}: its settings ({', '.join(sorted(raw))}) are applied to this "
            "run as they are in your checkout"
        )
    return out


def run_baseline(runner: Runner) -> TestReport:
    """Run the full suite once, in pristine mode, before the model is called.

    A runner that records (``runner.records``, the real
    :class:`~fixloop.testrun.TestRunner`) records what the tests used
    (:class:`fixloop.types.RunRecord`: collected modules, files the tests read or imported,
    plugins, the names the interpreter provides) into ``report.record``.

    Returns:
        the baseline :class:`TestReport`; ``report.ok`` means there is nothing to fix. A
        collection error or an internal error is still "failing" (something to fix).
    """
    if getattr(runner, "records", False):
        return runner.run("", pristine=True, record="baseline")  # type: ignore[call-arg]
    return runner.run("", pristine=True)


def flaky_problem(runner: Runner, baseline: TestReport) -> str | None:
    """Run the baseline's failing tests once more, with no change; a sentence when they pass.

    A failure that goes away by itself is flaky: nothing a change could be verified against
    (shared case 35). Called before any model call. Tests that pass alone are run once more
    with the rest of their files, in the suite's order: a failure that comes from state an
    earlier test leaves (a store ``clear()`` does not empty) is reproducible, not flaky (red
    team 3 F29: such runs stopped "flaky" before the model's first step).

    Returns:
        the sentence (the run then ends ``flaky``), or None when they still fail (or the
        baseline names no failing test to re-run, e.g. an internal error).
    """
    ids = baseline.failing_ids
    if not ids:
        return None
    again = runner.run(list(ids), pristine=True)
    if not again.ok or again.failing_ids:
        return None
    files = id_files(list(ids), baseline.ran_ids)
    if sorted(files) != sorted(ids) and missed(list(ids), runner.run(files, pristine=True)):
        return None  # they fail after the tests before them in their files: not flaky (F29)
    shown = ", ".join(ids[:5]) + (f" (+{len(ids) - 5} more)" if len(ids) > 5 else "")
    return (
        f"flaky: the baseline's failing tests passed when run again with no change ({shown}; "
        f"{render.tally(again)}); fixloop does not try to fix a failure it cannot reproduce"
    )


def probe_during_baseline(
    runner: Any,
    probe: Callable[[Any], EnvironmentProblem | None],
    baseline: Callable[[Any], TestReport],
) -> tuple[EnvironmentProblem | None, TestReport | None]:
    """``probe(runner)`` in a thread while ``baseline(runner)`` runs in this one.

    The import probe (:func:`fixloop.testrun.projectpaths.import_problem`: a sandboxed
    ``find_spec``, nothing of the project runs) used to start its own sandbox before the
    baseline; overlapping them takes one cold start off the run's critical path (issue 18).
    The probe's problem still wins: the caller then drops the baseline's report and stops with
    status ``environment`` as before (the baseline ran in vain; it is not killed).

    Returns:
        ``(the probe's problem or None, the baseline's report)``; the report is None when the
        baseline raised and the probe found a problem (the problem is what the run reports).

    Raises:
        what the probe raised; what the baseline raised when the probe found no problem. Ctrl-C
        is not held back waiting for the probe (the session's handler kills its sandbox).
    """
    box: dict[str, Any] = {}

    def run_probe() -> None:
        try:
            box["problem"] = probe(runner)
        except BaseException as e:  # noqa: BLE001 - re-raised in the caller's thread
            box["error"] = e

    worker = threading.Thread(target=run_probe, name="fixloop-import-probe", daemon=True)
    worker.start()
    report: TestReport | None = None
    failure: Exception | None = None
    try:
        report = baseline(runner)
    except Exception as e:  # noqa: BLE001 - decided below, once the probe has answered
        failure = e
    worker.join()
    if "error" in box:
        raise box["error"]
    problem = box.get("problem")
    if failure is not None and problem is None:
        raise failure
    return problem, report
