"""Tests of fixloop.sandbox.container: the docker/podman command line and the engine probe."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from fixloop import sandbox as sb
from fixloop.errors import SandboxUnavailable
from fixloop.types import Limits

PY = sys.executable

# ------------------------------------------------------------------------------------------
# containers
# ------------------------------------------------------------------------------------------


def test_container_command_has_the_policy(tmp_path):
    box = sb.ContainerSandbox("docker", "python:3.11-slim", probe=False)
    work = tmp_path / "w"
    out = tmp_path / "o"
    work.mkdir()
    out.mkdir()
    cmd = box.command(
        ["python", "-m", "pytest"],
        cwd=work,
        limits=Limits(memory_mb=512, nproc=64, fsize_mb=8),
        rw_paths=[out],
        env={"X": "1"},
    )
    joined = " ".join(cmd)
    assert cmd[:3] == ["docker", "run", "--rm"]
    assert "--network none" in joined and "--memory 512m" in joined
    assert "--pids-limit 64" in joined and "--cap-drop ALL" in joined
    assert f"{work.resolve()}:{work.resolve()}:ro" in cmd
    assert f"{out.resolve()}:{out.resolve()}:rw" in cmd
    assert "-i" not in cmd and "X=1" in cmd
    assert cmd[-4:] == ["python:3.11-slim", "python", "-m", "pytest"]


def _engine_running(engine: str) -> bool:
    if not shutil.which(engine):
        return False
    try:
        return (
            subprocess.run(
                [engine, "info"], capture_output=True, timeout=10, check=False
            ).returncode
            == 0
        )
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.mark.skipif(not _engine_running("docker"), reason="no docker engine running")
def test_docker_runs_without_network(tmp_path):
    image = os.environ.get("FIXLOOP_TEST_IMAGE", "python:3.11-slim")
    box = sb.make_sandbox("docker", image=image)
    res = box.run(
        ["python", "-c", "import socket; print([n for _, n in socket.if_nameindex()])"],
        cwd=tmp_path,
        limits=Limits(wall_s=120),
    )
    assert res.output.strip() == "['lo']"


def test_docker_without_engine_is_unavailable():
    if _engine_running("docker"):
        pytest.skip("a docker engine is running here")
    with pytest.raises(SandboxUnavailable):
        sb.make_sandbox("docker", image="python:3.11-slim")
