"""Tests of fixloop.sandbox.local: the unsandboxed backend still cleans, limits and kills."""

from __future__ import annotations

import sys
import threading
import time
import uuid

from procs import procs_with, wait_gone

from fixloop import sandbox as sb
from fixloop.errors import Interrupted, RunStopped, Superseded
from fixloop.sandbox.owners import halt_owned, owned_by, release_owned
from fixloop.types import ExecResult, Limits

PY = sys.executable

# ------------------------------------------------------------------------------------------
# none backend
# ------------------------------------------------------------------------------------------


def test_unsandboxed_warns_every_run_and_still_cleans(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_SECRET_TOKEN", "abc123")
    box = sb.make_sandbox("none", allow_unsandboxed=True)
    for _ in range(2):
        res = box.run(
            [PY, "-c", "import os, sys; print(sorted(os.environ)); print(repr(sys.stdin.read()))"],
            cwd=tmp_path,
            limits=Limits(wall_s=30),
        )
        assert "FAKE_SECRET_TOKEN" not in res.output and "abc123" not in res.output
        assert res.output.splitlines()[1] == "''"
    assert capsys.readouterr().err.count("WITHOUT a sandbox") == 2


def test_unsandboxed_timeout_kills_group(tmp_path, capsys):
    marker = f"fixloop-marker-{uuid.uuid4().hex}"
    box = sb.make_sandbox("none", allow_unsandboxed=True)
    code = (
        "import subprocess, sys, time\n"
        "child = 'import signal,time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "time.sleep(600)'\n"
        f"subprocess.Popen([sys.executable, '-c', child, '{marker}'])\n"
        "print('started', flush=True)\n"
        "time.sleep(600)\n"
    )
    res = box.run([PY, "-c", code], cwd=tmp_path, limits=Limits(wall_s=2))
    assert res.timed_out and "started" in res.output
    assert wait_gone(marker) == []


def test_unsandboxed_leftover_group_member_is_killed_after_exit(tmp_path, capsys):
    marker = f"fixloop-marker-{uuid.uuid4().hex}"
    box = sb.make_sandbox("none", allow_unsandboxed=True)
    code = (
        "import subprocess, sys\n"
        f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)', '{marker}'])\n"
        "print('parent done')\n"
    )
    res = box.run([PY, "-c", code], cwd=tmp_path, limits=Limits(wall_s=60))
    assert not res.timed_out and res.returncode == 0
    assert wait_gone(marker) == []


def test_warn_unsandboxed_says_it_once_and_stops_the_repetition(tmp_path, capsys):
    box = sb.make_sandbox("none", allow_unsandboxed=True)
    said: list[str] = []
    assert sb.warn_unsandboxed(box, said.append) is True
    assert said == [sb.UNSANDBOXED_WARNING] and "WITHOUT a sandbox" in said[0]
    res = box.run([PY, "-c", "print('ran')"], cwd=tmp_path, limits=Limits(wall_s=30))
    assert "ran" in res.output
    assert "WITHOUT a sandbox" not in capsys.readouterr().err  # the run said it already
    fresh = sb.make_sandbox("none", allow_unsandboxed=True)  # another backend: not muted
    fresh.run([PY, "-c", "pass"], cwd=tmp_path, limits=Limits(wall_s=30))
    assert capsys.readouterr().err.count("WITHOUT a sandbox") == 1


def test_warn_unsandboxed_is_silent_for_a_real_sandbox():
    box = sb.ContainerSandbox("docker", "python:3.11-slim", probe=False)
    said: list[str] = []
    assert sb.warn_unsandboxed(box, said.append) is False and said == []



# ------------------------------------------------------------------------------------------
# owners: one attempt's commands halted (fixloop.sandbox.owners)
# ------------------------------------------------------------------------------------------


def test_a_halted_owners_commands_raise_its_stop_running_or_not(tmp_path, capsys):
    """halt_owned kills the owner's running command, which then raises the stop instead of
    returning a killed run's result; a later command raises before it starts; another owner's
    command runs on; release_owned lets the owner run commands again."""
    marker = f"fixloop-marker-{uuid.uuid4().hex}"
    box = sb.make_sandbox("none", allow_unsandboxed=True)
    owner, other = object(), object()
    seen: dict[str, object] = {}

    def run(who: object, key: str, code: str) -> None:
        with owned_by(who):
            try:
                seen[key] = box.run([PY, "-c", code, marker], cwd=tmp_path, limits=Limits(wall_s=60))
            except RunStopped as e:
                seen[key] = e

    t = threading.Thread(target=run, args=(owner, "running", "import time; time.sleep(600)"))
    t.start()
    deadline = time.monotonic() + 30
    while not procs_with(marker, python_only=True) and time.monotonic() < deadline:
        time.sleep(0.05)
    halt_owned(owner, Interrupted("interrupted by the user (Ctrl-C)"))
    t.join(30)
    assert not t.is_alive() and wait_gone(marker) == []
    assert isinstance(seen["running"], Interrupted)
    assert str(seen["running"]) == "interrupted by the user (Ctrl-C)"
    run(owner, "later", "print('never')")
    assert isinstance(seen["later"], Interrupted)
    run(other, "other", "print('ran')")
    assert isinstance(seen["other"], ExecResult) and seen["other"].output.strip() == "ran"
    halt_owned(other, Superseded("attempt 1 verified a fix"))
    run(other, "superseded", "print('never')")
    assert isinstance(seen["superseded"], Superseded)
    assert str(seen["superseded"]) == "attempt 1 verified a fix"
    release_owned(owner)
    release_owned(other)
    run(owner, "released", "print('again')")
    assert isinstance(seen["released"], ExecResult) and seen["released"].output.strip() == "again"
