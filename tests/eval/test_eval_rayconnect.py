"""Joining a Ray cluster (bad addresses fail at once, ``--quiet`` is quiet) and the suite cache.

- A ``--ray-address`` where nothing listens (a closed local port) or that is malformed ends the
  eval with one line on standard error, exit code 2 and no output folder, before Ray is asked.
- An address where something accepts the connection but no Ray cluster answers is given up
  after :func:`fixloop.eval.rayconnect.connect`'s ``timeout_s`` (a short one here, in a
  process of its own: the abandoned ``ray.init`` thread stays in it).
- ``--quiet`` on a new local cluster prints nothing at all (Ray's token-authentication notice
  included), and the suite copy the workers unpacked under ``TMP/fixloop-ray-suites`` is gone
  when the eval ends; the cluster is started while the eval prepares (in a helper thread that
  must outlive the start: Ray's processes die with the thread that started them); an eval
  with nothing due starts none.
- :mod:`fixloop.eval.raycache`: one unpack per node, a suite in use is kept, a released one is
  removed with its lock and leftovers; copies an interrupted eval left (this user's, unused for
  an hour, held by no task) go when the next eval unpacks a suite on the node.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from eval_suite_files import SUITE_FILES, write

from fixloop.errors import UsageError
from fixloop.eval.raycache import STALE_AFTER_S, release_suite, suite_in_use, sweep_stale
from fixloop.eval.rayconnect import check_address, parse_address
from fixloop.eval.rayexec import pack_folder
from fixloop.eval.runner import RUNS_FILE, read_runs

SRC = Path(__file__).resolve().parents[2] / "src"


def _closed_port() -> int:
    """A local TCP port nothing listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _eval_cli(tmp_path: Path, address: str) -> subprocess.CompletedProcess[str]:
    suite = write(tmp_path / "suite", SUITE_FILES)
    env = {**os.environ, "PYTHONPATH": str(SRC), "FIXLOOP_HOME": str(tmp_path / "home")}
    return subprocess.run(
        [sys.executable, "-m", "fixloop", "eval", str(suite), "--model", "x", "--quiet"]
        + ["--executor", "ray", "--ray-address", address, "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,  # a hang is a failure, not a wait of minutes
    )


@pytest.mark.parametrize("form", ["{port}", "ray://{port}"])
def test_a_closed_port_is_one_line_and_exit_2(tmp_path: Path, form: str) -> None:
    pytest.importorskip("ray")
    port = _closed_port()
    address = form.format(port=f"127.0.0.1:{port}")
    proc = _eval_cli(tmp_path, address)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    (line,) = proc.stderr.splitlines()
    assert line == (
        f"fixloop eval: no Ray cluster at --ray-address {address}: 127.0.0.1:{port} "
        "does not accept connections (Connection refused)"
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("address", ["head-node", "ray://", "host:0", "host:70000", "a b:1"])
def test_a_malformed_address_is_one_line_and_exit_2(tmp_path: Path, address: str) -> None:
    pytest.importorskip("ray")
    proc = _eval_cli(tmp_path, address)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        f"fixloop eval: --ray-address must be auto, HOST:PORT or ray://HOST:PORT (got {address!r})"
    ]
    assert not (tmp_path / "out").exists()


def test_parse_address_forms() -> None:
    assert parse_address("auto").port == 0
    a = parse_address("ray://head.example:10001")
    assert (a.host, a.port, a.client) == ("head.example", 10001, True)
    b = parse_address("[::1]:6379")
    assert (b.host, b.port, b.client) == ("::1", 6379, False)
    with pytest.raises(UsageError):
        parse_address("6379")
    check_address(None)  # a new local cluster: nothing to knock on
    check_address("auto")  # Ray looks for one itself


def test_a_silent_listener_is_given_up_after_the_timeout(tmp_path: Path) -> None:
    """Something accepts TCP connections but never speaks: no cluster, a usage error."""
    pytest.importorskip("ray")
    listener = socket.socket()
    listener.bind(("0.0.0.0", 0))  # Ray dials the node's address for 127.0.0.1
    listener.listen(64)
    port = listener.getsockname()[1]
    stop = threading.Event()

    def accept() -> None:  # accept and hold every connection, never answer
        held = []
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue
        for c in held:
            c.close()

    t = threading.Thread(target=accept, daemon=True)
    t.start()
    script = (
        "import sys\n"
        "from fixloop.errors import UsageError\n"
        "from fixloop.eval.rayconnect import connect\n"
        "try:\n"
        f"    connect('127.0.0.1:{port}', quiet=True, timeout_s=3)\n"
        "except UsageError as e:\n"
        "    print(e)\n"
        "    sys.exit(2)\n"
    )
    try:
        proc = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(SRC)},
            timeout=120,
        )
    finally:
        stop.set()
        t.join()
        listener.close()
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == f"no Ray cluster answered at --ray-address 127.0.0.1:{port} within 3 s\n"
    assert proc.stderr == ""  # Ray's C++ connection warnings went to the discarded fd 2


def test_quiet_eval_on_a_new_local_cluster_prints_nothing_and_cleans_up(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    suite = write(tmp_path / "suite", SUITE_FILES)
    digest = hashlib.sha256(pack_folder(suite)).hexdigest()
    agent = tmp_path / "agent.py"
    agent.write_text("print('{}')\nraise SystemExit(1)\n")  # gives up at once (unresolved)
    out = tmp_path / "out"
    driver = (
        "import sys\n"
        "from pathlib import Path\n"
        "from fixloop.eval.runner import EvalConfig, run_eval\n"
        f"run_eval(EvalConfig(suite=Path({str(suite)!r}), out=Path({str(out)!r}), model='x',\n"
        "    executor='ray', quiet=True, sandbox='bwrap', timeout_s=60,\n"
        f"    agent_cmd=[sys.executable, {str(agent)!r}]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC), "FIXLOOP_HOME": str(tmp_path / "home")}
    env.pop("RAY_ADDRESS", None)
    proc = subprocess.run(
        [sys.executable, "-c", driver], capture_output=True, text=True, env=env, timeout=300
    )
    if proc.returncode == 3 and "sandbox" in proc.stderr:
        pytest.skip(f"no sandbox here: {proc.stderr.strip()}")
    assert proc.returncode == 0, proc.stderr
    assert (proc.stdout, proc.stderr) == ("", "")
    assert sorted(r["task"] for r in read_runs(out / RUNS_FILE)) == ["double", "half"]
    import tempfile

    root = Path(tempfile.gettempdir()) / "fixloop-ray-suites"
    assert not (root / digest).exists() and not (root / f"{digest}.lock").exists()
    assert json.loads((out / "summary.json").read_text())["runs"] == 2
    # again: nothing is due, so no cluster starts; still silent, no copy, the same summary
    again = subprocess.run(
        [sys.executable, "-c", driver], capture_output=True, text=True, env=env, timeout=300
    )
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")
    assert not (root / digest).exists()
    assert json.loads((out / "summary.json").read_text())["runs"] == 2


def test_suite_cache_keeps_a_suite_in_use_and_removes_it_after(tmp_path: Path) -> None:
    src = write(tmp_path / "suite", {"a/x.txt": "1", "b.txt": "2"})
    blob = pack_folder(src)
    digest = hashlib.sha256(blob).hexdigest()
    root = tmp_path / "cache"
    other = root / ("0" * 64)  # another suite's copy: never touched
    other.mkdir(parents=True)
    with suite_in_use(blob, digest, root=root) as folder:
        assert folder == root / digest and (folder / "a" / "x.txt").read_text() == "1"
        (folder / "marker").write_text("")  # the second user gets the same folder, not a copy
        with suite_in_use(blob, digest, root=root) as again:
            assert (again / "marker").exists()
        assert release_suite(digest, root=root, wait_s=0) is False  # in use: kept
        assert (folder / "b.txt").exists()
    # a user letting go while the clean-up waits: removed
    held = suite_in_use(blob, digest, root=root)
    held.__enter__()
    threading.Timer(0.5, held.__exit__, (None, None, None)).start()
    assert release_suite(digest, root=root, wait_s=30) is True
    assert not (root / digest).exists()
    with suite_in_use(blob, digest, root=root):
        pass
    (root / f"{digest[:12]}-half").mkdir()  # an unpack cut short
    assert release_suite(digest, root=root) is True
    assert sorted(p.name for p in root.iterdir()) == [other.name]
    assert release_suite(digest, root=root) is True  # nothing there: nothing to do
    other.rmdir()
    with suite_in_use(blob, digest, root=root):
        pass
    assert release_suite(digest, root=root) is True
    assert not root.exists()  # the last suite gone: the folder too


def test_stale_copies_are_swept_when_a_suite_is_next_unpacked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What an interrupted eval left on a node goes with the next eval's first task there."""
    import fcntl

    blob = pack_folder(write(tmp_path / "suite", {"t.txt": "1"}))
    digest = hashlib.sha256(blob).hexdigest()
    root = tmp_path / "cache"
    old = time.time() - STALE_AFTER_S - 60

    def copy(name: str, *, age: float | None = old) -> Path:
        (root / name).mkdir(parents=True)
        (root / name / "f").write_text("x")
        lock = root / f"{name}.lock"
        lock.write_text("")
        if age is not None:
            os.utime(lock, (age, age))
        return root / name

    left = copy("a" * 64)  # interrupted long ago, nobody holds it: removed
    fresh = copy("b" * 64, age=None)  # used a moment ago (an eval between two tasks): kept
    held = copy("c" * 64)  # old, but a task of a running eval holds it: kept
    fd = os.open(root / f"{'c' * 64}.lock", os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_SH)
    half = root / f"{'d' * 12}-cut"  # an unpack cut short long ago: removed
    half.mkdir()
    os.utime(half, (old, old))
    try:
        with suite_in_use(blob, digest, root=root) as folder:
            assert (folder / "t.txt").read_text() == "1"
            assert not left.exists() and not (root / f"{'a' * 64}.lock").exists()
            assert not half.exists()
            assert fresh.is_dir() and held.is_dir()
    finally:
        os.close(fd)
    # another user's copy is never touched, however old
    foreign = copy("e" * 64)
    monkeypatch.setattr(os, "getuid", lambda: os.stat(foreign).st_uid + 1)
    assert sweep_stale(root, keep=digest) == []
    assert foreign.is_dir()
    monkeypatch.undo()
    # the suite about to be used is never swept, and each use marks it used
    mine = root / f"{digest}.lock"
    os.utime(mine, (old, old))
    assert sweep_stale(root, keep=digest) == ["c" * 64, "e" * 64]  # c: let go now
    assert (root / digest).is_dir()
    with suite_in_use(blob, digest, root=root):
        assert time.time() - mine.stat().st_mtime < 60


def test_a_refused_join_names_token_authentication_unless_it_is_on() -> None:
    """Recent Ray starts local clusters with token authentication; a driver joining one by
    address without ``RAY_AUTH_MODE=token`` gets Ray's bare ``Failed to connect`` after ~20 s
    (seen with Ray 2.60 on the eval_scale benchmark's existing-cluster row): the message says
    what to set. Other failures, and joins already in token mode, get no hint."""
    from fixloop.eval.rayconnect import auth_hint

    refused = ConnectionError("Failed to connect to Ray cluster at 192.0.2.2:36899")
    hint = auth_hint(refused, {})
    assert "RAY_AUTH_MODE=token" in hint and hint.startswith("; ")
    assert auth_hint(refused, {"RAY_AUTH_MODE": "disabled"}) == hint
    assert auth_hint(refused, {"RAY_AUTH_MODE": "token"}) == ""
    assert auth_hint(RuntimeError("version mismatch"), {}) == ""
