"""Warm test runs for the model's ``run_tests``: one sandboxed pytest that forks per run.

A cold run starts a sandbox, an interpreter, pytest and its plugins each time; for a model that
runs the tests after every edit that start-up is most of the wait (issue 18). :class:`WarmRunner`
wraps the session's :class:`~fixloop.testrun.runner.TestRunner` and keeps one sandboxed server
(:mod:`fixloop.testrun.inside.warmserver`) that has imported pytest and the installed plugins
once and forks a child per run. Each child runs fixloop's usual bootstrap
(:mod:`fixloop.testrun.inside.boot`, the same arguments, JUnit file and progress file as a cold
run) and imports the project's code itself: the parent never imports it and purges any module of
the project before it forks, so nothing of the code under test survives from one run to the next;
after each run the child's process group is killed, and inside bubblewrap's private PID namespace
every other process but the server's ancestors too.

The server restarts when what it has imported may have changed: a test configuration file
(``pytest.ini``, ``.pytest.ini``, ``pyproject.toml``, ``setup.cfg``, ``tox.ini``) in the tree or a
folder above it up to the repository's top, any ``conftest.py`` there, or an installed package (the
interpreter's ``sys.path`` folders outside the tree, by their modification times). Runs go cold
(the plain :meth:`TestRunner.run`) when the server cannot serve them, and the reason is told once
through ``notice``: a sandbox that cannot pass descriptors (containers), a test command that is not
pytest, a tree that brings its own ``pytest``/``_pytest``/``pluggy``, an interpreter without pytest
or ``fork``, ``FIXLOOP_WARM_RUNS=0``, a server that failed, or tests that crash when forked (a
child killed by a signal where the same run done cold was not).

The gate never uses this class: it holds the cold runner, and :meth:`WarmRunner.run` itself passes
any pristine, watched or other-tree run (``pristine``, ``audit``, ``root``...) to the cold runner.
Warm runs have no result stream (:mod:`fixloop.testrun.stream`); their results are the JUnit file,
the progress file and the exit code, as in a container. They are the model's information only.
"""

from __future__ import annotations

import dataclasses
import json
import os
import select
import stat
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from fixloop.testrun.audit import inline_program, inside_source
from fixloop.testrun.command import interpreter_options
from fixloop.testrun.runner import TestRunner, git_entries
from fixloop.types import ExecResult, Outcome, TestReport

__all__ = ["CONFIG_FILES", "WARM_ENV", "WarmRunner", "warm_fingerprint"]

#: Environment variable: ``0`` (or ``no``/``false``/``off``) makes every run cold.
WARM_ENV = "FIXLOOP_WARM_RUNS"

#: pytest's configuration files (https://docs.pytest.org/en/stable/reference/customize.html).
CONFIG_FILES = ("pytest.ini", ".pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini")

#: Folders never walked for ``conftest.py`` (not collected by pytest by default either).
_SKIP_DIRS = {".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv", "venv", ".tox", ".nox"}

#: Names whose presence in the tree (or a package root) means pytest itself comes from the tree.
_SHADOWS = ("pytest", "_pytest", "pluggy")

#: Seconds the server may take to import pytest and the plugins before runs go cold.
START_TIMEOUT_S = 60.0


def _stat_key(path: str) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _conftests(root: str) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in _SKIP_DIRS and not d.endswith(".egg-info")]
        if "conftest.py" in filenames:
            out.append(os.path.join(dirpath, "conftest.py"))
    return sorted(out)


def _folders_up(root: str) -> list[str]:
    """``root`` and its parents up to the first one holding ``.git`` (the repository's top)."""
    out = [root]
    cur = root
    while not os.path.lexists(os.path.join(cur, ".git")):
        parent = os.path.dirname(cur)
        if parent == cur:
            break
        out.append(parent)
        cur = parent
    return out


def warm_fingerprint(root: Path | str, site: Sequence[str] = ()) -> tuple:
    """What the warm server's imports depend on, as comparable stat data.

    Args:
        root: the run's tree.
        site: the interpreter's ``sys.path`` folders outside the tree (the server reports them).

    Returns:
        A tuple of ``(path, (mtime_ns, size, inode) or None)`` pairs: the test configuration files
        of ``root`` and of its parents up to the repository's top, every ``conftest.py`` in the
        tree and in those parents, and each ``site`` folder. Equal tuples: no restart needed.
    """
    root = os.path.realpath(root)
    items: list[tuple[str, Any]] = []
    for folder in _folders_up(root):
        for name in CONFIG_FILES:
            p = os.path.join(folder, name)
            items.append((p, _stat_key(p)))
        if folder != root:
            p = os.path.join(folder, "conftest.py")
            items.append((p, _stat_key(p)))
    items += [(p, _stat_key(p)) for p in _conftests(root)]
    items += [(p, _stat_key(p)) for p in site]
    return tuple(items)


def _read_log(path: Path, cap: int) -> tuple[str, bool, int]:
    """A child's output log: ``(text, truncated, total bytes)``; head and tail kept past ``cap``.

    The file is opened without following a symlink and read only when it is a regular file (the
    code under test could have replaced it).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return "", False, 0
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return "", False, 0
        total = st.st_size
        with os.fdopen(fd, "rb", closefd=False) as fh:
            if total <= cap:
                return fh.read(cap).decode("utf-8", "replace"), False, total
            head = fh.read(cap // 2)
            fh.seek(total - (cap - cap // 2))
            tail = fh.read(cap - cap // 2)
    finally:
        os.close(fd)
    cut = total - len(head) - len(tail)
    marker = f"\n[... {cut} bytes of output cut here; full log: {path} ...]\n".encode()
    return (head + marker + tail).decode("utf-8", "replace"), True, total


class _ServerFailed(Exception):
    """The warm server cannot serve (the message says why, for the one notice)."""


class _Server:
    """One running warm server: its sandbox thread, its pipes, its reported ``site`` folders."""

    def __init__(self, runner: TestRunner, io_root: Path, names: list[str], sweep: bool) -> None:
        self.runner = runner
        req_r, self.req_w = os.pipe()
        self.resp_r, resp_w = os.pipe()
        self._buf = b""
        self.result: ExecResult | None = None
        self.error: BaseException | None = None
        cfg = {
            "root": str(runner.root),
            "paths": runner.package_dirs,
            "names": names,
            "req_fd": req_r,
            "resp_fd": resp_w,
            "sweep": sweep,
        }
        sources = [
            ("_fixloop_plugin", inside_source("pytest_plugin.py")),
            ("_fixloop_plain", inside_source("plainrunner.py")),
            ("_fixloop_boot", inside_source("boot.py")),
            ("_fixloop_warm", inside_source("warmserver.py")),
        ]
        program = inline_program(sources, "__import__('sys').argv[1]")
        argv = [runner.python, "-s", "-c", program, json.dumps(cfg)]
        # the server lives for the session; each child's run has its own limit (wall_s)
        limits = dataclasses.replace(runner.limits, wall_s=max(runner.limits.wall_s, 86_400.0))
        writable = runner.writable

        def serve() -> None:
            try:
                self.result = runner.sandbox.run(
                    argv,
                    cwd=runner.root,
                    limits=limits,
                    rw_paths=[io_root, *([runner.root] if writable else [])],
                    ro_paths=git_entries(runner.root) if writable else [],
                    env=dict(runner.env),
                    log_path=io_root / "server.log",
                    pass_fds=(req_r, resp_w),
                )
            except BaseException as e:  # noqa: BLE001 - told through the first request
                self.error = e

        self.thread = threading.Thread(target=serve, daemon=True, name="fixloop-warm")
        self.thread.start()
        try:
            hello = self.read(START_TIMEOUT_S)
        finally:
            # the server holds its own copies now (or never will): EOF reaches both sides
            os.close(req_r)
            os.close(resp_w)
        if hello.get("e") != "ready":
            self.close()
            raise _ServerFailed(str(hello.get("why") or "the warm server did not start"))
        self.site: list[str] = [str(p) for p in hello.get("site", [])]
        self.info = hello

    def read(self, timeout_s: float) -> dict:
        """The server's next JSON line (raises :class:`_ServerFailed` on EOF or timeout)."""
        deadline = time.monotonic() + timeout_s
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _ServerFailed(f"the warm server did not answer within {timeout_s:g} s")
            ready, _, _ = select.select([self.resp_r], [], [], min(left, 0.5))
            if not ready:
                if not self.thread.is_alive() and self.result is not None:
                    raise _ServerFailed(self._ended())
                continue
            data = os.read(self.resp_r, 65536)
            if not data:
                raise _ServerFailed(self._ended())
            self._buf += data
        line, _, self._buf = self._buf.partition(b"\n")
        try:
            return dict(json.loads(line))
        except (ValueError, TypeError) as e:
            raise _ServerFailed(f"the warm server sent an unreadable line ({e})") from None

    def _ended(self) -> str:
        self.thread.join(5.0)
        if self.error is not None:
            return f"the warm server could not start: {type(self.error).__name__}: {self.error}"
        res = self.result
        tail = (res.output[-300:].strip() if res is not None else "") or "no output"
        code = res.returncode if res is not None else None
        return f"the warm server ended (exit {code}): {tail}"

    def request(self, job: dict, timeout_s: float) -> dict:
        """Send one run and wait for its answer."""
        try:
            os.write(self.req_w, (json.dumps(job) + "\n").encode("utf-8"))
        except OSError as e:
            raise _ServerFailed(f"the warm server is gone ({e})") from None
        return self.read(timeout_s)

    def close(self) -> None:
        """End the server: its request pipe closes, it kills any child and exits."""
        for fd in (self.req_w, self.resp_r):
            try:
                os.close(fd)
            except OSError:
                pass
        self.thread.join(10.0)


class WarmRunner:
    """The model's test runs, warm where they can be; a :class:`TestRunner` for everything else.

    Args:
        runner: the session's cold runner (its sandbox, interpreter, command, limits, env, logs).
        notice: called once with the reason when runs go cold (the session's notice event, which
            the trajectory records); None: silent.
        enabled: False makes every run cold; None reads ``FIXLOOP_WARM_RUNS`` (default on).

    Attributes:
        warm_runs: runs served warm; ``cold_runs``: runs passed to the cold runner.
        restarts: times the server was restarted after a change (configuration, conftest,
            installed packages).
        fallback: why runs are cold now (None while warm runs are possible).
        starts: servers started (the first one included).
    """

    def __init__(
        self,
        runner: TestRunner,
        *,
        notice: Callable[[str], None] | None = None,
        enabled: bool | None = None,
    ) -> None:
        self.runner = runner
        self.notice = notice
        if enabled is None:
            value = os.environ.get(WARM_ENV, "1").strip().lower()
            enabled = value not in ("0", "no", "false", "off")
        self.fallback: str | None = None if enabled else f"{WARM_ENV} turns warm runs off"
        self._told = not enabled  # a user's own choice needs no notice
        self.warm_runs = 0
        self.cold_runs = 0
        self.restarts = 0
        self.starts = 0
        self._server: _Server | None = None
        self._fp: tuple = ()
        self._count = 0
        self._io_root = runner.log_dir / "warm"

    # the Runner protocol's attributes the tools and the repair model read
    @property
    def last_report(self) -> TestReport | None:
        """The latest report of the wrapped runner (warm runs set it too)."""
        return self.runner.last_report

    def __getattr__(self, name: str) -> Any:
        """Everything else (``python``, ``root``, ``limits``...) is the cold runner's."""
        if name == "runner":
            raise AttributeError(name)
        return getattr(self.runner, name)

    def run(self, target: str | Sequence[str] = "", **kwargs: Any) -> TestReport:
        """Run ``target`` warm when possible, else cold; the same :class:`TestReport` either way.

        Args:
            target: ``""`` (the whole suite), a path or a node id (as :meth:`TestRunner.run`).
            **kwargs: any of :meth:`TestRunner.run`'s options (``pristine``, ``root``, ``audit``,
                ``writable``, ``wall_s``) with a non-default value makes the run cold: those are
                the gate's and the engine's runs, never served warm.

        Returns:
            the report (never raises for test failures, hangs or crashes).

        Raises:
            SandboxUnavailable: a cold run's sandbox could not start.
        """
        special = any(v not in (None, False) for v in kwargs.values())
        if special or not isinstance(target, str) or self._why_cold(target):
            return self._cold(target, **kwargs)
        try:
            report = self._warm(target)
        except _ServerFailed as e:
            self._go_cold(str(e))
            return self._cold(target)
        return report

    def close(self) -> None:
        """Stop the server (idempotent); later runs start a new one."""
        if self._server is not None:
            self._server.close()
            self._server = None

    # -----------------------------------------------------------------------------------------

    def _cold(self, target: str | Sequence[str], **kwargs: Any) -> TestReport:
        self.cold_runs += 1
        return self.runner.run(target, **kwargs)

    def _go_cold(self, why: str) -> None:
        self.close()
        self.fallback = why
        if not self._told:
            self._told = True
            if self.notice is not None:
                self.notice(f"run_tests runs cold (a new interpreter each time): {why}")

    def _why_cold(self, target: str) -> str | None:
        """The reason this run cannot be warm (and, once, the notice), or None."""
        if self.fallback is not None:
            return self.fallback
        if target.startswith("-") or any(ord(c) < 32 for c in target):
            return "refused target"  # the cold runner refuses it without running anything
        r = self.runner
        why = None
        if not r.sandbox.passes_fds:
            why = f"the {r.sandbox.name} sandbox cannot pass the server its pipes"
        elif not r.reads_counts:
            why = "the test command is not pytest"
        elif (interpreter_options(r.test_cmd) or ([], []))[0]:
            why = "the test command gives the interpreter options (python -W ... -m pytest)"
        else:
            for rel in [*r.package_dirs, ""]:
                for name in _SHADOWS:
                    base = r.root / rel / name
                    if base.is_dir() or base.with_suffix(".py").is_file():
                        why = f"the tree provides its own {name} ({base.relative_to(r.root)})"
        if why is not None:
            self._go_cold(why)
        return why

    def _start(self) -> _Server:
        self._io_root.mkdir(parents=True, exist_ok=True)
        names = self.runner.project_packages()
        server = _Server(self.runner, self._io_root, names, self.runner.sandbox.name == "bwrap")
        self.starts += 1
        return server

    def _warm(self, target: str) -> TestReport:
        r = self.runner
        start = time.monotonic()
        if self._server is not None:
            fp = warm_fingerprint(r.root, self._server.site)
            if fp != self._fp:
                self.close()
                self.restarts += 1
        if self._server is None:
            before = warm_fingerprint(r.root)
            self._server = self._start()
            self._fp = before + warm_fingerprint(r.root, self._server.site)[len(before) :]
        self._count += 1
        run_dir = self._io_root / f"run-{self._count:04d}"
        io_dir = run_dir / "io"
        io_dir.mkdir(parents=True, exist_ok=True)
        log_path = run_dir / "output.log"
        argv, reads_junit = r._argv(
            [target] if target else [], pristine=False, io_dir=io_dir, root=r.root
        )
        if not reads_junit:  # pragma: no cover - reads_counts was checked
            raise _ServerFailed("the test command is not pytest")
        cfg_file = Path(argv[-1].removeprefix("@"))  # the cold run's config file (_argv)
        cfg = json.loads(cfg_file.read_text(encoding="utf-8"))
        cfg_file.unlink()  # it travels over the server's pipe instead
        wall = float(r.limits.wall_s)
        answer = self._server.request({"cfg": cfg, "log": str(log_path), "wall_s": wall}, wall + 30)
        timed_out = bool(answer.get("timed_out"))
        rc = None if timed_out else int(answer.get("rc", 3))
        text, truncated, total = _read_log(log_path, r.limits.output_bytes)
        res = ExecResult(
            returncode=rc,
            output=text,
            timed_out=timed_out,
            duration_s=float(answer.get("seconds", 0.0)),
            output_truncated=truncated,
            total_output_bytes=total,
        )
        report = r._report(
            res,
            target=target,
            io_dir=io_dir,
            log_path=log_path,
            root=str(r.root),
            reads_junit=True,
            wall_s=wall,
            stream=None,
        )
        report.duration_s = time.monotonic() - start
        report = r._redact(report)
        if rc is not None and rc < 0 and report.outcome == Outcome.INTERRUPTED:
            return self._crashed(target, -rc)
        self.warm_runs += 1
        r.last_report = report
        return report

    def _crashed(self, target: str, sig: int) -> TestReport:
        """A child killed by signal ``sig``: the same run cold decides whether forking is at fault."""
        cold = self._cold(target)
        if cold.outcome != Outcome.INTERRUPTED:
            self._go_cold(
                f"the tests crashed (signal {sig}) when forked from the warm server but not in "
                "a cold run"
            )
        return cold
