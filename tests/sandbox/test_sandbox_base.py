"""Tests of fixloop.sandbox.base: the factory's refusals and the interpreter's install folders."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fixloop import sandbox as sb
from fixloop.errors import ConfigError, SandboxUnavailable

PY = sys.executable


def test_make_sandbox_refuses_none_without_flag_and_bad_kinds():
    with pytest.raises(ConfigError, match="unsandboxed"):
        sb.make_sandbox("none")
    with pytest.raises(ConfigError, match="unknown sandbox"):
        sb.make_sandbox("chroot")
    with pytest.raises(ConfigError, match="needs an image"):
        sb.make_sandbox("docker")


def test_auto_without_bwrap_never_falls_back(monkeypatch):
    real_which = shutil.which
    monkeypatch.setattr(
        shutil, "which", lambda name, *a, **k: None if "bwrap" in name else real_which(name)
    )
    with pytest.raises(SandboxUnavailable, match="unsandboxed"):
        sb.make_sandbox("auto")


# ------------------------------------------------------------------------------------------
# interpreter paths
# ------------------------------------------------------------------------------------------


def test_interpreter_paths_of_a_venv(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([PY, "-m", "venv", "--without-pip", str(venv)], check=True)
    sb.interpreter_paths.cache_clear()
    paths = sb.interpreter_paths(str(venv / "bin" / "python"))
    assert venv in paths
    assert Path(sys.base_prefix).resolve() in [p.resolve() for p in paths]


def test_interpreter_paths_never_bind_a_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / "lib" / "python3.11").mkdir(parents=True)
    (home / "bin").mkdir()
    (home / "bin" / "python").symlink_to(PY)
    monkeypatch.setenv("HOME", str(home))
    sb.interpreter_paths.cache_clear()
    try:
        paths = sb.interpreter_paths(str(home / "bin" / "python"))
    finally:
        sb.interpreter_paths.cache_clear()
    assert home not in paths and home.resolve() not in paths
