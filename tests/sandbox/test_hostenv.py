"""The user's environment mirrored into the sandbox (fixloop.sandbox.hostenv, clean_env).

A sandbox that passes seven variables where the user's shell has thirty can be told apart by
``len(os.environ)``; every name comes in, but no secret value and no name that changes the
interpreter, the loader, pytest or git.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from fixloop.sandbox import bwrap, make_sandbox
from fixloop.sandbox.base import clean_env
from fixloop.sandbox.hostenv import (
    PLACEHOLDER,
    VARIANT_EXTRA,
    fake_value,
    host_env,
    padding,
    sandbox_path,
    variant_hostname,
    variant_user,
)
from fixloop.types import Limits

SHELL = {
    "TZ": "Europe/Paris",
    "LANG": "fr_FR.UTF-8",
    "LC_TIME": "de_DE.UTF-8",
    "USER": "ann",
    "SHELL": "/bin/zsh",
    "TERM": "xterm-kitty",
    "SHLVL": "2",
    "OMP_NUM_THREADS": "4",
    "MKL_NUM_THREADS": "s3cr3t-but-not-a-number",
    "OLDPWD": "/home/ann/private-project",
    "http_proxy": "http://ann:hunter2@proxy.example:3128",
    "DATABASE_URL": "postgres://ann:pw-4711@db/prod",
    "MY_API_KEY": "sk-fake-secret-0001",
    "GITHUB_TOKEN": "ghp_fakefakefake",
    "AWS_SECRET_ACCESS_KEY": "fake/aws/secret",
    "PYTHONPATH": "/home/ann/hack",
    "PYTHONSTARTUP": "/home/ann/.pythonrc",
    "LD_PRELOAD": "/home/ann/libevil.so",
    "PYTEST_ADDOPTS": "-x",
    "COVERAGE_PROCESS_START": "/home/ann/.coveragerc",
    "GIT_DIR": "/home/ann/other/.git",
    "VIRTUAL_ENV": "/home/ann/venv",
    "BASH_FUNC_ll%%": "() { ls -l; }",
    "PATH": "/home/ann/bin:/usr/bin",
    "HOME": "/home/ann",
    "_": "/usr/bin/fixloop",
}
SECRET_VALUES = [
    "hunter2",
    "pw-4711",
    "sk-fake-secret-0001",
    "ghp_fakefakefake",
    "fake/aws/secret",
    "s3cr3t",
    "private-project",
    "/home/ann/hack",
    "libevil",
]


def test_every_harmless_name_comes_in_and_no_secret_value_does() -> None:
    env = host_env(SHELL)
    assert env["TZ"] == "Europe/Paris" and env["LC_TIME"] == "de_DE.UTF-8"
    assert env["USER"] == "ann" and env["TERM"] == "xterm-kitty" and env["SHLVL"] == "2"
    assert env["OMP_NUM_THREADS"] == "4"
    # other names: present, with the placeholder, so the count stays the user's
    for name in ("OLDPWD", "http_proxy", "DATABASE_URL", "MKL_NUM_THREADS", "_"):
        assert env[name] == PLACEHOLDER
    # secret-looking names, and names that change the interpreter, loader, pytest, git: absent
    for name in (
        "MY_API_KEY",
        "GITHUB_TOKEN",
        "AWS_SECRET_ACCESS_KEY",
        "PYTHONPATH",
        "PYTHONSTARTUP",
        "LD_PRELOAD",
        "PYTEST_ADDOPTS",
        "COVERAGE_PROCESS_START",
        "GIT_DIR",
        "BASH_FUNC_ll%%",
        "PATH",
        "HOME",
    ):
        assert name not in env
    assert env["VIRTUAL_ENV"] == PLACEHOLDER  # present as in the user's shell, no value (F8)
    text = json.dumps(env)
    assert not [s for s in SECRET_VALUES if s in text]


def test_clean_env_sets_the_sandbox_own_values_on_top() -> None:
    env = clean_env(
        home="/home/ann", tmpdir=None, host=SHELL, cwd="/home/ann/proj", argv0="/usr/bin/python3"
    )
    assert env["HOME"] == "/home/ann" and env["PWD"] == "/home/ann/proj"
    assert env["PATH"].endswith("/usr/bin:/sbin:/bin") and "/home/ann/bin" not in env["PATH"]
    assert "TMPDIR" not in env  # the host sets none; a private /tmp needs none
    assert env["_"] == "/usr/bin/python3" and env["PYTHONUNBUFFERED"] == "1"
    assert len(env) >= len(SHELL) - 12  # the user's size, not seven variables
    assert not [s for s in SECRET_VALUES if s in json.dumps(env)]
    assert clean_env(home="/h", tmpdir=None, host={**SHELL, "TMPDIR": "/x"})["TMPDIR"] == "/tmp"


def test_the_variant_changes_the_incidentals_and_adds_names() -> None:
    first, second = host_env(SHELL), host_env(SHELL, variant=True)
    assert len(second) >= len(first) + VARIANT_EXTRA
    assert second["TERM"] != first["TERM"] and second["SHLVL"] == "3"
    assert second["TZ"] == first["TZ"] and second["LANG"] == first["LANG"]  # not incidental
    assert "OLDPWD" not in second  # placeholders left out: an empty value is no constant
    assert not [s for s in SECRET_VALUES if s in json.dumps(second)]


PRINT_ENV = "import json, os, socket; print('ENV', json.dumps([dict(os.environ), socket.gethostname(), os.getcwd(), os.listdir(os.path.expanduser('~'))]))"


def _inside(box, tmp_path: Path, *, variant: bool) -> tuple[dict, str, str, list[str]]:
    res = box.run(
        [sys.executable, "-c", PRINT_ENV],
        cwd=tmp_path,
        limits=Limits(wall_s=30),
        variant=variant,
    )
    line = next(ln for ln in res.output.splitlines() if ln.startswith("ENV "))
    env, host, cwd, home = json.loads(line[4:])
    return env, host, cwd, home


@pytest.mark.parametrize("kind", ["bwrap", "none"])
def test_a_fake_secret_never_reaches_the_sandbox(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    try:
        box = make_sandbox(kind, allow_unsandboxed=True)
    except Exception as e:  # noqa: BLE001 - bwrap may be missing on a developer's machine
        pytest.skip(f"{kind}: {e}")
    if kind == "none":
        box.warn_each_run = False  # type: ignore[attr-defined]
    for name, value in SHELL.items():
        if name not in ("PATH", "HOME", "_", "BASH_FUNC_ll%%"):
            monkeypatch.setenv(name, value)
    env, host, cwd, home = _inside(box, tmp_path, variant=False)
    assert not [s for s in SECRET_VALUES if s in json.dumps(env)]
    assert "MY_API_KEY" not in env and env["http_proxy"] == "" and env["TZ"] == "Europe/Paris"
    assert env["PWD"] == cwd
    alt_env, alt_host, _, alt_home = _inside(box, tmp_path, variant=True)
    assert {".cache", ".config", ".local"} <= set(alt_home) and len(alt_home) > len(home) - 1
    assert not [s for s in SECRET_VALUES if s in json.dumps(alt_env)]
    assert len(alt_env) >= len(env) + VARIANT_EXTRA
    assert alt_env["HOME"] != env["HOME"] and alt_env["TERM"] != env["TERM"]
    assert "PYTHONUNBUFFERED" in env and "PYTHONUNBUFFERED" not in alt_env
    if kind == "bwrap":
        assert alt_host != host


@pytest.mark.parametrize("user", [{}, {"PYTHONDONTWRITEBYTECODE": "1"}])
def test_the_bytecode_setting_is_the_user_own_and_flipped_in_the_variant(user: dict) -> None:
    """Red team 2026-12-02 #20: a module's own __pycache__ at import told the sandbox (which
    dropped the user's PYTHONDONTWRITEBYTECODE); now the first run has the user's setting,
    the perturbed run the other one. No other PYTHON* name comes in."""
    host = {**SHELL, **user}
    first = clean_env(home="/h", tmpdir=None, host=host)
    second = clean_env(home="/h2", tmpdir=None, host=host, variant=True)
    assert first.get("PYTHONDONTWRITEBYTECODE") == user.get("PYTHONDONTWRITEBYTECODE")
    assert bool(second.get("PYTHONDONTWRITEBYTECODE")) is not bool(user)
    for env in (first, second):
        assert not {"PYTHONPATH", "PYTHONSTARTUP"} & set(env)


def _count(env: dict) -> int:
    return len(env["PATH"].split(":"))


@pytest.mark.parametrize("user_path", ["/usr/bin:/bin", ":".join(f"/u{i}" for i in range(11))])
def test_the_variant_path_has_the_user_side_count_and_finds_the_same_tools(user_path: str) -> None:
    """Red team 2026-12-02 #10: ``len(PATH.split(":")) <= 7`` told every gate run (PATH is the
    interpreter's folder and six system folders). The perturbed run's count lies on the user's
    side; its extra entries do not exist, and every first-run entry stays in order."""
    host = {**SHELL, "PATH": user_path}
    args = {"tmpdir": None, "host": host, "path_first": "/venv/bin"}
    first = clean_env(home="/home/ann", **args)
    second = clean_env(home="/home/dev", variant=True, **args)
    user = len(user_path.split(":"))
    assert _count(first) == 7 and first["PATH"].startswith("/venv/bin:")
    assert second["PATH"].startswith("/venv/bin:")
    if user > _count(first):
        assert _count(second) == user
        kept = [p for p in second["PATH"].split(":") if not p.startswith("/home/dev/")]
        assert kept == first["PATH"].split(":")
    else:
        assert _count(second) <= user and "/usr/bin" in second["PATH"].split(":")
    assert "/u1" not in second["PATH"]  # the user's entries are counted, not copied
    same = {**host, "PATH": ":".join(f"/u{i}" for i in range(7))}
    assert _count(clean_env(home="/h", tmpdir=None, host=same, path_first="/v", variant=True)) == 9


def test_a_very_long_user_path_is_padded_to_its_count() -> None:
    host = {"PATH": ":".join(f"/u{i}" for i in range(40))}
    env = clean_env(home="/h", tmpdir=None, host=host, variant=True)
    assert _count(env) == 40 and len(set(env["PATH"].split(":"))) == 40


def test_dropped_names_the_user_has_differ_in_presence_between_the_runs() -> None:
    """Red team 3, F8: ``not any("AUTH" in n for n in os.environ)`` held in every gate run."""
    first, second = host_env(SHELL), host_env(SHELL, variant=True)
    for name in ("MY_API_KEY", "GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY"):
        assert name not in first and second[name] not in ("", SHELL[name])
    assert first["VIRTUAL_ENV"] == "" and "VIRTUAL_ENV" not in second
    for name in ("GIT_DIR", "LD_PRELOAD", "PYTHONPATH", "PYTEST_ADDOPTS", "BASH_FUNC_ll%%"):
        assert name not in first and name not in second
    assert "" not in second.values()  # an empty value stays the first run's alone (F14)
    assert not [s for s in SECRET_VALUES if s in json.dumps(second)]
    sock = fake_value("SSH_AUTH_SOCK")
    assert sock.startswith("/tmp/ssh-") and "/agent." in sock


def test_the_variant_has_no_constants_of_its_own() -> None:
    """Red team 3, F14: ``os.uname()[1] in ("devbox", "devbox2")`` told the perturbed run."""
    names = {variant_hostname("laptop-1") for _ in range(20)}
    assert len(names) > 5 and "laptop-1" not in names and "devbox" not in names
    assert len({variant_user() for _ in range(20)}) > 3
    assert len({bwrap.variant_home() for _ in range(20)}) > 3
    draws = [dict(padding()) for _ in range(10)]
    assert len({d["WINDOWID"] for d in draws}) > 5
    assert len({tuple(dict(padding())) for _ in range(10)}) > 5  # another order each time
    assert len({json.dumps(host_env(SHELL, variant=True), sort_keys=True) for _ in range(5)}) > 1
    host = {"PATH": ":".join(f"/p{i}" for i in range(12))}
    paths = {
        sandbox_path("/py/bin", "/usr/bin:/bin", host, "/home/x", variant=True) for _ in range(10)
    }
    assert len(paths) > 1
