"""Tests of fixloop.sandbox.local: the unsandboxed backend still cleans, limits and kills."""

from __future__ import annotations

import sys
import uuid

from procs import wait_gone

from fixloop import sandbox as sb
from fixloop.types import Limits

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
