"""The test command, read back from JUnit XML into a :class:`fixloop.types.TestReport`.

A :class:`TestRunner` runs the project's tests in a :class:`fixloop.sandbox.Sandbox` with the
project's own interpreter (:func:`find_python`). For a pytest command (the default
``python -m pytest``) it runs a small bootstrap (``fixloop.testrun.inside.boot``) that calls ``pytest.main``
with :data:`CACHE_ARGS` ``-rfE -q``, the command's options, then ``-o junit_family=xunit1
--junit-prefix= --junitxml=FILE`` (fixloop's JUnit file wins over the command's) plus a progress
plugin, both writing into a fresh folder outside the workspace; when the interpreter has no
pytest, a plain runner collects ``test_*`` functions and reports the same way. Results are read
from the JUnit XML (stdlib ``xml.etree``), never guessed from the text, and classified
(:func:`fixloop.testrun.classify.read_report`):

=========================  ==========================================================
outcome                    when
=========================  ==========================================================
``passed``                 exit 0 and at least one test ran
``failed``                 exit 1 (failing or erroring tests)
``collection_error``       exit 2 with "ERROR collecting" / collection failures in the XML
``interrupted``            other exit 2, or killed by a signal
``internal_error``         exit 3, or no JUnit XML where pytest should have written one
``usage_error``            exit 4 (bad option, a target that names no existing test),
                           or a refused target
``no_tests_collected``     exit 5, or exit 0 with no test run (never a pass)
``timed_out``              the wall-clock limit killed the process tree
=========================  ==========================================================

Exit codes are pytest's (https://docs.pytest.org/en/stable/reference/exit-codes.html). The
output the model sees is capped (``output_cap_bytes``): head and tail of the output, and always
the failing ids, the ``E`` lines and pytest's short test summary, with a note saying it was cut
and where the full log is (outside the workspace).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from fixloop.errors import ConfigError
from fixloop.sandbox import Sandbox
from fixloop.sandbox.bwrap import place_file
from fixloop.testrun import liveprogress
from fixloop.testrun.audit import (
    RUNNER_CODE_FILE,
    AuditChannel,
    audit_config,
    checkout_marker,
    compiled_code,
    project_tests,
    read_records,
    runner_program,
    runner_sources,
)
from fixloop.testrun.classify import audit_findings, read_capped, read_report
from fixloop.testrun.collect import _CACHE_ARGS, collected_ids
from fixloop.testrun.collect import collect as collect_ids
from fixloop.testrun.command import (  # noqa: F401 - re-exported (split out, issue 10)
    _PYTHON_WORDS,
    DEFAULT_TEST_CMD,
    _pytest_extra,
    _pytest_parts,
    discover_python,
    find_python,
    git_entries,
    interpreter_options,
    parse_test_cmd,
    pytest_args,
)
from fixloop.testrun.junit import tree_id_in
from fixloop.testrun.projectpaths import (
    declared_packages,
    import_origins,
    package_roots,
    top_level_packages,
)
from fixloop.testrun.record import plugin_pins, read_record, record_config, subset_args
from fixloop.testrun.rootdir import in_run_folder, rootdir_arg, rootdir_option, shown_root
from fixloop.testrun.secondopinion import SecondOpinion, run_second_opinion
from fixloop.testrun.stream import ResultStream
from fixloop.testrun.unittestcmd import UnittestCommand
from fixloop.types import ExecResult, Limits, Outcome, TestReport

__all__ = [
    "DEFAULT_TEST_CMD",
    "INSIDE_DIR",
    "TestRunner",
    "discover_python",
    "find_python",
    "parse_test_cmd",
    "pytest_args",
]

INSIDE_DIR = Path(__file__).resolve().parent / "inside"  #: files sent to the sandbox as ``-c``
#: pytest's cache provider stays on (``config.cache``, the ``cache`` fixture: a conftest keeping a
#: table there works, red team 3 F11), its plugins that choose or reorder tests from the cache
#: are blocked, so a project's ``--lf``/``--ff``/``--nf``/``--sw`` in addopts parses and changes
#: nothing; no ``.pytest_cache`` is written unless the project's own code writes one.
CACHE_ARGS = _CACHE_ARGS

_RUN_LOCK = threading.Lock()


#: JUnit settings after the command's own (the last wins): xunit1 (``file``), no prefix (one made
#: a class's methods read as the file's functions where no stream names them: containers, warm).
_JUNIT_OPTIONS = ("-o", "junit_family=xunit1", "--junit-prefix=")


# --------------------------------------------------------------------------------------------
# The runner
# --------------------------------------------------------------------------------------------


class TestRunner:
    """Runs the project's tests in a sandbox and returns a :class:`TestReport`.

    Args:
        root: the workspace root (the worktree).
        sandbox: where the tests run.
        test_cmd: argv list, or a string split with :mod:`shlex`; default ``python -m pytest``.
            A leading ``python``/``python3`` means the project interpreter. A pytest command
            (``python -m pytest ...``, ``pytest ...``) keeps its extra arguments; any other
            command runs as given and its counts cannot be read (so it is never a pass).
        python: the configured interpreter (see :func:`find_python`); containers default to
            the image's ``python``.
        limits: sandbox limits (default :class:`Limits`).
        log_dir: folder for full logs and JUnit files; must be outside the workspace.
        output_cap_bytes: most bytes of output the model sees per run.
        env: extra environment variables for the test command (PYTHON* ones are dropped in
            pristine mode).
        secrets: ``{value: label}`` replaced by ``[REDACTED:label]`` in every report's output,
            reasons, notice and collection errors before anyone (the model, the trajectory)
            reads them: the user's credential-like variables and dotenv values
            (:func:`fixloop.trajectory.secret_values`, :func:`fixloop.trajectory.dotenv_secrets`).
        per_test_s: seconds one test may take in a pytest run (fixloop's plugin stops it alone,
            as a failure, and the suite goes on); None: no per-test limit. The session sets it
            from the settings before the baseline and from the baseline's timings after it
            (:meth:`fixloop.config.TimeoutSettings.derive`).
        writable: the default of :meth:`run`'s ``writable``: True lets every run's tests write
            inside the tree (a run's worktree, whose by-products never enter the commit: the
            candidate is built from the tools' edits alone). The tree's ``.git`` entries stay
            read-only either way.

    Raises:
        ConfigError: ``log_dir`` inside the workspace, a bad test command or interpreter.

    Attributes:
        last_report: the :class:`TestReport` of the latest :meth:`run` (None before any), so
            that a caller that did not start the run (the repair model after its ``run_tests``
            call) reads the structured result instead of the tool's text.
    """

    __test__ = False  # not a pytest test class

    #: :meth:`run` takes ``record``, ``plugins`` (the baseline's record, the gate's pins), ``variant``
    records = perturbs = True

    def __init__(
        self,
        root: Path,
        sandbox: Sandbox,
        *,
        test_cmd: str | Sequence[str] | None = None,
        python: str | None = None,
        limits: Limits | None = None,
        log_dir: Path,
        output_cap_bytes: int = 16_000,
        env: Mapping[str, str] | None = None,
        secrets: Mapping[str, str] | None = None,
        writable: bool = False,
        per_test_s: float | None = None,
    ) -> None:
        self.root = Path(os.path.realpath(root))
        self.sandbox = sandbox
        if sandbox.host_python:
            self.python = find_python(self.root, python)
        else:
            self.python = python or "python"
        self.test_cmd = parse_test_cmd(test_cmd)
        try:
            _pytest_parts(self.test_cmd)
        except UnittestCommand as e:
            raise ConfigError(f"test command: {e}") from None
        self.limits = limits or Limits()
        self.log_dir = Path(os.path.realpath(log_dir))
        self._check_outside(self.root)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.output_cap_bytes = int(output_cap_bytes)
        self.env = dict(env or {})
        self.writable = bool(writable)
        self.per_test_s = per_test_s
        #: the tree's package roots (e.g. ``["src"]``), first on ``sys.path`` in every run
        self.package_dirs = package_roots(self.root)
        self.secrets = dict(sorted((secrets or {}).items(), key=lambda kv: -len(kv[0])))
        self._count = 0
        self._since: dict[Path, int] = {}  # a watched tree -> its checkout marker's ctime (ns)
        self._payload = runner_program()
        self._code = compiled_code(runner_sources())  # the program's modules, compiled once
        self.last_report: TestReport | None = None
        #: the baseline's ``record.plugins`` (set by the session): runs of some tests without
        #: plugins of their own get :func:`~fixloop.testrun.record.subset_args` from them
        self.baseline_plugins: Sequence[tuple[str, str]] | None = None
        self.baseline_data: list[str] = []  #: the baseline record's data_read, watched in gate runs
        self.baseline_written: list[str] = []  #: its data_written: outputs, not watched
        self.baseline_swaps: list[tuple[str, str, str]] | None = None  #: its swaps: not findings

    @property
    def reads_counts(self) -> bool:
        """True when fixloop counts the test command's tests (pytest, or unittest through pytest)."""
        return _pytest_extra(self.test_cmd) is not None

    def _check_outside(self, root: Path) -> None:
        if self.log_dir == root or self.log_dir.is_relative_to(root):
            raise ConfigError(f"the log folder {self.log_dir} must be outside the workspace {root}")

    def _argv(
        self,
        targets: Sequence[str],
        *,
        pristine: bool,
        io_dir: Path,
        root: Path,
        audit: dict | None = None,
        stream_fd: int | None = None,
        record: dict | None = None,
        plugins: Sequence[tuple[str, str]] | None = None,
    ) -> tuple[list[str], bool]:
        """Return (argv, reads_junit).

        ``audit``: the audit hook's config (gate runs); ``stream_fd``: the per-test stream's
        descriptor (:mod:`fixloop.testrun.stream`); ``record``: the recorder's config
        (:func:`~fixloop.testrun.record.record_config`); ``plugins``: entry-point plugins to load.
        """
        parts = _pytest_parts(self.test_cmd)
        rootdir = rootdir_arg(parts[0]) if parts else None  # ids read in another checkout:
        targets = [in_run_folder(tree_id_in(t, str(root)), root, rootdir) for t in targets]
        if parts is None:
            argv = list(self.test_cmd)
            if argv[0] in _PYTHON_WORDS:
                argv[0] = self.python
            return argv + list(targets), False
        known = self.baseline_plugins if plugins is None else plugins
        args = [
            *CACHE_ARGS,
            "-rfE",
            "-q",
            "--color=no",
            *(plugin_pins(plugins) if plugins is not None else []),
            *(a for a in parts[0] if a not in ("-q", "--quiet")),  # "-q" is already there
            *_JUNIT_OPTIONS,
            f"--junitxml={io_dir / 'junit.xml'}",  # after the command's: the last one wins
            *(subset_args(known) if targets else []),  # no whole-suite coverage threshold
            *(targets or parts[1]),
        ]
        cfg: dict[str, Any] = {
            "mode": "pristine" if pristine else "normal",
            "root": str(root),
            "args": args,
            "targets": list(targets or parts[1]),  # the plain runner's: one item per id
            "junit": str(io_dir / "junit.xml"),
            "progress": str(io_dir / "progress.jsonl"),
            "stream_fd": stream_fd,
            "paths": self.package_dirs,
            "per_test_s": self.per_test_s,
            # the baseline's and the gate's runs (watched, recorded): no xdist workers (G9)
            "in_process": pristine or audit is not None or record is not None,
        }
        if audit is not None:
            cfg["audit"] = audit
        if record is not None:
            cfg["record"] = record
        opts = (interpreter_options(self.test_cmd) or ([], []))[0]  # python -W error -m pytest
        # a file: 3,000 ids passed Linux's 128 KiB per argument (E2BIG); boot reads, deletes it
        (io_dir / "config.json").write_text(json.dumps(cfg), encoding="utf-8")
        (io_dir / RUNNER_CODE_FILE).write_bytes(self._code)  # read (if it fits), deleted by it
        return [self.python, *opts, "-s", "-c", self._payload, f"@{io_dir}/config.json"], True

    def _new_run_dir(self) -> Path:
        with _RUN_LOCK:
            self._count += 1
            n = self._count
        stamp = time.strftime("%Y%m%d-%H%M%S")
        d = self.log_dir / f"run-{stamp}-{os.getpid()}-{id(self) % 10000:04d}-{n:04d}"
        (d / "io").mkdir(parents=True, exist_ok=True)
        return d

    def run(
        self,
        target: str | Sequence[str] = "",
        *,
        pristine: bool = False,
        root: Path | None = None,
        audit: Mapping[str, Sequence[int]] | None = None,
        writable: bool | None = None,
        wall_s: float | None = None,
        record: str | None = None,
        plugins: Sequence[tuple[str, str]] | None = None,
        variant: bool = False,
        place: tuple[Path, Path] | None = None,
        around: Path | None = None,
        keep_home: Path | None = None,
        alias: tuple[Path, Path] | None = None,
    ) -> TestReport:
        """Run the tests named by ``target`` and read the result.

        Args:
            target: "" (the whole suite), a path, or a node id; or a sequence of them (the
                gate's repeats of the baseline's failing tests). Each is one argv item (never
                to a shell); option-like targets (leading ``-``) and control characters are
                refused with a ``usage_error`` report and nothing runs.
            pristine: the gate's mode: the real pytest runs even if the workspace shadows it.
            root: run in another tree (eval scoring, scratch copies) with the same settings.
            writable: the tests may write into ``root`` (the gate's disposable checkout, a run's
                worktree); None: the runner's default. ``.git`` entries (the tree's own and its
                submodules') stay read-only: a rewritten gitfile would point fixloop's next git
                command at a repository of the code's choosing.
            wall_s: a shorter wall-clock limit for this run (the run's remaining budget);
                the configured limit applies when it is larger or None.
            audit: the gate's watch: ``{relpath: [line, ...]}``, the lines the change added
                or modified (:func:`fixloop.testrun.audit.watch_lines`). The audit hook
                (:mod:`fixloop.testrun.inside.audithook`) is installed before pytest and its
                findings, and any fault of its channel, land in ``report.audit``. None: no
                watch (the model's own runs).
            record: ``"baseline"`` or ``"gate"``: what the tests used or what pytest loaded
                by itself lands in ``report.record`` (:mod:`fixloop.testrun.record`); None:
                nothing recorded. Only for a pytest command.
            plugins: ``(entry-point name, module)`` of the plugins to load (the baseline's
                ``record.plugins``): plugin autoloading is switched off
                (``PYTEST_DISABLE_PLUGIN_AUTOLOAD=1``) and each is named with ``-p``, so the
                tree cannot add or replace one. None: pytest loads what it finds.
            variant: the gate's perturbed run (:meth:`fixloop.sandbox.Sandbox.run`'s ``variant``).
            place: ``(tree top, path)``: the tree shown at the user's checkout's path, where the
                sandbox can (:attr:`fixloop.sandbox.Sandbox.places`); ids are read there.
            around: a private folder holding ``root`` (the perturbed checkout's temporary
                folder), made writable too, so ``root`` and its parents up to it are one mount.
            keep_home: HOME's content kept between the runs naming this host folder
                (:meth:`fixloop.sandbox.Sandbox.run`; the gate's runs of one verification).
            alias: ``(tree top, path)``: the tree (writable, holding ``root``) also shown at
                ``path`` (the perturbed run: the user's checkout path;
                :meth:`fixloop.sandbox.Sandbox.run`), where the sandbox can place trees.

        Returns:
            A :class:`TestReport` (never raises for test failures, hangs or crashes).

        Raises:
            SandboxUnavailable: the sandbox could not start the command.
            ConfigError: the log folder is inside ``root``.
        """
        start = time.monotonic()
        run_root = Path(os.path.realpath(root)) if root is not None else self.root
        self._check_outside(run_root)
        targets = ([target] if target else []) if isinstance(target, str) else list(target)
        target = target if isinstance(target, str) else " ".join(str(t) for t in targets)
        if any(
            not isinstance(t, str) or not t or t.startswith("-") or re.search(r"[\x00-\x1f]", t)
            for t in targets
        ):
            self.last_report = TestReport(
                outcome=Outcome.USAGE_ERROR,
                target=str(target),
                notice=f"target refused: {target!r} is not a test path or node id",
                output=f"target refused: {target!r} is not a test path or node id "
                "(options and control characters are not allowed)",
            )
            return self.last_report
        run_dir = self._new_run_dir()
        io_dir = run_dir / "io"
        log_path = run_dir / "output.log"
        env = dict(self.env)
        if pristine:
            env = {k: v for k, v in env.items() if not k.startswith("PYTHON")}
        reads_counts = self.reads_counts  # a pytest command (unittest included)
        watched = audit is not None and reads_counts
        channel = AuditChannel() if watched and self.sandbox.passes_fds else None
        audit_cfg = None
        if watched:
            audit_cfg = audit_config(
                run_root,
                dict(audit or {}),
                [io_dir],
                fd=channel.write_fd if channel else None,
                path=None if channel else io_dir / "audit.jsonl",
                data=self.baseline_data,
                outputs=self.baseline_written,
                **self._fresh_rule(run_root, run_dir),
            )
        stream = ResultStream() if self.sandbox.passes_fds and reads_counts else None
        record_cfg = (
            record_config(record, run_root, io_dir, stream.write_fd if stream else None)
            if record and reads_counts
            else None
        )
        if plugins is not None and reads_counts:
            env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
        argv, reads_junit = self._argv(
            targets,
            pristine=pristine,
            io_dir=io_dir,
            root=run_root,
            audit=audit_cfg,
            stream_fd=stream.write_fd if stream else None,
            record=record_cfg,
            plugins=plugins if reads_counts else None,
        )
        fds = tuple(c.write_fd for c in (channel, stream) if c is not None)
        writable = self.writable if writable is None else writable
        limits = self.limits
        if wall_s is not None and wall_s < limits.wall_s:
            limits = dataclasses.replace(limits, wall_s=max(wall_s, 0.1))
        extra: dict[str, Any] = {"pass_fds": fds} if fds else {}
        extra.update({"variant": True} if variant else {})
        extra.update({"keep_home": keep_home} if keep_home is not None else {})
        if alias is not None and self.sandbox.places:  # the tree also at the user's path
            extra["alias"] = alias
        shown = shown_root(run_root, place, self.sandbox)  # ids name the tree where it is shown
        if shown != str(run_root):  # the config file names the tree where the sandbox shows it
            place_file(io_dir / "config.json", place)
            extra["place"] = place
        try:
            with liveprogress.track(io_dir / "progress.jsonl"):
                res = self.sandbox.run(
                    argv,
                    cwd=run_root,
                    limits=limits,
                    rw_paths=[io_dir, *([run_root] if writable else []), *filter(None, [around])],
                    ro_paths=git_entries(run_root) if writable else [],
                    env=env,
                    log_path=log_path,
                    **extra,
                )
            log = channel.log() if channel else None
            streamed = stream.records() if stream else None
        finally:
            if channel:
                channel.close()
            if stream:
                stream.close()
        if watched and log is None:
            log = read_records(read_capped(io_dir / "audit.jsonl"))
        report = self._report(
            res,
            target=target,
            io_dir=io_dir,
            log_path=log_path,
            root=shown,
            reads_junit=reads_junit,
            wall_s=limits.wall_s,
            stream=streamed,
        )
        if log is not None:
            report.audit = audit_findings(log, res)
        if record_cfg is not None and record is not None:
            report.record = read_record(io_dir, streamed, record)
            if record == "baseline":  # the data the tests read: watched in later gate runs
                self.baseline_data = list(report.record.data_read)
                self.baseline_written = list(report.record.data_written)
                self.baseline_swaps = report.record.swaps  # replacements: the base's own
        report.duration_s = time.monotonic() - start
        self.last_report = report = self._redact(report)
        return report

    def _fresh_rule(self, root: Path, run_dir: Path) -> dict[str, Any]:
        """``since``, ``tests`` and the baseline's ``swaps`` of the watch over ``root`` (auditfresh).

        ``since`` is taken at the first watched run of ``root`` and kept for its later ones
        (the second opinion): what one test process writes is run-time code in the next.
        """
        if root not in self._since:
            self._since[root] = checkout_marker(run_dir)
        tests = project_tests(root, _pytest_extra(self.test_cmd) or ())
        return {"since": self._since[root], "tests": tests, "swaps": self.baseline_swaps}

    def _redact(self, report: TestReport) -> TestReport:
        """``report`` with every secret value in its texts replaced (see ``secrets``)."""
        if not self.secrets:
            return report
        from fixloop.trajectory import redact

        report.output = redact(report.output, self.secrets)
        report.notice = redact(report.notice, self.secrets)
        report.collection_errors = redact(report.collection_errors, self.secrets)
        for f in report.failing:
            f.reason = redact(f.reason, self.secrets)
        return report

    def second_opinion(
        self,
        ids: Sequence[str],
        *,
        audit: Mapping[str, Sequence[int]],
        root: Path | None = None,
        place: tuple[Path, Path] | None = None,
    ) -> SecondOpinion:
        """Run ``ids`` again through fixloop's own runner, watched (the gate's second opinion).

        Args:
            ids: node ids (the baseline's failing tests).
            audit: the changed lines to watch (as for :meth:`run`).
            root: the tree to test (default: the workspace).
            place: ``(tree top, path)`` where the sandbox shows it (as for :meth:`run`).

        Returns:
            a :class:`~fixloop.testrun.secondopinion.SecondOpinion` (never raises for failures).

        Raises:
            SandboxUnavailable: the sandbox could not start the command.
        """
        run_root = Path(os.path.realpath(root)) if root is not None else self.root
        self._check_outside(run_root)
        run_dir = self._new_run_dir()  # with its io folder
        return run_second_opinion(
            self.sandbox,
            python=self.python,
            root=run_root,
            ids=list(ids),
            limits=self.limits,
            log_dir=run_dir / "io",
            watch=dict(audit),
            env={k: v for k, v in self.env.items() if not k.startswith("PYTHON")},
            paths=self.package_dirs,
            args=rootdir_option(_pytest_extra(self.test_cmd) or ()),
            writable=root is not None or self.writable,
            place=place if self.sandbox.places else None,
            outputs=self.baseline_written,
            options=(interpreter_options(self.test_cmd) or ([], []))[0],
            **self._fresh_rule(run_root, run_dir / "io"),
        )

    def project_packages(self) -> list[str]:
        """The project's top-level import names in the run's tree (at most 20).

        Those in its package roots (``src/`` ...), else those at the root, then the names its
        ``package-dir`` maps to folders (:func:`~fixloop.testrun.projectpaths.declared_packages`).
        """
        names: list[str] = []
        for rel in self.package_dirs or [""]:
            names += [n for n in top_level_packages(self.root / rel) if n not in names]
        names += [n for n in declared_packages(self.root) if n not in names]
        return names[:20]

    def import_origins(self, names: Sequence[str]) -> dict[str, str | None]:
        """Where the interpreter, in the sandbox, imports each of ``names`` from ({} on failure).

        See :func:`fixloop.testrun.projectpaths.import_origins`.
        """
        return import_origins(self, names)

    def collect(self, target: str = "", *, root: Path | None = None) -> list[str]:
        """The node ids pytest collects for ``target`` (:func:`fixloop.testrun.collect.collect`)."""
        return collect_ids(self, target, root=root)

    def collect_command(self, root: Path, *, wall_s: float | None = None) -> list[str] | None:
        """The ids the test command collects in ``root``, or None (:func:`collected_ids`)."""
        return collected_ids(self, root, wall_s=wall_s)

    def _report(
        self,
        res: ExecResult,
        *,
        target: str,
        io_dir: Path,
        log_path: Path,
        root: str,
        reads_junit: bool,
        wall_s: float | None = None,
        stream: list[dict] | None = None,
    ) -> TestReport:
        """:func:`fixloop.testrun.classify.read_report` with this runner's limits and cap."""
        return read_report(
            res,
            target=target,
            io_dir=io_dir,
            log_path=log_path,
            root=root,
            reads_junit=reads_junit,
            wall_s=self.limits.wall_s if wall_s is None else wall_s,
            per_test_s=self.per_test_s,
            output_cap_bytes=self.output_cap_bytes,
            stream=stream,
        )
