"""Stand-ins for what a user's machine has: start-up files in HOME, a live agent socket.

Red team 3, F40: every gate run's HOME had no ``.profile``/``.bashrc``/``.zshrc``; F37: the
perturbed run's made-up ``SSH_AUTH_SOCK`` named nothing, the first runs had no such name, while
a developer's agent socket exists. Both were VERIFIED cheats (tests/gate/test_home_agent_git.py
runs them through the real gate).
"""

from __future__ import annotations

import json
import os
import socket
import stat
import sys
from pathlib import Path

import pytest

from fixloop.sandbox import make_sandbox
from fixloop.sandbox.hostenv import host_env
from fixloop.sandbox.standins import (
    STARTUP_FILES,
    FakeObjects,
    fake_objects,
    furnish_home,
    swap_home,
    user_startup_names,
    variant_hosts,
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


LOOK = """import json, os, socket, stat
p = os.environ.get("SSH_AUTH_SOCK")
answer = None
if p:
    s = socket.socket(socket.AF_UNIX)
    s.settimeout(5)
    s.connect(p)  # a live agent accepts (redteam4 G17)
    s.sendall(bytes([0, 0, 0, 1, 11]))  # SSH2_AGENTC_REQUEST_IDENTITIES
    answer = list(s.recv(64))
    s.close()
print("LOOK", json.dumps([p, bool(p) and stat.S_ISSOCK(os.stat(p).st_mode), answer]))
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
    assert seen[0] == [None, False, None] and seen[1][1] is True
    assert seen[1][2] == [0, 0, 0, 5, 12, 0, 0, 0, 0]  # no identities, as an agent without keys
    assert not os.path.exists(os.path.dirname(seen[1][0]))  # removed after the run (none: host)


def test_variant_hosts_names_the_runs_host_where_the_hosts_file_names_the_host(
    tmp_path: Path,
) -> None:
    hosts = tmp_path / "hosts"
    hosts.write_text("127.0.0.1 localhost\n127.0.1.1\tvm vm.lan  # the host\n", encoding="utf-8")
    fakes = FakeObjects()
    try:
        copy = variant_hosts(fakes, "vm", "laptop-7", hosts=hosts)
        assert copy is not None and fakes.ro_binds == [(copy, str(hosts))]
        text = Path(copy).read_text(encoding="utf-8")
        assert text.splitlines() == ["127.0.0.1 localhost", "127.0.1.1\tlaptop-7 vm.lan # the host"]
        assert variant_hosts(FakeObjects(), "other", "laptop-7", hosts=hosts) is None
    finally:
        fakes.close()


PROC = """import json, os, socket
print("LOOK", json.dumps([os.getppid(), os.getpgid(0), os.path.isdir("/var"),
    socket.gethostbyname(socket.gethostname())]))
"""


def test_bwrap_variant_process_group_hosts_and_folders(tmp_path: Path) -> None:
    try:
        box = make_sandbox("bwrap")
    except Exception as e:  # noqa: BLE001 - bwrap may be missing on a developer's machine
        pytest.skip(f"bwrap: {e}")
    probe = FakeObjects()
    named = variant_hosts(probe, socket.gethostname(), "x-1")
    probe.close()
    if not named:
        pytest.skip("this host's /etc/hosts does not name the host")
    seen = []
    for variant in (False, True):
        res = box.run(
            [sys.executable, "-c", PROC], cwd=tmp_path, limits=Limits(wall_s=30), variant=variant
        )
        assert res.returncode == 0, res.output
        line = next(ln for ln in res.output.splitlines() if ln.startswith("LOOK "))
        seen.append(json.loads(line[5:]))
    (_ppid1, pgid1, var1, addr1), (ppid2, pgid2, var2, addr2) = seen
    assert pgid1 < 10 and pgid2 >= 1000  # its own group, as a shell's job (G2)
    assert ppid2 >= 1000 and ppid2 < pgid2  # and a parent started after the ids were taken (G27)
    assert var1 and var2  # /var stands in (empty) in every run
    assert addr1 == addr2  # the perturbed run's host name resolves as the host's does
    bad = box.run(
        [sys.executable, "-c", "import os; os.kill(os.getpid(), 15)"],
        cwd=tmp_path,
        limits=Limits(wall_s=30),
        variant=True,
    )
    assert bad.returncode == 128 + 15  # the wrapper keeps a shell's exit status


@pytest.mark.skipif(os.geteuid() != 0, reason="a root user's capabilities")
def test_a_root_user_keeps_roots_file_access_in_the_sandbox(tmp_path: Path) -> None:
    """realproj3 G25: with --cap-drop ALL a root user's tests could not read a mode-000 folder."""
    try:
        box = make_sandbox("bwrap")
    except Exception as e:  # noqa: BLE001 - bwrap may be missing on a developer's machine
        pytest.skip(f"bwrap: {e}")
    locked = tmp_path / "locked"
    locked.mkdir(mode=0)
    code = f"import os; print('LOOK', os.access({str(locked)!r}, os.R_OK))"
    try:
        res = box.run([sys.executable, "-c", code], cwd=tmp_path, limits=Limits(wall_s=30))
    finally:
        locked.chmod(0o700)
    assert "LOOK True" in res.output, res.output  # as in the root user's own shell
