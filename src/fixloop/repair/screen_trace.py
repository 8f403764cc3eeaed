"""The ``localize`` mode of the screening server: per-test line coverage of the project.

One in-process pytest run of the suite with a ``sys.settrace`` line collector that records,
per test, the project lines it executed (test files excluded), the test's outcome, the project
frames of its failure traceback and the project functions the test called directly.
:mod:`fixloop.repair.localize` turns that spectrum into suspiciousness scores (Ochiai, Abreu et
al. 2007).

On a large suite the job names the failing tests and how many passing tests to keep
(:func:`fixloop.repair.budgets.trace_selection`): :class:`_Selector` keeps the failing tests
and the passing tests nearest them (:func:`near_rank`), runs the failing ones first and stops
starting passing ones past the job's time budget. Every run stops starting tests past the
job's deadline, so a result is written before the sandbox's wall-clock limit.

Like :mod:`fixloop.repair.screen_server`, this file runs inside the sandbox as a copy
(``fixloop_screen_trace.py`` beside the server) and must stay importable by a bare interpreter
with only pytest installed.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

if __package__:  # on the host, inside the fixloop package
    from fixloop.pathrules import is_test_file as is_test_path
    from fixloop.repair.screen_bytecode import warm_bytecode
    from fixloop.testrun.inside.pytest_plugin import TestTimer
else:  # the copy in the sandbox: pathrules.py and the pytest plugin are copied beside it
    from fixloop_screen_bytecode import warm_bytecode  # type: ignore[import-not-found,no-redef]
    from fixloop_screen_pathrules import (  # type: ignore[import-not-found,no-redef]
        is_test_file as is_test_path,
    )
    from fixloop_screen_plugin import TestTimer  # type: ignore[import-not-found,no-redef]


class _Tracer:
    """pytest plugin: per-test line coverage of project files through ``sys.settrace``."""

    def __init__(self, root: str) -> None:
        self.root = os.path.realpath(root) + os.sep
        self._want: dict[str, str | None] = {}
        self.current: str | None = None
        self.lines: dict[str, set[tuple[str, int]]] = {}
        self.calls: dict[str, set[tuple[str, int, str]]] = {}
        self.import_lines: set[tuple[str, int]] = set()
        self.outcome: dict[str, str] = {}
        self.frames: dict[str, list[tuple[str, int]]] = {}
        self.messages: dict[str, str] = {}
        self.test_lines: dict[str, str] = {}
        self.collect_errors: list[str] = []
        self.seconds: dict[str, float] = {}

    def _rel(self, filename: str) -> str | None:
        r = self._want.get(filename, "?")
        if r != "?":
            return r
        out: str | None = None
        try:
            real = os.path.realpath(filename)
        except (OSError, ValueError):
            real = filename
        if real.startswith(self.root) and real.endswith(".py"):
            rel = real[len(self.root) :].replace(os.sep, "/")
            bad = ("site-packages/", ".venv/", "venv/", ".tox/")
            if not is_test_path(rel) and not any(b in rel for b in bad):
                out = rel
        self._want[filename] = out
        return out

    def _global(self, frame: Any, event: str, arg: Any) -> Any:
        if event != "call":
            return None
        rel = self._rel(frame.f_code.co_filename)
        if rel is None:
            return None
        sink = self.import_lines if self.current is None else self.lines[self.current]
        sink.add((rel, frame.f_lineno))
        if self.current is not None and frame.f_back is not None:
            caller = frame.f_back.f_code.co_filename
            if self._rel(caller) is None and is_test_path(self._relany(caller)):
                self.calls[self.current].add(
                    (rel, frame.f_code.co_firstlineno, frame.f_code.co_name)
                )

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                sink.add((rel, frame.f_lineno))
            return local

        return local

    def _relany(self, filename: str) -> str:
        try:
            real = os.path.realpath(filename)
        except (OSError, ValueError):
            return filename
        if real.startswith(self.root):
            return real[len(self.root) :].replace(os.sep, "/")
        return "/<outside>/" + os.path.basename(real)

    def start(self) -> None:
        sys.settrace(self._global)
        threading.settrace(self._global)

    def stop(self) -> None:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]

    # pytest hooks ------------------------------------------------------------------------

    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Any:
        self.current = item.nodeid
        self.lines.setdefault(item.nodeid, set())
        self.calls.setdefault(item.nodeid, set())
        sys.settrace(self._global)
        threading.settrace(self._global)
        return None

    def pytest_runtest_logfinish(self, nodeid: str, location: Any) -> None:
        self.current = None

    def pytest_runtest_makereport(self, item: Any, call: Any) -> None:
        exc = call.excinfo
        if exc is None or item.nodeid in self.frames:
            return
        frames: list[tuple[str, int]] = []
        test_line = ""
        tb = exc.tb
        while tb is not None:
            filename = tb.tb_frame.f_code.co_filename
            rel = self._rel(filename)
            if rel is not None:
                frames.append((rel, tb.tb_lineno))
            elif is_test_path(self._relany(filename)):
                import linecache

                test_line = linecache.getline(filename, tb.tb_lineno).strip() or test_line
            tb = tb.tb_next
        self.frames[item.nodeid] = frames[::-1]  # innermost first
        self.test_lines[item.nodeid] = test_line[:300]
        try:
            self.messages[item.nodeid] = f"{exc.typename}: {exc.value}"[:300]
        except Exception:  # noqa: BLE001 - a broken __str__ must not break the run
            self.messages[item.nodeid] = exc.typename

    def pytest_runtest_logreport(self, report: Any) -> None:
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + float(
            getattr(report, "duration", 0.0) or 0.0
        )
        if report.failed:
            self.outcome[report.nodeid] = "failed"
        elif report.when == "call" and report.nodeid not in self.outcome:
            self.outcome[report.nodeid] = "skipped" if report.skipped else "passed"
        elif report.skipped and report.nodeid not in self.outcome:
            self.outcome[report.nodeid] = "skipped"

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            text = str(getattr(report, "longreprtext", "") or report.longrepr)
            self.collect_errors.append(f"{report.nodeid}\n{text[-4000:]}")

    def as_dict(self, code: int, seconds: float) -> dict[str, Any]:
        return {
            "exit": int(code),
            "seconds": seconds,
            "tests": {
                t: {
                    "outcome": self.outcome.get(t, "unknown"),
                    "lines": sorted(self.lines.get(t, ())),
                    "calls": sorted(self.calls.get(t, ())),
                    "frames": self.frames.get(t, []),
                    "message": self.messages.get(t, ""),
                    "test_line": self.test_lines.get(t, ""),
                    "seconds": round(self.seconds.get(t, 0.0), 6),
                }
                for t in self.lines
            },
            "import_lines": sorted(self.import_lines),
            "collect_errors": self.collect_errors,
        }


class ExactDeselect:
    """pytest plugin: leave out the tests whose node id is one of ``ids``, exactly.

    pytest's own ``--deselect`` drops every test whose id *starts with* one given (``test_x``
    took ``test_x_more`` and ``test_x[1]`` with it), so a candidate breaking one of those passed
    the screening's near and full runs unseen.
    """

    def __init__(self, ids: Iterable[str]) -> None:
        """Keep the ids to leave out."""
        self.ids = set(ids)

    def pytest_collection_modifyitems(self, config: Any, items: list[Any]) -> None:
        """Drop the items of those exact ids and report them deselected."""
        gone = [i for i in items if i.nodeid in self.ids]
        if gone:
            items[:] = [i for i in items if i.nodeid not in self.ids]
            config.hook.pytest_deselected(items=gone)


def exact_deselect(args: Sequence[str], ids: Iterable[str]) -> tuple[list[str], list[Any]]:
    """``args`` without their ``--deselect ID`` pairs for ``ids``, and the plugin leaving them out.

    Returns:
        the remaining arguments and ``[ExactDeselect(...)]`` (``[]`` when no pair matched); other
        ``--deselect`` arguments (the project's own) stay as pytest reads them.
    """
    want, out, gone = set(ids), [], []
    i = 0
    while i < len(args):
        if args[i] == "--deselect" and i + 1 < len(args) and args[i + 1] in want:
            gone.append(args[i + 1])
            i += 2
            continue
        out.append(args[i])
        i += 1
    return out, ([ExactDeselect(gone)] if gone else [])


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: Proximity ranks of :func:`near_rank` (lower is nearer; ``FAR`` is left out).
FAILING, SAME_CLASS, NAMES_CALLEE, SAME_FILE, IMPORTS_SUSPECT, FAR = range(6)


def is_failing(nodeid: str, failing: set[str]) -> bool:
    """Whether a collected test is one of the failing ids (a subtest's id names its test)."""
    if nodeid in failing:
        return True
    return any(
        f.startswith(nodeid) and f[len(nodeid) : len(nodeid) + 1] in (" ", ":") for f in failing
    )


def near_rank(
    nodeid: str,
    failing_ids: Sequence[str],
    *,
    names: bool = False,
    imports_suspect: bool = False,
) -> int:
    """How near a collected test is to the failing tests.

    ``FAILING`` (one of them), ``SAME_CLASS`` (its node id's parent is a failing test's class),
    ``NAMES_CALLEE`` (``names``: its source names a project function or class the failing
    tests' sources name), ``SAME_FILE``, ``IMPORTS_SUSPECT`` (``imports_suspect``: its module
    refers to a module of the failing tracebacks' project files), else ``FAR``.

    Args:
        nodeid: the collected test's node id.
        failing_ids: the failing tests' node ids.
        names: the test's source names what the failing tests call.
        imports_suspect: the test's module refers to a suspect module.

    Returns:
        one of the ranks above (an int; lower is nearer).
    """
    fail = set(failing_ids)
    if is_failing(nodeid, fail):
        return FAILING
    parent = nodeid.rsplit("::", 1)[0]
    parents = {f.split(" ", 1)[0].rsplit("::", 1)[0] for f in fail}
    if "::" in parent and parent in parents:
        return SAME_CLASS
    if names:
        return NAMES_CALLEE
    files = {f.split("::", 1)[0] for f in fail}
    if nodeid.split("::", 1)[0] in files:
        return SAME_FILE
    return IMPORTS_SUSPECT if imports_suspect else FAR


def _identifiers(text: str) -> set[str]:
    return {w for w in _IDENT.findall(text) if len(w) > 2}


class _Selector:
    """pytest plugin: which tests the traced run runs, and when it stops starting them.

    Args:
        root: the tree's root (project modules are those under it, test files left out).
        failing: the failing tests' node ids, or () to keep every test.
        near: how many passing tests to keep (nearest first, :func:`near_rank`); None: all.
        suspects: project files (POSIX, relative to ``root``) of the failing tracebacks.
        budget_s: past this many seconds of the run, no passing test is started (the failing
            tests, run first, always run); None: no such budget.
        deadline_s: past this many seconds no test at all is started (the spectrum is written
            before the sandbox's limit); None: none.
        keep: run exactly these node ids (a repeat of an earlier selective run, for
            comparisons); the other arguments' selection is then not made.
        near_limit_s: a selective run's per-test limit for the passing tests it kept (the
            failing tests keep the run's own); a neighbour stopped at it is left out of the
            spectrum (``cut``), not counted as failing. None: the run's limit for all.
    """

    def __init__(
        self,
        root: str,
        failing: Sequence[str] = (),
        near: int | None = None,
        suspects: Iterable[str] = (),
        budget_s: float | None = None,
        deadline_s: float | None = None,
        keep: Sequence[str] = (),
        near_limit_s: float | None = None,
    ) -> None:
        self.root = os.path.realpath(root) + os.sep
        self.keep = list(keep)
        self.near_limit_s = near_limit_s
        #: the run's per-test timer (TestTimer), whose limit a neighbour gets lowered
        self.timer: Any = None
        self._timer_limit = 0.0
        self.neighbours: set[str] = set()
        self.failing = list(failing)
        self.near = near
        self.suspects = set(suspects)
        self.budget_s = budget_s
        self.deadline_s = deadline_s
        self.t0 = time.monotonic()
        self.session: Any = None
        self.selected: dict[str, int] = {}
        self.dropped = 0
        self.stopped = ""
        self._failing_left: set[str] = set()

    def _project_modules(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, mod in list(sys.modules.items()):
            f = getattr(mod, "__file__", None)
            if not f:
                continue
            real = os.path.realpath(f)
            if real.startswith(self.root):
                rel = real[len(self.root) :].replace(os.sep, "/")
                if not is_test_path(rel):
                    out[name] = (rel, mod)
        return out

    def pytest_sessionstart(self, session: Any) -> None:
        self.session = session

    def pytest_collection_modifyitems(self, session: Any, config: Any, items: list[Any]) -> None:
        if self.keep:
            order = {t: i for i, t in enumerate(self.keep)}
            kept = sorted(
                (it for it in items if it.nodeid in order), key=lambda it: order[it.nodeid]
            )
            dropped = [it for it in items if it.nodeid not in order]
            self.selected = {it.nodeid: FAILING for it in kept}
            self.dropped = len(dropped)
            items[:] = kept
            if dropped:
                config.hook.pytest_deselected(items=dropped)
            return
        if self.near is None or not self.failing:
            return
        fail = set(self.failing)
        flags = [is_failing(it.nodeid, fail) for it in items]
        if not any(flags):
            return  # the failing ids are not among these tests: keep every test
        mods = self._project_modules()
        names: set[str] = set()
        for _, mod in mods.values():
            names.update(k for k in vars(mod) if not k.startswith("_") and len(k) > 2)
        suspect_mods = {n for n, (rel, _) in mods.items() if rel in self.suspects}
        suspect_mods |= {n.rsplit(".", 1)[0] for n in suspect_mods if "." in n}
        sources: dict[Any, set[str]] = {}

        def words(item: Any) -> set[str]:
            obj = getattr(item, "obj", None)
            key = getattr(obj, "__code__", None) or getattr(
                getattr(obj, "__func__", None), "__code__", None
            )
            if key is None:  # a doctest: its object's dotted name
                return {item.name.rsplit(".", 1)[-1]} & names
            if key not in sources:
                try:
                    sources[key] = _identifiers(inspect.getsource(key)) & names
                except (OSError, TypeError):
                    sources[key] = set()
            return sources[key]

        module_refs: dict[int, bool] = {}

        def refers(item: Any) -> bool:
            module = getattr(item, "module", None)
            if module is None or not suspect_mods:
                return False
            if id(module) not in module_refs:
                hit = False
                for v in list(vars(module).values()):
                    try:
                        name = v.__name__ if inspect.ismodule(v) else getattr(v, "__module__", None)
                    except Exception:  # noqa: BLE001 - an object with a broken __getattr__
                        continue
                    if isinstance(name, str) and name in suspect_mods:
                        hit = True
                        break
                module_refs[id(module)] = hit
            return module_refs[id(module)]

        want: set[str] = set()
        for item, bad in zip(items, flags, strict=True):
            if bad:
                want |= words(item)
        where = [i for i, bad in enumerate(flags) if bad]
        ranked: list[tuple[int, int, int]] = []
        for i, item in enumerate(items):
            if flags[i]:
                ranked.append((FAILING, 0, i))
                continue
            r = near_rank(
                item.nodeid,
                self.failing,
                names=bool(want & words(item)),
                imports_suspect=refers(item),
            )
            if r < FAR:
                ranked.append((r, min(abs(i - j) for j in where), i))
        ranked.sort()
        n_fail = sum(flags)
        keep = ranked[: n_fail + max(0, self.near)]
        kept = [items[i] for _, _, i in keep]
        kept_ids = {id(it) for it in kept}
        dropped = [it for it in items if id(it) not in kept_ids]
        self.selected = {items[i].nodeid: r for r, _, i in keep}
        self.dropped = len(dropped)
        self._failing_left = {it.nodeid for it, bad in zip(items, flags, strict=True) if bad}
        self.neighbours = {it.nodeid for it in kept} - self._failing_left
        items[:] = kept
        if dropped:
            config.hook.pytest_deselected(items=dropped)

    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> None:
        """A neighbour gets the lower per-test limit (before the timer's clock starts)."""
        if self.timer is None or self.near_limit_s is None:
            return
        if not self._timer_limit:
            self._timer_limit = float(self.timer.limit)
        low = item.nodeid in self.neighbours
        self.timer.limit = min(self._timer_limit, self.near_limit_s) if low else self._timer_limit

    def pytest_runtest_logfinish(self, nodeid: str, location: Any) -> None:
        self._failing_left.discard(nodeid)
        spent = time.monotonic() - self.t0
        if self.session is None or self.stopped:
            return
        if self.deadline_s is not None and spent > self.deadline_s:
            self.stopped = f"deadline ({self.deadline_s:.0f} s)"
        elif (
            self.budget_s is not None
            and self.selected
            and not self._failing_left
            and spent > self.budget_s
        ):
            self.stopped = f"budget ({self.budget_s:.0f} s)"
        if self.stopped:
            self.session.shouldstop = f"fixloop localization: {self.stopped}"


#: pytest plugins a screening or traced run switches off: (module, its off switch). pytest-cov
#: measures coverage in every forked run (a project's ``addopts = --cov=pkg``: arrow's
#: screening ran out of budget) and its tracer replaces the localization's; pytest-xdist
#: spreads each run over worker processes the tracer does not see.
_OFF_SWITCHES = (("pytest_cov", ("--no-cov",), "cov"), ("xdist", ("-n", "0"), "xdist"))


def without_costly_plugins(args: Sequence[str]) -> list[str]:
    """``args`` plus the off switches of the installed coverage and distribution plugins.

    A switch (``--no-cov``, ``-n 0``) is an option of its plugin, an error without it: added
    only when the plugin's module is importable here, pytest loads it (no
    ``PYTEST_DISABLE_PLUGIN_AUTOLOAD`` unless ``-p`` names it) and ``args`` do not block it
    (``-p no:cov``). Given last, it wins over the project's ``addopts`` (``--cov=pkg``,
    ``-n auto``), which pytest puts first.

    Args:
        args: the run's pytest arguments (the configured command's, without test ids).

    Returns:
        a new list: ``args`` then the switches that apply.
    """
    import importlib.util

    out = list(args)
    autoload = not os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    for module, switch, short in _OFF_SWITCHES:
        named = any(a.removeprefix("-p") in (module, short) for a in args)
        blocked = any(a.removeprefix("-p") in (f"no:{module}", f"no:{short}") for a in args)
        if blocked or not (autoload or named):
            continue
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if found:
            out += switch
    return out


def server_localize(job: dict[str, Any]) -> None:
    """The ``localize`` job: one traced run; the spectrum goes to ``job["out"]``.

    Job keys: ``root``, ``pytest_args``, ``out``, ``per_test_s`` (the per-test limit),
    ``deadline_s`` (no test starts later), and for a selective run ``failing``, ``near``,
    ``suspects`` and ``budget_s``, or ``keep`` for a repeat (:class:`_Selector`). The spectrum adds ``selected`` ({node
    id: rank} of a selective run, else {}), ``dropped`` (tests left out), ``cut`` (kept
    neighbours stopped at ``near_limit_s``, left out of ``tests``) and ``stopped`` (why the run
    stopped starting tests, or ""). ``warm``: the tree is unchanged, the suite is collected
    first without the line collector, writing bytecode (:func:`.screen_bytecode.warm_bytecode`).
    """
    import pytest

    if job.get("warm") and job.get("deadline_s"):  # its seconds come off the deadline
        job["deadline_s"] -= warm_bytecode(job["pytest_args"], 0.25 * float(job["deadline_s"]))
    tracer = _Tracer(job["root"])
    near = job.get("near")
    selector = _Selector(
        job["root"],
        failing=list(job.get("failing") or []),
        near=int(near) if near is not None else None,
        suspects=list(job.get("suspects") or []),
        budget_s=float(job["budget_s"]) if job.get("budget_s") else None,
        deadline_s=float(job["deadline_s"]) if job.get("deadline_s") else None,
        keep=list(job.get("keep") or []),
        near_limit_s=float(job["near_limit_s"]) if job.get("near_limit_s") else None,
    )
    plugins: list[Any] = [tracer, selector]
    per_test = float(job.get("per_test_s") or 0)
    timer = TestTimer(per_test) if per_test > 0 else None
    if timer is not None:  # a test that loops forever ends alone; the spectrum still comes
        plugins.append(timer)
        selector.timer = timer
    t0 = time.monotonic()
    tracer.start()  # import-time lines of modules imported during collection
    try:
        code = pytest.main(list(job["pytest_args"]), plugins=plugins)
    finally:
        tracer.stop()
    data = tracer.as_dict(int(code), time.monotonic() - t0)
    hung = list(timer.hung) if timer is not None else []
    # a neighbour stopped at its lower limit is no evidence either way: left out
    cut = [t for t in hung if t in selector.neighbours and selector.near_limit_s is not None]
    for t in cut:
        data["tests"].pop(t, None)
    data["hung"] = [t for t in hung if t not in cut]
    data["cut"] = cut
    data["selected"] = selector.selected
    data["dropped"] = selector.dropped
    data["stopped"] = selector.stopped
    Path(job["out"]).write_text(json.dumps(data), encoding="utf-8")
