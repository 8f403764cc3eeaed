"""The second opinion: the baseline's failing tests, run again by fixloop's own runner.

The gate's pytest run can be fooled from the inside (the code under test patches pytest's report
objects, registers a plugin, rewrites the JUnit file at exit). The second opinion runs the tests
that failed at the baseline once more, in a fresh sandboxed process, through
:mod:`fixloop.testrun.inside.secondrunner`: pytest only collects; fixloop's loop sets up fixtures, calls each
test function and decides pass or fail from its return or exception, and streams each result
over the audit channel (:mod:`fixloop.testrun.audit`) as it happens. The gate's verdict needs both runs
to agree.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fixloop.sandbox.bwrap import place_file
from fixloop.testrun.audit import (
    AuditChannel,
    AuditEvent,
    audit_config,
    audit_sources,
    compiled_code,
    inline_program,
    inside_source,
)
from fixloop.testrun.command import git_entries
from fixloop.types import Limits


def second_sources() -> tuple[tuple[str, str], ...]:
    """``(module name, source)`` of the second-opinion program, in load order."""
    return (
        *audit_sources(),
        # an interpreter without pytest: the plain runner is the loop (secondrunner.main)
        ("_fixloop_plain", inside_source("plainrunner.py")),
        ("_fixloop_secondhooks", inside_source("secondhooks.py")),
        ("_fixloop_second", inside_source("secondrunner.py")),
    )


def payload(cfg_json: str, code_file: Path | None = None) -> str:
    """The ``python -c`` program of the second-opinion process (hook first, then the runner).

    ``cfg_json`` is the config's JSON or ``@PATH`` of a file holding it (the gate's way, read
    and deleted before any project code runs). It travels inside the program text, not in
    ``sys.argv`` (which stays ``['-c']``), so code that looks at the command line for signs of a
    test run finds none. ``code_file``: where the harness wrote the modules' compiled code
    (:func:`fixloop.testrun.audit.compiled_code`; read, deleted, used when it fits).
    """
    code_path = repr(str(code_file)) if code_file is not None else None
    return inline_program(second_sources(), repr(cfg_json), code_path=code_path)


@dataclass
class SecondOpinion:
    """What fixloop's own runner found for the baseline's failing tests.

    Attributes:
        outcomes: ``{node id: outcome}``; outcome is ``passed``, ``failed``, ``error``,
            ``skipped``, ``unknown`` (a test it cannot judge by itself: async, doctest) or
            ``missing`` (not collected).
        messages: ``{node id: first line of the failure}`` for tests that did not pass.
        events: the audit findings of this run (:class:`fixloop.testrun.audit.AuditEvent`).
        problems: reasons this run cannot back a pass (channel, exit, duplicates...).
        duration_s: wall-clock seconds of the run.
        returncode: the process exit code (None on timeout).
    """

    outcomes: dict[str, str] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)
    events: list[AuditEvent] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    duration_s: float = 0.0
    returncode: int | None = None

    def disagreement(self, ids: Sequence[str]) -> str | None:
        """Why this run does not confirm that every test of ``ids`` passes, or None.

        A parametrized id stands for all its cases (``test_a`` covers ``test_a[1]``...).
        ``unknown`` outcomes do not disagree (the caller reports them); everything else that
        is not ``passed`` does, and so does any problem of the channel.
        """
        if self.problems:
            return "; ".join(self.problems[:5])
        bad: list[str] = []
        for tid in ids:
            got = {k: v for k, v in self.outcomes.items() if k == tid or k.startswith(tid + "[")}
            if not got:
                bad.append(f"{tid}: not run")
                continue
            for k, v in sorted(got.items()):
                if v not in ("passed", "unknown"):
                    msg = self.messages.get(k, "")
                    bad.append(f"{k}: {v}" + (f" ({msg})" if msg else ""))
        return (
            "; ".join(bad[:5]) + (f" (+{len(bad) - 5} more)" if len(bad) > 5 else "")
            if bad
            else None
        )

    def unknown(self) -> list[str]:
        """Ids this runner could not judge by itself."""
        return sorted(k for k, v in self.outcomes.items() if v == "unknown")


def run_second_opinion(
    sandbox: object,
    *,
    python: str,
    root: Path,
    ids: Sequence[str],
    limits: Limits,
    log_dir: Path,
    watch: Mapping[str, Sequence[int]],
    io_dirs: Sequence[Path] = (),
    args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    paths: Sequence[str] = (),
    writable: bool = False,
    since: int | None = None,
    tests: Mapping[str, Sequence[str]] | None = None,
    place: tuple[Path, Path] | None = None,
    outputs: Sequence[str] = (),
    options: Sequence[str] = (),
    swaps: Sequence[Sequence[str]] | None = None,
) -> SecondOpinion:
    """Run ``ids`` with fixloop's own runner in ``sandbox`` and read its channel.

    Args:
        sandbox: a :class:`fixloop.sandbox.Sandbox`; one that can pass descriptors
            (``run(..., pass_fds=...)``) gets a pipe, others a channel file in ``log_dir``.
        python: the project's interpreter.
        root: the tree to test (the gate's checkout).
        ids: node ids (relative to ``root``), the baseline's failing tests.
        limits: sandbox limits.
        log_dir: a fresh folder outside ``root`` for the output log (writable in the sandbox).
        watch: the changed lines (:func:`fixloop.testrun.audit.watch_lines`).
        io_dirs: result folders of the run to protect (``log_dir`` is always one).
        args: extra pytest arguments for collection (``-p`` options of the test command).
        paths: the tree's package roots, relative to ``root``, put first on ``sys.path``
            (:func:`fixloop.testrun.projectpaths.package_roots`).
        env: extra environment variables.
        writable: the tests may write into ``root`` (the gate's disposable checkout, as in its
            full run: a test or module that writes into the tree must not fail here only);
            its ``.git`` entries stay read-only.
        since: the checkout marker's ``st_ctime_ns``: later files were written at run time
            (:func:`fixloop.testrun.audit.checkout_marker`; None: none counts so).
        tests: the project's test-file settings (:func:`fixloop.testrun.audit.project_tests`).
        place: ``(tree top, path)``: the sandbox shows the tree at the user's checkout's path
            (:meth:`fixloop.sandbox.Sandbox.run`'s ``place``); None: where it is.
        outputs: files the baseline's run wrote (``RunRecord.data_written``), not watched.
        options: the test command's interpreter options (``python -W error -m pytest``:
            ``["-W", "error"]``, :func:`fixloop.testrun.command.interpreter_options`), put on
            this process's interpreter as the full run puts them on its own: a test that
            expects a warning raised as an error passed there and failed here.
        swaps: the baseline's replacements (``RunRecord.swaps``), or None: not recorded.

    Returns:
        a :class:`SecondOpinion`; never raises for test failures, crashes or timeouts.

    Raises:
        SandboxUnavailable: the sandbox could not start.
    """
    start = time.monotonic()
    log_dir = Path(log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    protected = [log_dir, *io_dirs]
    passes_fds = bool(getattr(sandbox, "passes_fds", False))
    channel_file = log_dir / "second-opinion.audit.jsonl"
    with AuditChannel() as ch:
        audit = (
            audit_config(
                root,
                dict(watch),
                protected,
                fd=ch.write_fd,
                since=since,
                tests=tests,
                outputs=outputs,
                swaps=swaps,
            )
            if passes_fds
            else audit_config(
                root,
                dict(watch),
                protected,
                path=channel_file,
                since=since,
                tests=tests,
                outputs=outputs,
                swaps=swaps,
            )
        )
        cfg = {
            "root": str(root),
            "ids": list(ids),
            "args": list(args),
            "audit": audit,
            "paths": list(paths),
        }
        # a file, not the program text: thousands of ids pass Linux's 128 KiB per argument
        cfg_file = log_dir / "second-opinion.config.json"
        cfg_file.write_text(json.dumps(cfg), encoding="utf-8")
        code_file = log_dir / "second-opinion.code.bin"
        code_file.write_bytes(compiled_code(second_sources()))
        argv = [python, *options, "-s", "-c", payload(f"@{cfg_file}", code_file)]
        kwargs: dict = {"pass_fds": (ch.write_fd,)} if passes_fds else {}
        if place is not None:  # the config names the tree where the sandbox shows it
            place_file(cfg_file, place)
            kwargs["place"] = place
        res = sandbox.run(  # type: ignore[attr-defined]
            argv,
            cwd=Path(root),
            limits=limits,
            rw_paths=[log_dir, *([Path(root)] if writable else [])],
            ro_paths=git_entries(Path(root)) if writable else [],
            env=dict(env or {}),
            log_path=log_dir / "second-opinion.log",
            **kwargs,
        )
        log = ch.log()
    if not passes_fds:
        from fixloop.testrun.audit import read_records
        from fixloop.testrun.resultfile import read_result_file

        log = read_records(read_result_file(channel_file, cap=8 * 1024 * 1024) or b"")
    out = SecondOpinion(duration_s=time.monotonic() - start, returncode=res.returncode)
    out.events = list(log.events)
    out.problems = log.problems()
    if res.timed_out:
        out.problems.append(f"fixloop's own runner timed out after {limits.wall_s:g} s")
    seen: dict[str, int] = {}
    for rec in log.results:
        tid = str(rec.get("id", ""))
        seen[tid] = seen.get(tid, 0) + 1
        outcome = str(rec.get("outcome", ""))
        if tid in out.outcomes and out.outcomes[tid] != outcome:
            out.problems.append(f"two different results for {tid} on fixloop's channel")
        out.outcomes[tid] = outcome
        if rec.get("msg"):
            out.messages[tid] = str(rec["msg"])
    if any(n > 1 for n in seen.values()):
        dup = sorted(k for k, n in seen.items() if n > 1)
        out.problems.append(f"results written twice on fixloop's channel: {', '.join(dup[:3])}")
    if not log.results and not out.problems:
        out.problems.append(
            "fixloop's own runner reported no result: " + (res.output.strip()[-300:] or "no output")
        )
    return out
