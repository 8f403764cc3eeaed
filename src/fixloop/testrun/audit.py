"""The harness side of the in-process watch: the channel, the watched lines, the findings.

:mod:`fixloop.testrun.inside.audithook` runs inside the sandboxed test process and writes one JSON line per
finding to a descriptor it inherited; this module makes that pipe (:class:`AuditChannel`), reads
it from a thread while the tests run (a pipe the harness does not drain would block the test
process), tells the hook which lines the change added or modified (:func:`watch_lines`), and
turns the records into :class:`AuditEvent` findings a reviewer can read (:func:`read_records`).

The code under test cannot rewrite a record after the fact: each one is in the pipe, outside
the sandbox, the moment it is written. It can only stop writing, which the protocol makes
loud: a run whose channel has no ``hello`` or no ``end`` record (written last, at interpreter
exit) is not a pass, and a replaced descriptor ends the process with exit code 121.
"""

from __future__ import annotations

import binascii
import difflib
import functools
import importlib.util
import json
import marshal
import os
import re
import tempfile
import threading
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fixloop import pathrules

#: Exit code of a test process whose audit channel was closed or replaced under it.
CHANNEL_BROKEN_EXIT = 121

#: Most bytes read from one channel; the rest is drained and dropped (``overflow`` is set).
MAX_CHANNEL_BYTES = 8 * 1024 * 1024


_PROGRAM = """\
import sys as _s
if _s.path and _s.path[0] in ('', '.'):
    del _s.path[0]
import types as _t, zlib as _z, binascii as _b
def _load(p):
    try:
        with open(p, 'rb') as f:
            d = f.read()
        __import__('os').unlink(p)
        if d[:4] == _s.modules['_frozen_importlib_external'].MAGIC_NUMBER and not _s.flags.optimize:
            return dict(__import__('marshal').loads(_z.decompress(d[4:])))
    except Exception:
        pass
    return {{}}
_k = {load}
_own = {{}}
for _n, _c in {sources!r}:
    _m = _t.ModuleType(_n)
    _m.__file__ = '<fixloop ' + _n + '>'
    _s.modules[_n] = _m
    _own[_n] = _m
    exec(_k.get(_n) or compile(_z.decompress(_b.a2b_base64(_c)).decode(), _m.__file__, 'exec'), _m.__dict__)
for _n, _m in _own.items():
    if type(_m.__dict__.get('_PEERS')) is dict:
        _m.__dict__['_PEERS'].update(_own)
    if _s.modules.get(_n) is _m:
        del _s.modules[_n]
_main = _own[{last!r}].main
del _s, _t, _z, _b, _n, _c, _m, _own, _k, _load
__import__('sys').exit(globals().pop('_main')({arg}))
"""


def inline_program(
    sources: Sequence[tuple[str, str]], arg: str, code_path: str | None = None
) -> str:
    """A ``python -c`` program that loads ``sources`` as modules, in order, then runs the last.

    The gate's test run and the second opinion both start this way: the audit hook module
    first (so it is installed before anything else is imported), no file of fixloop's on the
    sandbox's disk, and the script folder dropped from ``sys.path``. Each source travels
    zlib-compressed in base64 (``zlib`` and ``binascii`` are built into the interpreter's
    standard library): Linux caps one command-line argument at 128 KiB (``MAX_ARG_STRLEN``),
    and the sources as a ``repr`` had reached 127,908 characters (an eighth file of the watch
    made the run fail with ``E2BIG``, "Argument list too long"); compressed they take a
    quarter of that.

    With ``code_path``, the modules' code objects may come compiled from that file
    (:func:`compiled_code`: written by the harness beside the run's config, read and deleted
    before any module runs): compiling the ~5,000 lines of the watch took ~40 ms of every
    cold run (benchmarks/sandbox_overhead.py); loading their code takes ~5 ms. The file is
    used only when its magic number is the running interpreter's (same bytecode) and the
    interpreter runs without ``-O``; otherwise, and on any fault reading it, the sources are
    compiled as before, so the file changes the run's speed, never what runs.

    Each module is in ``sys.modules`` while the modules load (a module finds the ones loaded
    before it there, at its import); once all are loaded, each module's ``_PEERS`` dict, if it
    has one, receives them all by name, and they leave ``sys.modules``, so fixloop's own modules
    are not among the modules the code under test can list (red-team F26: three or more
    ``_fixloop_*`` names told every gate layer, the second opinion included, from a plain
    pytest run). The program's own names are deleted before the last module's ``main`` is
    called, from the program's outermost frame (the one the audit hook trusts as the
    bootstrap), so ``__main__`` holds only what a bare ``python -c`` program has.

    Args:
        sources: ``(module name, source text)`` pairs; the last one's ``main`` is called.
        arg: the expression passed to it, e.g. ``"__import__('sys').argv[1]"``; its value
            (an int) is the exit status.
        code_path: an expression the program evaluates to the compiled code's file path, or
            None (compile the sources).

    Returns:
        The program text.
    """
    packed = tuple(
        (name, binascii.b2a_base64(zlib.compress(text.encode("utf-8"), 9), newline=False).decode())
        for name, text in sources
    )
    load = f"_load({code_path})" if code_path else "{}"
    return _PROGRAM.format(sources=packed, last=sources[-1][0], arg=arg, load=load)


@functools.lru_cache(maxsize=8)
def compiled_code(sources: tuple[tuple[str, str], ...]) -> bytes:
    """The code file :func:`inline_program` reads through ``code_path``: ``sources`` compiled.

    Compiled once per process by this interpreter (``dont_inherit``: none of this module's
    ``__future__`` flags; ``optimize=0``: asserts kept, as a plain ``python``), each module's
    file name ``<fixloop NAME>`` as the program gives it.

    Args:
        sources: ``(module name, source text)`` pairs (a tuple: the cache's key).

    Returns:
        This interpreter's magic number (4 bytes: ``importlib.util.MAGIC_NUMBER``) and then
        the zlib-compressed ``marshal`` of the ``(name, code)`` pairs; ~160 KB for the runner's
        program.
    """
    pairs = tuple(
        (name, compile(text, f"<fixloop {name}>", "exec", dont_inherit=True, optimize=0))
        for name, text in sources
    )
    return importlib.util.MAGIC_NUMBER + zlib.compress(marshal.dumps(pairs), 6)


def audit_sources() -> tuple[tuple[str, str], ...]:
    """``(module name, source)`` of the in-process watch, in the order the program loads them.

    :mod:`fixloop.pathrules` first (as ``_fixloop_pathrules``: the one rule of what test code
    is, stdlib only; the repair screener ships the same file beside its server), then the event
    table, the end-of-run comparisons and the rule for code written at run time, then the hook,
    which finds them in ``sys.modules`` (:mod:`fixloop.testrun.inside.auditevents`,
    ``auditwire``, ``auditids``, ``auditlate``, ``auditdoctest``, ``auditreads``, ``auditfresh``,
    ``audithook``).
    """
    return (
        ("_fixloop_pathrules", source_file(pathrules.__file__)),
        *(
            (name, inside_source(f"{file}.py"))
            for name, file in (
                ("_fixloop_auditevents", "auditevents"),
                ("_fixloop_auditwire", "auditwire"),
                ("_fixloop_auditflow", "auditflow"),
                ("_fixloop_auditglobals", "auditglobals"),
                ("_fixloop_auditswaps", "auditswaps"),
                ("_fixloop_auditids", "auditids"),
                ("_fixloop_auditlate", "auditlate"),
                ("_fixloop_auditdoctest", "auditdoctest"),
                ("_fixloop_auditreads", "auditreads"),
                ("_fixloop_auditfresh", "auditfresh"),
                ("_fixloop_audit", "audithook"),
            )
        ),
    )


def audithook_source() -> str:
    """The source of :mod:`fixloop.testrun.inside.audithook` (passed to the sandboxed interpreter)."""
    return inside_source("audithook.py")


@functools.cache
def source_file(path: str) -> str:
    """The text of one of fixloop's own files, read once per process and kept.

    What runs in the sandbox is sent as source text; reading it anew for each run would mix
    files of a newer fixloop (``pip install -U`` or ``git pull`` on an editable install while a
    run goes on) with the older code this process has loaded: the gate then refused honest
    fixes with "the test process never started fixloop's audit hook" (realproj, 2026-12-01).

    Raises:
        OSError: the file cannot be read (a broken install).
    """
    return Path(path).read_text(encoding="utf-8")


def inside_source(name: str) -> str:
    """The source of ``inside/<name>`` (a file run in the sandbox), via :func:`source_file`."""
    return source_file(str(Path(__file__).resolve().parent / "inside" / name))


@dataclass(frozen=True)
class AuditEvent:
    """One thing the code under test did during a gate run that reaches into the test run.

    Attributes:
        event: the audit event name (``"sys._getframe"``, ``"gc.get_objects"``, ``"open"``...),
            or ``"signal.signal"``/``"object.__setattr__"`` for the end-of-run comparisons and
            ``"channel"`` when the channel itself was tampered with.
        what: what happened, in a reviewer's words.
        file: the repository-relative path of the changed line on the stack (or of the code
            that did it), ``"<string>"`` for code compiled at run time, ``""`` if unknown.
        line: its 1-based line (0 if unknown).
        code: the source text of that line (stripped, at most 200 characters).
    """

    event: str
    what: str
    file: str = ""
    line: int = 0
    code: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file else ""
        src = f" [{self.code}]" if self.code else ""
        return f"{where}{self.what} (audit event {self.event}){src}"


@dataclass
class ChannelLog:
    """What one test process wrote to its channel.

    Attributes:
        hello: the hook was installed (its first record arrived).
        end: the ``end`` record (``{"rc": ..., "events": n}``), or None when the process did
            not reach the end of its interpreter's exit (``os._exit``, a signal, a timeout).
        events: the findings, in order, duplicates (same event and place) dropped.
        results: the second opinion's ``result`` records (``{"id", "outcome", "msg"}``).
        bad_lines: lines that were not JSON records (the code under test wrote to the pipe).
        after_end: records after the first ``end`` (the hook ends the process right after
            writing it, so any later record is code under test's: red-team G28).
        overflow: more than :data:`MAX_CHANNEL_BYTES` arrived.
        pid: the hooked process's id (its ``hello`` record): a forked child's end is not its.
    """

    hello: bool = False
    end: dict | None = None
    events: list[AuditEvent] = field(default_factory=list)
    results: list[dict] = field(default_factory=list)
    bad_lines: int = 0
    after_end: int = 0
    overflow: bool = False
    pid: object = None

    def problems(self) -> list[str]:
        """Why this log cannot back a pass, as sentences ([] when it can)."""
        out = [str(e) for e in self.events]
        if not self.hello:
            out.append("the test process never started fixloop's audit hook")
        elif self.end is None:
            out.append(
                "the test process did not reach the end of its normal exit (os._exit, a signal "
                "or a crash after the tests), so its results cannot be trusted"
            )
        if self.bad_lines:
            out.append(f"{self.bad_lines} foreign lines were written into fixloop's audit channel")
        if self.after_end:
            out.append(
                f"{self.after_end} records were written into fixloop's audit channel after its "
                "end record: code ran after the end of the run"
            )
        return out


def read_records(data: bytes, *, overflow: bool = False) -> ChannelLog:
    """Parse a channel's bytes (JSON lines) into a :class:`ChannelLog`.

    Args:
        data: everything read from the channel.
        overflow: the reader dropped bytes beyond its cap.
    """
    log = ChannelLog(overflow=overflow)
    seen: set[tuple[str, str, int, str]] = set()
    for raw in data.split(b"\n"):
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
        except ValueError:
            log.bad_lines += 1
            continue
        if not isinstance(rec, dict):
            log.bad_lines += 1
            continue
        t = rec.get("t")
        if log.end is not None:  # the first end record stands (red-team G28)
            log.after_end += 1
        elif t == "hello":
            log.hello = True
            log.pid = rec.get("pid")
        elif t == "end":
            if rec.get("pid", log.pid) == log.pid:  # not a forked child's own exit
                log.end = rec
        elif t == "event":
            ev = AuditEvent(
                event=str(rec.get("ev", "")),
                what=str(rec.get("what", "")),
                file=str(rec.get("file", "")),
                line=int(rec.get("line") or 0),
                code=str(rec.get("code", "")),
            )
            key = (ev.event, ev.file, ev.line, ev.what)
            if key not in seen:
                seen.add(key)
                log.events.append(ev)
        elif t == "result":
            log.results.append(rec)
        else:
            log.bad_lines += 1
    return log


class AuditChannel:
    """A pipe whose write end the sandboxed test process inherits, drained by a thread.

    Use as a context manager around one test process::

        with AuditChannel() as ch:
            sandbox.run(argv, ..., pass_fds=(ch.write_fd,))   # cfg carries ch.write_fd
            ch.close_write()
        log = ch.log()

    ``close_write`` must run once the process started (the harness's own copy of the write end
    would keep the pipe open forever); :meth:`log` waits (at most ``timeout_s``) for the end of
    the stream, which comes when the process and all its children are gone.
    """

    def __init__(self, *, timeout_s: float = 5.0) -> None:
        self.timeout_s = timeout_s
        self.read_fd, self.write_fd = os.pipe()
        self._buf = bytearray()
        self._overflow = False
        self._thread = threading.Thread(target=self._drain, daemon=True, name="fixloop-audit")
        self._thread.start()
        self._write_open = True

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.read_fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            if len(self._buf) < MAX_CHANNEL_BYTES:
                self._buf += chunk[: MAX_CHANNEL_BYTES - len(self._buf)]
            else:
                self._overflow = True

    def close_write(self) -> None:
        """Close the harness's copy of the write end (idempotent)."""
        if self._write_open:
            self._write_open = False
            os.close(self.write_fd)

    def log(self) -> ChannelLog:
        """Close the write end, wait for the end of the stream, parse it."""
        self.close_write()
        self._thread.join(self.timeout_s)
        return read_records(bytes(self._buf), overflow=self._overflow)

    def close(self) -> None:
        """Release both ends (the reader thread ends with the stream)."""
        self.close_write()
        self._thread.join(self.timeout_s)
        try:
            os.close(self.read_fd)
        except OSError:
            pass

    def __enter__(self) -> AuditChannel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_PY_NEWLINE = re.compile(r"\r\n|\r|\n")


def python_lines(text: str) -> list[str]:
    r"""``text``'s lines as Python numbers them (``f_lineno``, ``ast``, tracebacks).

    Only ``\n``, ``\r\n`` and ``\r`` end a line: :meth:`str.splitlines` also splits at
    ``\v``, ``\f``, U+001C-U+001E, U+0085, U+2028 and U+2029, which a comment or string may
    hold, so its numbers drift from the interpreter's (red team G8: one comment line holding
    the base's next eight lines joined by U+001C made eight changed lines read as unchanged,
    and the watch's line rules were off there). No trailing empty line for a final newline.
    """
    lines = _PY_NEWLINE.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def changed_lines(old: str | None, new: str) -> list[int]:
    """The 1-based lines of ``new`` that the change added or modified relative to ``old``.

    Uses :class:`difflib.SequenceMatcher` on lines (Ratcliff-Obershelp matching; the same
    engine as ``difflib.unified_diff``), numbered as Python numbers them
    (:func:`python_lines`). A new file (``old`` None) has every line changed.
    """
    new_lines = python_lines(new)
    if old is None:
        return list(range(1, len(new_lines) + 1))
    sm = difflib.SequenceMatcher(a=python_lines(old), b=new_lines, autojunk=False)
    out: list[int] = []
    for tag, _i1, _i2, j1, j2 in sm.get_opcodes():
        if tag in ("replace", "insert"):
            out.extend(range(j1 + 1, j2 + 1))
    return out


#: Largest non-``.py`` file whose changed lines are watched (characters).
_MAX_WATCHED_TEXT = 2_000_000


def watch_lines(
    paths: Iterable[str],
    old_text: Callable[[str], str | None],
    new_text: Callable[[str], str | None],
    skip: Callable[[str], bool],
) -> dict[str, list[int]]:
    """``{relpath: [line, ...]}``: the changed lines of each changed text file.

    Not only ``.py`` files (red-team G22): a project may compile and execute another file
    under its own name (``exec(compile(text, "rules.txt", "exec"))``, ``runpy.run_path`` of a
    script without a suffix), and a file allowed with ``--allow-edit`` was neither scanned nor
    watched. Any changed text file's lines are watched: code running under its name on a
    changed line is the change's code. (A program another interpreter runs, such as a shell
    script, runs in a child process, which the watch does not see.)

    Args:
        paths: changed paths (relative to the test root, POSIX).
        old_text: a path's text at the base (None when new).
        new_text: a path's text now (None when deleted: nothing to watch).
        skip: True for paths not to watch (test files, blocked paths).
    """
    out: dict[str, list[int]] = {}
    for rel in sorted(set(paths)):
        if skip(rel):
            continue
        new = new_text(rel)
        if new is None:
            continue
        if not rel.endswith(".py") and (len(new) > _MAX_WATCHED_TEXT or "\x00" in new[:8192]):
            continue  # binary, or too large to be source Python compiles under its name
        lines = changed_lines(old_text(rel), new)
        if lines:
            out[rel] = lines
    return out


def checkout_marker(folder: Path | str) -> int:
    """Write a new marker file in ``folder`` (outside the tree) and return its ``st_ctime_ns``.

    Called once a checkout is complete and before its first test process: files of the tree
    whose ``st_ctime_ns`` is later were written at run time (the hook's ``since``; the
    kernel's coarse clock stamps the marker and the files alike, and nothing can set a
    ``ctime`` back). A file system that keeps whole seconds only (FAT) would hide a file
    written in the marker's second.

    Raises:
        OSError: the folder cannot be written.
    """
    fd, _name = tempfile.mkstemp(prefix="checkout-", dir=folder)
    try:
        return os.fstat(fd).st_ctime_ns
    finally:
        os.close(fd)


def project_tests(root: Path | str, extra_args: Sequence[str] = ()) -> dict[str, list[str]]:
    """The project's own test-file settings for the watch: ``{"globs": ..., "dirs": ...}``.

    ``globs``: pytest's ``python_files``; ``dirs``: ``testpaths`` (both as
    :func:`fixloop.testinfra.read_pytest_settings` reads them in ``root``, with the test
    command's ``extra_args``), so a project whose tests are ``check_*.py`` has them treated as
    tests, as its edit policy does.
    """
    from fixloop.testinfra import read_pytest_settings  # the testinfra module imports the workspace

    cfg = read_pytest_settings(Path(root), extra_args=extra_args)
    return {"globs": list(cfg.python_files), "dirs": list(cfg.testpaths)}


def audit_config(
    root: Path | str,
    watch: Mapping[str, Sequence[int]],
    io_dirs: Iterable[Path | str],
    *,
    fd: int | None = None,
    path: Path | str | None = None,
    since: int | None = None,
    tests: Mapping[str, Sequence[str]] | None = None,
    data: Sequence[str] = (),
    outputs: Sequence[str] = (),
    swaps: Sequence[Sequence[str]] | None = None,
) -> dict:
    """The ``audit`` part of a bootstrap config (see :func:`fixloop.testrun.inside.audithook.install`).

    ``since``: :func:`checkout_marker`'s ``st_ctime_ns`` (None: no file counts as written at
    run time); ``tests``: :func:`project_tests` (None: :func:`fixloop.pathrules.is_test_file`
    alone); ``data``: root-relative files the baseline's tests read
    (:attr:`fixloop.types.RunRecord.data_read`), watched like the test files; ``outputs``:
    root-relative files the baseline's run wrote (``data_written``), not watched; ``swaps``:
    the baseline's replacements (:attr:`fixloop.types.RunRecord.swaps`), None when unknown.

    Raises:
        ValueError: neither ``fd`` nor ``path`` given.
    """
    if fd is None and path is None:
        raise ValueError("an audit channel needs a descriptor or a file")
    return {
        "fd": fd,
        "path": str(path) if path is not None else None,
        "root": str(root),
        "watch": {k: list(v) for k, v in watch.items()},
        "io": [str(d) for d in io_dirs],
        "since": since,
        "tests": {k: list(v) for k, v in (tests or {}).items()},
        "data": [str(p) for p in data],
        "outputs": [str(p) for p in outputs],
        "swaps": None if swaps is None else [list(s) for s in swaps],
    }


def runner_sources() -> tuple[tuple[str, str], ...]:
    """``(module name, source)`` of :func:`runner_program`'s modules, in load order.

    The watch's modules (:func:`audit_sources`), the pytest plugin, the plain runner, the
    recorder and the bootstrap (its ``main`` runs).
    """
    return (
        *audit_sources(),
        ("_fixloop_plugin", inside_source("pytest_plugin.py")),
        ("_fixloop_plain", inside_source("plainrunner.py")),
        ("_fixloop_record", inside_source("recorder.py")),
        ("_fixloop_boot", inside_source("boot.py")),
    )


#: The compiled code's file, in the run's io folder beside ``config.json`` (both deleted by
#: the program once read).
RUNNER_CODE_FILE = "code.bin"


def runner_program() -> str:
    """The ``python -c`` program of every :class:`fixloop.testrun.runner.TestRunner` run.

    :func:`runner_sources` loaded by :func:`inline_program`; the bootstrap's ``main`` gets
    ``sys.argv[1]`` (the run's config, ``@FILE``); the compiled code (:func:`compiled_code`)
    is read from :data:`RUNNER_CODE_FILE` in the config file's folder when the runner wrote it.

    Returns:
        The program's text (compressed by :func:`inline_program`).
    """
    path = (
        "_s.argv[1][1:].rpartition('/')[0] + '/" + RUNNER_CODE_FILE + "'"
        " if _s.argv[1][:1] == '@' else ''"
    )
    return inline_program(runner_sources(), "__import__('sys').argv[1]", code_path=f"({path})")
