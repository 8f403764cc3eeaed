"""The node ids pytest collects in a tree, without running a test (``--collect-only``).

:func:`collect` (:meth:`fixloop.testrun.TestRunner.collect`: the whole suite or one target, as
pytest is called by default) and :func:`collected_ids` (the test command's own options and
paths, the environment of a pristine run: the gate's second collection of the base commit,
:mod:`fixloop.gate.unstable`) run the runner's bootstrap in its sandbox with ``--collect-only``
and read the ids back from pytest's quiet listing (one node id a line, then a blank line and the
summary).
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fixloop.testrun.command import _pytest_parts, git_entries, interpreter_options
from fixloop.testrun.unittestcmd import UnittestCommand

if TYPE_CHECKING:
    from fixloop.testrun.runner import TestRunner

#: pytest's cache plugins that choose tests, blocked as in every run (``runner.CACHE_ARGS``)
_CACHE_ARGS = ("-p", "no:lfplugin", "-p", "no:nfplugin", "-p", "no:stepwiseplugin")
#: what makes pytest's listing other than one id a line (the quiet level is set after them)
_VERBOSITY = ("-q", "--quiet", "-v", "--verbose", "-qq", "-vv", "-vvv")


def listed_ids(output: str) -> list[str]:
    """The node ids of pytest's ``--collect-only -q`` listing in ``output``, in its order.

    A line holding ``::`` before the blank line that ends the listing is an id (ids may hold
    spaces: ``test_f[13:08:31 2026-12-02]``); what follows it (warnings, the summary) is not
    read.
    """
    ids: list[str] = []
    for line in output.splitlines():
        if not line.strip():
            if ids:
                break
            continue
        if "::" in line and not line.startswith(("=", " ")):
            ids.append(line.rstrip())
    return ids


def _argv(runner: TestRunner, root: Path, args: list[str], targets: list[str], opts: list) -> list:
    cfg: dict[str, Any] = {
        "mode": "pristine",
        "root": str(root),
        "args": args,
        "targets": targets,
        "junit": None,
        "progress": None,
        "paths": runner.package_dirs,
    }
    return [runner.python, *opts, "-s", "-c", runner._payload, json.dumps(cfg)]


def collect(runner: TestRunner, target: str = "", *, root: Path | None = None) -> list[str]:
    """The node ids pytest collects for ``target`` (``--collect-only``); [] on any failure.

    Pytest's default options, not the test command's (see :func:`collected_ids` for those);
    ids holding a space are left out.
    """
    run_root = Path(os.path.realpath(root)) if root is not None else runner.root
    if target.startswith("-"):
        return []
    run_dir = runner._new_run_dir()
    targets = [target] if target else []
    args = [*_CACHE_ARGS, "--collect-only", "-q", "--color=no", *targets]
    res = runner.sandbox.run(
        _argv(runner, run_root, args, targets, []),
        cwd=run_root,
        limits=runner.limits,
        rw_paths=[run_dir / "io"],
        log_path=run_dir / "collect.log",
    )
    return [ln.strip() for ln in res.output.splitlines() if "::" in ln and " " not in ln.strip()]


def collected_ids(
    runner: TestRunner, root: Path, *, wall_s: float | None = None
) -> list[str] | None:
    """The node ids the test command collects in the tree at ``root``, or None on any failure.

    Pytest is called as the runner's pristine runs call it: the command's interpreter options,
    its own options (verbosity aside: the listing is read at one id a line) and paths, the
    runner's environment without ``PYTHON*`` variables, the tree writable (its ``.git``
    read-only), no plugin pinned (pytest loads what it finds, as at the baseline). No test runs.

    Args:
        runner: the :class:`~fixloop.testrun.TestRunner` (its sandbox, interpreter, command).
        root: the tree's test folder (a checkout's; :func:`fixloop.candidate.checkout_tree`).
        wall_s: a shorter wall-clock limit (seconds) than the runner's.

    Returns:
        the ids in pytest's order, as a run's results name them (before the gate's ``<tree>``
        replacement); None when the command is not pytest's, the collection did not exit 0 (a
        collection error, a time-out) or listed nothing.
    """
    try:
        parts = _pytest_parts(runner.test_cmd)
    except UnittestCommand:
        return None
    if parts is None:
        return None
    run_root = Path(os.path.realpath(root))
    run_dir = runner._new_run_dir()
    own = [a for a in parts[0] if a not in _VERBOSITY and not a.startswith("--verbosity")]
    args = [*_CACHE_ARGS, "--collect-only", "--color=no", *own, "--verbosity=-1", *parts[1]]
    limits = runner.limits
    if wall_s is not None and wall_s < limits.wall_s:
        limits = dataclasses.replace(limits, wall_s=max(wall_s, 0.1))
    log = run_dir / "collect.log"
    opts = (interpreter_options(runner.test_cmd) or ([], []))[0]
    res = runner.sandbox.run(
        _argv(runner, run_root, args, list(parts[1]), list(opts)),
        cwd=run_root,
        limits=limits,
        rw_paths=[run_dir / "io", run_root],
        ro_paths=git_entries(run_root),
        env={k: v for k, v in runner.env.items() if not k.startswith("PYTHON")},
        log_path=log,
    )
    if res.timed_out or res.returncode != 0:
        return None
    text = res.output
    if res.output_truncated:
        try:
            text = log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
    return listed_ids(text) or None
