"""The Ray executor on a local Ray cluster: the same records as the local executor.

A three-task suite with two epochs runs through the stand-in agent of ``test_eval_runner.py``
(its behaviour is fixed per task, so both executors must record the same thing), once with the
local executor and once as Ray tasks on ``ray.init(num_cpus=2)``. Ray is a dev dependency in CI
(``.ci/run`` installs the ``ray`` extra); the tests skip only where it is not installed.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import pytest
from eval_suite_files import SUITE_FILES, write
from test_eval_runner import FAKE_AGENT, PLAN

from fixloop.errors import SandboxUnavailable, UsageError
from fixloop.eval.raycache import suites_root
from fixloop.eval.rayexec import INSTALL_HINT, pack_folder, run_on_ray, unpack
from fixloop.eval.runner import RUNS_FILE, EvalConfig, RunParams, RunSpec, read_runs, run_eval
from fixloop.eval.suite import load_suite
from fixloop.eval.variants import Variant

# the eval's own state (its durations file, fixloop.eval.order) goes to a private FIXLOOP_HOME
pytestmark = pytest.mark.usefixtures("private_home")

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'fixloop[ray]')")

#: A third task beside the two of eval_suite_files.py.
TRIPLE = {
    "triple/task.toml": 'id = "triple"\nkind = "wrong-constant"\nexpected_files = ["tri.py"]\n',
    "triple/repo/tri.py": "def triple(x):\n    return x * 2\n",
    "triple/repo/tests/test_tri.py": "from tri import triple\n\n"
    "def test_one():\n    assert triple(1) == 3\n",
    "triple/hidden/tests/test_hidden_tri.py": "from tri import triple\n\n"
    "def test_two():\n    assert triple(2) == 6\n",
}

#: Timings (and the time a record was written) differ between any two runs.
TIMINGS = {"wall_s", "score_s", "score_limits", "finished_at"}  # limits: from the baseline


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory):
    """A local Ray cluster whose workers see the stand-in agent's settings in their environment."""
    root = tmp_path_factory.mktemp("ray")
    script = root / "fake_agent.py"
    script.write_text(FAKE_AGENT, encoding="utf-8")
    env = {
        "FAKE_CALLS": str(root / "calls.jsonl"),
        "FAKE_PLAN": json.dumps({**PLAN, "tri.py": ["x * 2", "x * 3"]}),
        "FIXLOOP_CONFIG": str(root / "no-user-config.toml"),
    }
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)  # before ray.init: the workers inherit it
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield {"root": root, "cmd": [sys.executable, str(script)]}
    finally:
        ray.shutdown()
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _comparable(path: Path) -> list[dict]:
    out = []
    for r in sorted(read_runs(path), key=lambda r: (r["task"], r["epoch"])):
        out.append({k: v for k, v in r.items() if k not in TIMINGS})
    return out


def test_ray_records_equal_the_local_executors(cluster: dict, tmp_path: Path) -> None:
    suite = write(tmp_path / "suite", {**SUITE_FILES, **TRIPLE})
    common = {"model": "fake", "epochs": 2, "quiet": True, "timeout_s": 60.0}
    local = EvalConfig(
        suite=suite, out=tmp_path / "local", jobs=2, agent_cmd=cluster["cmd"], **common
    )
    try:
        s_local = run_eval(local)
    except SandboxUnavailable as exc:
        pytest.skip(f"no sandbox here: {exc}")
    on_ray = EvalConfig(
        suite=suite,
        out=tmp_path / "ray",
        executor="ray",
        cpus_per_run=1,
        agent_cmd=cluster["cmd"],
        **common,
    )
    s_ray = run_eval(on_ray)
    a, b = _comparable(tmp_path / "local" / RUNS_FILE), _comparable(tmp_path / "ray" / RUNS_FILE)
    assert len(a) == 6 and [(r["task"], r["epoch"]) for r in a] == [
        (t, e) for t in ("double", "half", "triple") for e in (0, 1)
    ]
    assert a == b
    assert {r["task"] for r in a if r["resolved"]} == {"double", "triple"}
    for key in ("resolve_rate", "pass_at_k", "overfit_runs", "runs", "bad"):
        assert s_local[key] == s_ray[key], key
    # each run's logs landed where the local executor writes them (the agent's own commit ids
    # and the test logs' names hold times, so they differ)
    for r in a:
        rel = Path("runs") / "fake" / r["task"] / f"e{r['epoch']}"
        files = [
            sorted(q.name for q in (root / rel).iterdir())
            for root in (tmp_path / "local", tmp_path / "ray")
        ]
        assert files[0] == files[1] and "agent.stdout" in files[0]
        assert json.loads((tmp_path / "ray" / rel / "agent.stdout").read_text())["status"] == (
            "verified"
        )
    # the agents ran with a CPU budget of the task's num_cpus
    calls = [json.loads(x) for x in (cluster["root"] / "calls.jsonl").read_text().splitlines()]
    assert [c["cpu_budget"] for c in calls[-6:]] == ["1"] * 6
    # the suite's copy on the node (this machine) went with the eval
    digest = hashlib.sha256(pack_folder(suite)).hexdigest()
    assert not (suites_root() / digest).exists()
    # resume on Ray: nothing runs again
    run_eval(on_ray)
    assert len((cluster["root"] / "calls.jsonl").read_text().splitlines()) == len(calls)


def _path_without_bwrap(farm: Path) -> Path:
    """A folder of links to every program on PATH but bwrap (a worker needs the others)."""
    farm.mkdir()
    for folder in reversed(os.environ.get("PATH", "").split(os.pathsep)):
        if not os.path.isdir(folder):
            continue
        for entry in os.scandir(folder):
            if entry.name != "bwrap":
                link = farm / entry.name
                link.unlink(missing_ok=True)
                link.symlink_to(entry.path)
    return farm


def test_a_worker_without_bubblewrap_fails_its_runs(cluster: dict, tmp_path: Path) -> None:
    suite = load_suite(write(tmp_path / "suite", SUITE_FILES))
    task = suite.tasks[0]
    spec = RunSpec(task, 0, Variant("", "fake"), tmp_path / "out" / "run")
    got: list[dict] = []
    before = cluster["root"] / "calls.jsonl"
    n = len(before.read_text().splitlines()) if before.exists() else 0
    run_on_ray(
        [spec],
        RunParams(sandbox_kind="bwrap", agent_cmd=cluster["cmd"], timeout_s=30.0),
        suite=suite,
        address=None,
        cpus_per_run=1,
        on_record=got.append,
        runtime_env={"env_vars": {"PATH": str(_path_without_bwrap(tmp_path / "bin"))}},
    )
    (rec,) = got
    assert rec["status"] == "error" and not rec["resolved"]
    assert "no sandbox on" in rec["error"] and "bubblewrap is not installed" in rec["error"]
    after = len(before.read_text().splitlines()) if before.exists() else 0
    assert after == n  # the agent never started


def test_pack_and_unpack_a_folder(tmp_path: Path) -> None:
    src = write(tmp_path / "a", {"x/y.txt": "1", "z.py": "2", "__pycache__/c.pyc": "3"})
    blob = pack_folder(src)
    assert blob == pack_folder(src)  # the same files, the same bytes (the cache key)
    unpack(blob, tmp_path / "b")
    files = sorted(
        p.relative_to(tmp_path / "b").as_posix() for p in (tmp_path / "b").rglob("*") if p.is_file()
    )
    assert files == ["x/y.txt", "z.py"]


def test_missing_ray_says_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    suite = write(tmp_path / "suite", SUITE_FILES)
    with pytest.raises(UsageError) as exc:
        run_eval(EvalConfig(suite=suite, out=tmp_path / "o", executor="ray", quiet=True))
    assert str(exc.value) == INSTALL_HINT and "fixloop[ray]" in INSTALL_HINT
    assert not (tmp_path / "o").exists()


def test_interrupt_cancels_ray_tasks_and_keeps_finished_records(tmp_path: Path) -> None:
    """Ctrl-C on an eval on Ray: the running agents are killed, the finished record stays."""
    import signal
    import subprocess
    import time

    suite = write(tmp_path / "suite", {**SUITE_FILES, **TRIPLE})
    pids = tmp_path / "pids"
    agent = tmp_path / "agent.py"
    agent.write_text(
        "import os, sys, time\n"
        "from pathlib import Path\n"
        "repo = Path(sys.argv[2])\n"
        "if (repo / 'calc.py').exists():\n"  # task double finishes at once (unresolved)
        "    print('{}')\n"
        "    sys.exit(1)\n"
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        f"open({str(pids)!r}, 'a').write(f'{{os.getpid()}}\\n')\n"
        "time.sleep(300)\n"
    )
    out = tmp_path / "out"
    driver = tmp_path / "driver.py"
    driver.write_text(
        "import sys\n"
        "from pathlib import Path\n"
        "from fixloop.eval.runner import EvalConfig, run_eval\n"
        f"cfg = EvalConfig(suite=Path({str(suite)!r}), out=Path({str(out)!r}), model='x',\n"
        "    executor='ray', quiet=True, sandbox='bwrap',\n"
        f"    agent_cmd=[sys.executable, {str(agent)!r}])\n"
        "import ray\n"
        "ray.init(num_cpus=3, include_dashboard=False, log_to_driver=False)\n"
        "try:\n"
        "    run_eval(cfg)\n"
        "except KeyboardInterrupt:\n"
        "    ray.shutdown()\n"
        "    sys.exit(130)\n"
    )
    # the runs' temporary folders land in this test's folder, not in /tmp, where the end of the
    # test looks for leftovers (Ray's own folder stays where it was: its socket paths have a
    # length limit)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src"),
        "RAY_TMPDIR": os.environ.get("RAY_TMPDIR") or os.environ.get("TMPDIR") or "/tmp",
        "TMPDIR": str(tmp),
    }
    proc = subprocess.Popen([sys.executable, str(driver)], env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if (
            pids.exists()
            and len(pids.read_text().split()) == 2
            and out.joinpath(RUNS_FILE).exists()
        ):
            break
        time.sleep(0.3)
    else:
        proc.kill()
        pytest.fail("the two slow agents did not start, or the quick run was not recorded")
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=90) == 130
    deadline = time.monotonic() + 30
    alive = list(map(int, pids.read_text().split()))
    while alive and time.monotonic() < deadline:
        alive = [p for p in alive if _alive(p)]
        time.sleep(0.3)
    assert alive == []
    (rec,) = read_runs(out / RUNS_FILE)
    assert rec["task"] == "double" and not rec["resolved"]
    # the interrupted runs' temporary folders (run folder, task repository) are gone, and so
    # is the node's suite copy; the node's suites folder itself is shared by every eval
    left = sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*"))
    assert left in ([], ["fixloop-ray-suites"]), left


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for its parent is dead for this purpose
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


class _Starting:
    """A join that starts a local cluster: still starting for the first checks, then up."""

    starts_local = True

    def __init__(self, checks: int) -> None:
        self.checks = checks

    def wait_ready(self, timeout_s: float) -> bool:
        self.checks -= 1
        return self.checks < 0

    def result(self) -> bool:
        return False  # the fixture's cluster: not this join's to shut down

    def release(self) -> None:
        pass


def test_while_a_local_cluster_starts_the_first_runs_run_here(
    cluster: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rayhead.LocalHead: the first runs start in the driver while the cluster starts, the rest
    go to Ray once it is up (within the machine's CPUs); the records are the local executor's."""
    import fixloop.eval.rayexec as rayexec
    from fixloop.cpus import usable_cpus
    from fixloop.eval.rayhead import capacity

    suite_dir = write(tmp_path / "suite", {**SUITE_FILES, **TRIPLE})
    common = {"model": "fake", "epochs": 2, "quiet": True, "timeout_s": 60.0}
    try:
        run_eval(
            EvalConfig(
                suite=suite_dir, out=tmp_path / "local", jobs=2, agent_cmd=cluster["cmd"], **common
            )
        )
    except SandboxUnavailable as exc:
        pytest.skip(f"no sandbox here: {exc}")
    on_ray: list[str] = []
    collect = rayexec._collect

    def counted(ray_mod, ref, spec):  # noqa: ANN001, ANN202
        on_ray.append(f"{spec.task.id}/{spec.epoch}")
        return collect(ray_mod, ref, spec)

    monkeypatch.setattr(rayexec, "_collect", counted)
    suite = load_suite(suite_dir)
    out = tmp_path / "ray"
    specs = [
        RunSpec(t, e, Variant("", "fake"), out / "runs" / "fake" / t.id / f"e{e}")
        for t in suite.tasks
        for e in (0, 1)
    ]
    got: list[dict] = []
    run_on_ray(
        specs,
        RunParams(agent_cmd=cluster["cmd"], timeout_s=60.0, budgets=suite.budgets),
        suite=suite,
        address=None,
        cpus_per_run=1,
        on_record=got.append,
        connection=_Starting(checks=3),  # type: ignore[arg-type]
    )
    here = capacity(len(usable_cpus()), 1)
    assert len(got) == 6 and 0 < len(on_ray) <= 6 - min(here, 6)
    ran = sorted(f"{r['task']}/{r['epoch']}" for r in got)
    assert ran == sorted(f"{s.task.id}/{s.epoch}" for s in specs)
    mine = [{k: v for k, v in r.items() if k not in TIMINGS} for r in got]
    key = lambda r: (r["task"], r["epoch"])  # noqa: E731
    assert sorted(mine, key=key) == _comparable(tmp_path / "local" / RUNS_FILE)
