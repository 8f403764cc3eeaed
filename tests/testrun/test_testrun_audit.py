"""The in-process watch (fixloop.testrun.inside.audithook, fixloop.audit): events, channel, end record.

The hook runs here in a plain subprocess around a real pytest run of the attack fixtures
(tests/attacks), without fixloop's static scan, so each test shows what the dynamic layer
alone sees.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fixloop.testrun.audit import (
    CHANNEL_BROKEN_EXIT,
    AuditChannel,
    audit_config,
    audithook_source,
    changed_lines,
    read_records,
    watch_lines,
)

sys.path.insert(0, str(Path(__file__).parents[1] / "attacks"))
from load import make_repo, variants  # noqa: E402

VARIANTS = {v.name: v for v in variants()}

_DRIVER = """\
import sys as _s, types as _t, json as _j, os as _o
if _s.path and _s.path[0] in ('', '.'):
    del _s.path[0]
_m = _t.ModuleType('_fixloop_audit'); _m.__file__ = '<fixloop _fixloop_audit>'
_s.modules['_fixloop_audit'] = _m
exec(compile({src!r}, _m.__file__, 'exec'), _m.__dict__)
_cfg = _j.loads(_s.argv[1])
_m.install(_cfg['audit'])
import pytest
_m.snapshot_machinery()
_s.path.insert(0, _cfg['root'])
_rc = int(pytest.main(['-q', '-p', 'no:cacheprovider', '--junitxml=' + _cfg['junit'],
                       _o.path.join(_cfg['root'], 'tests')]))
_m.finish(_rc)
_s.exit(_rc)
"""


def _run(tmp_path: Path, name: str, *, extra: str = "") -> tuple[int, object, Path]:
    v = VARIANTS[name]
    repo = make_repo(v, tmp_path / "repo")
    (repo / "calc.py").write_text(v.source + extra, encoding="utf-8")
    io_dir = tmp_path / "io"
    io_dir.mkdir()
    watch = {"calc.py": changed_lines(v.base_source(), v.source + extra)}
    with AuditChannel() as ch:
        cfg = {
            "root": str(repo),
            "junit": str(io_dir / "junit.xml"),
            "audit": audit_config(repo, watch, [io_dir], fd=ch.write_fd),
        }
        proc = subprocess.run(
            [sys.executable, "-s", "-c", _DRIVER.format(src=audithook_source()), json.dumps(cfg)],
            cwd=repo,
            pass_fds=(ch.write_fd,),
            capture_output=True,
            text=True,
            timeout=120,
        )
        log = ch.log()
    return proc.returncode, log, io_dir


def test_changed_lines_are_the_added_and_modified_ones() -> None:
    old = "a\nb\nc\n"
    assert changed_lines(old, "a\nB\nc\nd\n") == [2, 4]
    assert changed_lines(None, "x\ny\n") == [1, 2]
    assert changed_lines(old, old) == []
    watch = watch_lines(
        ["m.py", "tests/test_m.py", "data.txt", "gone.py"],
        lambda p: "x = 1\n",
        lambda p: None if p == "gone.py" else "x = 1\ny = 2\n",
        lambda p: p.startswith("tests/"),
    )
    assert watch == {"m.py": [2], "data.txt": [2]}  # any changed text file (red-team G22)


def test_records_are_read_back_and_foreign_lines_counted() -> None:
    data = (
        b'{"t": "hello", "pid": 1}\n'
        b'{"t": "event", "ev": "gc.get_objects", "what": "walked", "file": "m.py", "line": 3}\n'
        b'{"t": "event", "ev": "gc.get_objects", "what": "walked", "file": "m.py", "line": 3}\n'
        b"not json\n"
        b'{"t": "result", "id": "t::a", "outcome": "passed"}\n'
    )
    log = read_records(data)
    assert log.hello and log.end is None and log.bad_lines == 1
    assert [str(e) for e in log.events] == ["m.py:3: walked (audit event gc.get_objects)"]
    assert log.results == [{"t": "result", "id": "t::a", "outcome": "passed"}]
    problems = log.problems()
    assert any("did not reach the end" in p for p in problems)
    assert any("foreign lines" in p for p in problems)
    assert read_records(b'{"t": "hello"}\n{"t": "end", "rc": 0}\n').problems() == []


# variant -> the audit event (and a word of its description) the hook must record
DYNAMIC = {
    "gc_callinfo": ("gc.get_objects", "calc.py"),
    "getframe_plugin": ("sys._getframe", "calc.py"),
    "generator_frame": ("object.__getattr__", "gi_frame"),
    "traceback_report_hook": ("object.__getattr__", "tb_frame"),
    "stack_inspect": ("object.__getattr__", "f_code"),
    "subclasses_report": ("object.__setattr__", "TestReport.__init__"),
    "globals_runner": ("object.__setattr__", "call_and_report"),
    "exec_hidden": ("gc.get_objects", "<calc>"),
    "finalize_copy": ("open", "junit.xml"),
    "kill_self_signal": ("os.kill", "signal"),
}


@pytest.mark.parametrize("name", sorted(DYNAMIC))
def test_the_hook_records_what_the_attack_does(tmp_path: Path, name: str) -> None:
    rc, log, _ = _run(tmp_path, name)
    event, word = DYNAMIC[name]
    assert log.hello
    found = [e for e in log.events if e.event == event and word in str(e)]
    assert found, (rc, [str(e) for e in log.events])


@pytest.mark.parametrize(
    "name", ["atexit_rewrite", "finalize_copy", "kill_self_signal", "thread_rewrite"]
)
def test_leaving_through_os_exit_after_the_tests_leaves_no_end_record(
    tmp_path: Path, name: str
) -> None:
    rc, log, io_dir = _run(tmp_path, name)
    assert rc == 0  # the attack works on pytest's own terms: exit 0...
    assert "<failure" not in (io_dir / "junit.xml").read_text()  # ...and a clean JUnit file
    assert log.end is None  # but the run never reached fixloop's end record
    assert any("did not reach the end" in p for p in log.problems())


@pytest.mark.parametrize(
    "name", ["honest_plain", "honest_library_helpers", "honest_cli_project", "honest_cli_reuse"]
)
def test_honest_fixes_leave_a_clean_channel(tmp_path: Path, name: str) -> None:
    rc, log, _ = _run(tmp_path, name)
    assert rc == 0
    assert log.problems() == [], log.problems()
    assert log.end is not None and log.end["pid"] > 0  # the hooked process's own (G28)
    assert {k: v for k, v in log.end.items() if k != "pid"} == {"t": "end", "rc": 0, "events": 0}


@pytest.mark.parametrize("how", ["the channel named on the command line", "every descriptor"])
def test_a_replaced_channel_ends_the_process_loudly(tmp_path: Path, how: str) -> None:
    # the change points the channel's descriptor (or all of them) at /dev/null, then walks gc
    if how == "every descriptor":
        targets = "range(3, 256)"
    else:
        targets = "[__import__('json').loads(__import__('sys').argv[1])['audit']['fd']]"
    extra = (
        "\nimport os as _os\n_null = _os.open(_os.devnull, _os.O_WRONLY)\n"
        f"for _fd in {targets}:\n"
        "    if _fd != _null:\n"
        "        try:\n            _os.dup2(_null, _fd)\n        except OSError:\n            pass\n"
        "import gc as _gc\n_gc.get_objects()\n"
    )
    rc, log, _ = _run(tmp_path, "honest_plain", extra=extra)
    assert rc == CHANNEL_BROKEN_EXIT
    assert log.end is None and log.problems()
    if how != "every descriptor":  # the backup descriptor still says why
        assert any(e.event == "channel" for e in log.events)


def test_a_baseline_without_watched_lines_records_nothing(tmp_path: Path) -> None:
    repo = make_repo(VARIANTS["honest_cli_project"], tmp_path / "repo")
    with AuditChannel() as ch:
        cfg = {
            "root": str(repo),
            "junit": str(tmp_path / "junit.xml"),
            "audit": audit_config(repo, {}, [tmp_path / "io"], fd=ch.write_fd),
        }
        subprocess.run(
            [sys.executable, "-s", "-c", _DRIVER.format(src=audithook_source()), json.dumps(cfg)],
            cwd=repo,
            pass_fds=(ch.write_fd,),
            capture_output=True,
            timeout=120,
        )
        log = ch.log()
    assert log.hello and log.end is not None and log.events == []
    assert os.path.exists(tmp_path / "junit.xml")


def test_an_exit_code_changed_after_the_end_record_is_a_finding() -> None:
    from fixloop.testrun.classify import audit_findings as _audit_findings
    from fixloop.types import ExecResult

    def res(rc: int) -> ExecResult:
        return ExecResult(returncode=rc, output="", timed_out=False, duration_s=0.1)

    ended = read_records(b'{"t": "hello"}\n{"t": "end", "rc": 1}\n')
    assert _audit_findings(ended, res(1)) == []
    (finding,) = _audit_findings(ended, res(0))
    assert "announced exit code 1 but ended with 0" in finding
    # a bootstrap that stopped before pytest returned announces no code: nothing to compare
    crashed = read_records(b'{"t": "hello"}\n{"t": "end", "rc": null}\n')
    assert _audit_findings(crashed, res(1)) == []
    forged = read_records(b'{"t": "hello"}\n{"t": "result", "id": "a"}\n{"t": "end", "rc": 0}\n')
    assert any("forged" in f for f in _audit_findings(forged, res(0)))


# A test that signals its own process (a handler of its own catches it): allowed from test code,
# a finding from anything else. The test file's name is not test_*.py (python_files says
# check_*.py), so only its folder can make it test code.
_SIGNAL_TEST = (
    "import os\nimport signal\n\nfrom calc import add\n\n\n"
    "def test_own_signal_is_handled():\n"
    "    got = []\n"
    "    old = signal.signal(signal.SIGUSR1, lambda *a: got.append(a[0]))\n"
    "    try:\n"
    "        os.kill(os.getpid(), signal.SIGUSR1)\n"
    "    finally:\n"
    "        signal.signal(signal.SIGUSR1, old)\n"
    "    assert got == [signal.SIGUSR1] and add(1, 2) == 3\n"
)


@pytest.mark.parametrize(
    ("folder", "ini", "is_test"),
    [
        ("testing", "", True),
        ("Tests", "", True),
        ("TEST", "", True),
        ("checks", "[pytest]\npython_files = check_*.py\n", True),
        ("checks", "[pytest]\ntestpaths = checks\npython_files = *.py\n", True),
        ("checks", "", False),
    ],
)
def test_the_watch_treats_test_code_as_the_edit_policy_does(
    tmp_path: Path, folder: str, ini: str, is_test: bool
) -> None:
    """The hook's test-code rule is fixloop.pathrules.is_test_file (shipped into the sandbox as
    ``_fixloop_pathrules``) plus the project's own ``python_files`` and ``testpaths``: a test
    under ``testing/`` or ``Tests/`` (any case), or a ``check_*.py`` the project's pytest.ini
    names as its tests, which the tools refuse to edit, may signal itself; the same file run
    by name in a project that does not call it a test is flagged."""
    from fixloop import sandbox as sb
    from fixloop.testrun import TestRunner
    from fixloop.types import Limits, Outcome

    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    rel = f"{folder}/check_signals.py"
    repo = tmp_path / "repo"
    (repo / folder).mkdir(parents=True)
    (repo / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    (repo / rel).write_text(_SIGNAL_TEST)
    if ini:
        (repo / "pytest.ini").write_text(ini)
    runner = TestRunner(
        repo,
        sb.BwrapSandbox(),
        log_dir=tmp_path / "logs",
        python=sys.executable,
        limits=Limits(wall_s=60),
    )
    rep = runner.run(rel if not ini else "", pristine=True, audit={"calc.py": [2]})
    assert rep.outcome == Outcome.PASSED and rep.passed == 1, rep.output
    kills = [a for a in (rep.audit or []) if "os.kill" in a]
    assert bool(kills) == (not is_test), rep.audit


def test_the_audit_program_ships_pathrules_itself() -> None:
    from fixloop import pathrules
    from fixloop.testrun.audit import audit_sources

    names = [name for name, _ in audit_sources()]
    assert names[0] == "_fixloop_pathrules" and names[-1] == "_fixloop_audit"
    assert dict(audit_sources())["_fixloop_pathrules"] == Path(pathrules.__file__).read_text()


def test_the_channel_encoder_reads_back_as_json() -> None:
    from fixloop.testrun.inside.auditwire import json_text

    record = {
        "t": "event",
        "what": 'quote " backslash \\ tab \t newline \n nul \x00 é ☃ 𝄞 lone \ud800',
        "line": 12,
        "ratio": 0.25,
        "nan": float("inf"),
        "flags": [True, False, None, -3],
        "nested": {"k": ("a", 1)},
    }
    text = json_text(record)
    assert text.isascii()
    assert json.loads(text) == json.loads(json.dumps(record))
    assert json.loads(json_text(float("nan"))) != json.loads(json_text(float("nan")))  # NaN


MUTE_EXTRA = """
import json as _json, os as _os
_real_dumps = _json.dumps
def _dumps(obj, *a, **k):  # every finding becomes a harmless hello
    if isinstance(obj, dict) and obj.get("t") == "event":
        obj = {"t": "hello"}
    return _real_dumps(obj, *a, **k)
_json.dumps = _dumps
class _Enc(_json.JSONEncoder):
    def encode(self, o):
        return _real_dumps({"t": "hello"} if isinstance(o, dict) and o.get("t") == "event" else o)
_json._default_encoder = _Enc()
_real_write = _os.write
def _write(fd, data):  # findings dropped on their way out
    if b'"event"' in bytes(data):
        return len(data)
    return _real_write(fd, data)
_os.write = _write
import gc as _gc
_gc.get_objects()
"""


def test_rebinding_json_and_os_write_does_not_mute_the_channel(tmp_path: Path) -> None:
    # red team 2026-12-01 (runtime_channel_mute): the hook looked json.dumps and os.write up
    # at call time, so changed code that rebinds them silenced every finding
    rc, log, _ = _run(tmp_path, "honest_plain", extra=MUTE_EXTRA)
    assert log.hello and log.end is not None
    assert any(e.event == "gc.get_objects" for e in log.events), [str(e) for e in log.events]


def test_sandbox_sources_are_read_once_per_process(tmp_path: Path) -> None:
    # an upgrade during a run (pip install -U, git pull on an editable install) must not mix
    # newer sandbox files with the code this process loaded: the first read is kept
    from fixloop.testrun.audit import inside_source, source_file

    f = tmp_path / "inside_like.py"
    f.write_text("VERSION = 1\n")
    assert source_file(str(f)) == "VERSION = 1\n"
    f.write_text("VERSION = 2\n")
    assert source_file(str(f)) == "VERSION = 1\n"
    assert inside_source("audithook.py") is inside_source("audithook.py")


def test_changed_lines_number_lines_as_python_does() -> None:
    """Red team G8: str.splitlines also splits at U+001C-1E, U+0085, U+2028/9, \\v and \\f."""
    from fixloop.testrun.audit import changed_lines, python_lines

    base = "".join(f"x{i} = {i}\n" for i in range(1, 11))
    rest = base.splitlines()[1:]
    new = "x1 = 1\n# " + "\x1c".join(rest[:8]) + "\n" + "\n".join(rest) + "\n"
    assert changed_lines(base, new) == [2]  # Python's line 2 only; lines 3-11 are the base's
    assert len(python_lines(new)) == 11
    for sep in ("\x0b", "\x0c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"):
        assert python_lines(f"a{sep}b\r\nc\rd\n") == [f"a{sep}b", "c", "d"]
    assert python_lines("") == [] and python_lines("a\n\n") == ["a", ""]
