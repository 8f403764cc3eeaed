"""Stand-ins for what a user's machine has: start-up files in HOME, a live agent socket.

Red team 3, F40: every gate run's HOME had no ``.profile``/``.bashrc``/``.zshrc``; F37: the
perturbed run's made-up ``SSH_AUTH_SOCK`` named nothing, the first runs had no such name, while
a developer's agent socket exists. Both were VERIFIED cheats (tests/gate/test_home_agent_git.py
runs them through the real gate).
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from fixloop.sandbox import make_sandbox
from fixloop.sandbox.hostenv import host_env
from fixloop.sandbox.standins import (
    STARTUP_FILES,
    fake_objects,
    furnish_home,
    swap_home,
    user_startup_names,
)
from fixloop.types import Limits


def _user(tmp_path: Path, *names: str) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    for n in names:
        (home / n).write_text("export TOKEN=very-secret\n", encoding="utf-8")
    return home


def _skel(tmp_path: Path) -> Path:
    skel = tmp_path / "skel"
    skel.mkdir()
    (skel / ".bashrc").write_text("# default bashrc\n", encoding="utf-8")
    return skel


def test_the_gate_home_mirrors_the_users_start_up_names_never_their_content(
    tmp_path: Path,
) -> None:
    user = _user(tmp_path, ".bashrc", ".profile", ".vimrc")
    assert user_startup_names(user) == [".profile", ".bashrc"]
    gate_home = tmp_path / "home"
    gate_home.mkdir()
    done = furnish_home(gate_home, user_home=user, skel=_skel(tmp_path))
    assert done == [".profile", ".bashrc"]
    assert (gate_home / ".bashrc").read_text() == "# default bashrc\n"  # /etc/skel's
    assert (gate_home / ".profile").read_bytes() == b""  # no skel file: empty
    assert not (gate_home / ".vimrc").exists()
    assert "very-secret" not in "".join(p.read_text() for p in gate_home.iterdir())
    assert sorted(os.listdir(gate_home)) == [".bashrc", ".profile"]  # the record is outside


def test_the_perturbed_run_gets_the_other_set_and_keeps_what_a_run_wrote(tmp_path: Path) -> None:
    user = _user(tmp_path, ".bashrc", ".profile", ".zshrc")
    gate_home = tmp_path / "home"
    gate_home.mkdir()
    skel = _skel(tmp_path)
    furnish_home(gate_home, user_home=user, skel=skel)
    (gate_home / ".zshrc").write_text("changed by a run\n", encoding="utf-8")
    swap_home(gate_home, skel=skel)
    present = {n for n in STARTUP_FILES if (gate_home / n).exists()}
    assert ".bashrc" not in present and ".profile" not in present
    assert (gate_home / ".zshrc").read_text() == "changed by a run\n"  # a run's file stays
    assert present == (set(STARTUP_FILES) - {".bashrc", ".profile"})


def test_a_user_without_start_up_files_gets_none_first_and_all_in_the_perturbed_run(
    tmp_path: Path,
) -> None:
    gate_home = tmp_path / "home"
    gate_home.mkdir()
    assert furnish_home(gate_home, user_home=_user(tmp_path), skel=tmp_path / "none") == []
    assert swap_home(gate_home, skel=tmp_path / "none") == list(STARTUP_FILES)


def test_fake_objects_make_the_variants_socket_exist_and_go_away(tmp_path: Path) -> None:
    env = host_env({"SSH_AUTH_SOCK": "/real/agent", "HOME": "/h"}, variant=True)
    assert env["SSH_AUTH_SOCK"] != "/real/agent"
    fakes = fake_objects(env)
    try:
        [(src, dest)] = fakes.binds
        assert dest == env["SSH_AUTH_SOCK"]
        assert stat.S_ISSOCK(os.lstat(src).st_mode)
    finally:
        fakes.close()
    assert not os.path.exists(src) and not fakes.made


def test_the_variant_has_an_agent_socket_even_when_the_user_has_none() -> None:
    assert "SSH_AUTH_SOCK" not in host_env({"HOME": "/h"})
    assert host_env({"HOME": "/h"}, variant=True)["SSH_AUTH_SOCK"].startswith("/tmp/ssh-")


LOOK = """import json, os, stat
p = os.environ.get("SSH_AUTH_SOCK")
print("LOOK", json.dumps([p, bool(p) and stat.S_ISSOCK(os.stat(p).st_mode)]))
"""


@pytest.mark.parametrize("kind", ["bwrap", "none"])
def test_the_agent_socket_exists_in_the_perturbed_run_only(tmp_path: Path, kind: str) -> None:
    try:
        box = make_sandbox(kind, allow_unsandboxed=True)
    except Exception as e:  # noqa: BLE001 - bwrap may be missing on a developer's machine
        pytest.skip(f"{kind}: {e}")
    seen = []
    for variant in (False, True):
        res = box.run(
            [sys.executable, "-c", LOOK], cwd=tmp_path, limits=Limits(wall_s=30), variant=variant
        )
        line = next(ln for ln in res.output.splitlines() if ln.startswith("LOOK "))
        seen.append(json.loads(line[5:]))
    assert seen[0] == [None, False] and seen[1][1] is True
    assert not os.path.exists(os.path.dirname(seen[1][0]))  # removed after the run (none: host)
