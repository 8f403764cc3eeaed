"""The project's real environment, end to end (issue 13, DESIGN.md rule 9): the user's time zone,
locale and chosen variables reach the tests; secret-looking names never do.

Each variant of ``tests/cases/env-timezone`` holds a test that depends on the user's shell (TZ or
a variable passed with ``--pass-env``) and a real bug elsewhere. Run with that environment, the
baseline fails only on the real bug and the honest one-line fix is verified.

Tests that write into the tree (``tests/cases/env-writes-into-repo``): the first variant runs
through the CLI, the others at the runner and candidate level; ``python benchmarks/env_e2e.py``
runs every variant through the CLI.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

import pytest
from conftest import Case, cases_of, git
from test_e2e import default_sandbox_args, one_json, run_cli, snapshot

from fixloop.candidate import build_candidate
from fixloop.sandbox import make_sandbox
from fixloop.testrun import TestRunner
from fixloop.tools import Tools
from fixloop.types import Outcome
from fixloop.workspace import Workspace


@pytest.fixture
def sandbox_args() -> list[str]:
    return list(default_sandbox_args())


def events_of(res: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(res["trajectory"]).read_text().splitlines()]


def baseline_failing(res: dict[str, Any]) -> list[str]:
    (ev,) = [e for e in events_of(res) if e["type"] == "baseline"]
    return [f["id"] for f in ev["report"]["failing"]]


@pytest.mark.parametrize("c", cases_of("env-timezone"), ids=lambda c: c.variant)
def test_user_environment_reaches_the_tests(c: Case, tmp_path: Path, sandbox_args) -> None:
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    before = snapshot(repo)
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{c.script}", *m["args"], *sandbox_args],
        tmp_path / "home",
        env=m["env"],
    )
    res = one_json(proc)
    assert proc.returncode == m["exit"], proc.stderr[-3000:]
    assert res["status"] == m["status"] and res["verified"] is True
    failing = baseline_failing(res)
    assert len(failing) == 1 and m["fails_without_env"] not in failing
    assert snapshot(repo) == before


@pytest.mark.parametrize("c", cases_of("env-timezone"), ids=lambda c: c.variant)
def test_without_the_variable_the_env_test_fails(
    c: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above can fail: the same tree in the same sandbox without the user's value."""
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    box = (
        make_sandbox("auto")
        if not default_sandbox_args()
        else make_sandbox("none", allow_unsandboxed=True)
    )
    for name, value in m["env"].items():
        monkeypatch.setenv(name, value)
    passed = {n: v for n, v in m["env"].items() if n != "TZ"}  # what --pass-env would add
    good = TestRunner(repo, box, log_dir=tmp_path / "logs", env=passed).run("")
    assert m["fails_without_env"] not in good.failing_ids and good.failed == 1
    for name in m["env"]:
        monkeypatch.setenv(name, "UTC") if name == "TZ" else monkeypatch.delenv(name)
    bad = TestRunner(repo, box, log_dir=tmp_path / "logs2").run("")
    assert m["fails_without_env"] in bad.failing_ids and bad.failed == 2


@pytest.mark.parametrize("name", ["ANTHROPIC_API_KEY", "GITHUB_TOKEN", "DB_PASSWORD", "MY_SECRET"])
def test_pass_env_refuses_secret_names(name: str, tmp_path: Path) -> None:
    repo = cases_of("env-timezone")[0].copy(tmp_path / "repo")
    proc = run_cli(["fix", str(repo), "--json", "--pass-env", name], tmp_path / "home")
    res = one_json(proc)
    assert proc.returncode == 2 and res["status"] == "error"
    assert f"{name} looks like a secret" in res["summary"]
    assert not (tmp_path / "home" / "runs").exists() or not list(
        (tmp_path / "home" / "runs").glob("*.jsonl")
    )


# --------------------------------------------------------------------------------------------
# A dotenv file in the user's checkout, outside the folders a sandbox used to hide (case 24)
# --------------------------------------------------------------------------------------------


@pytest.fixture
def outside(tmp_path: Path):
    """A folder outside /tmp, /home, /root, /run, /mnt and /media (as /srv/app is in CI)."""
    base = Path("/var/tmp") if os.access("/var/tmp", os.W_OK) else Path(__file__).parent
    folder = Path(tempfile.mkdtemp(prefix="fixloop-outside-", dir=base))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("c", cases_of("env-dotenv-leak"), ids=lambda c: c.variant)
def test_dotenv_in_the_checkout_never_reaches_model_or_trajectory(
    c: Case, tmp_path: Path, outside: Path, sandbox_args
) -> None:
    m = c.meta
    repo = c.copy(outside / "app")
    assert "sesame-open-4711-prod" in (repo / ".env").read_text()  # the user's secret is there
    before = snapshot(repo)
    args = sandbox_args if m["sandboxed"] else ["--sandbox", "none", "--allow-unsandboxed"]
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{c.script}", *args], tmp_path / "home"
    )
    res = one_json(proc)
    assert proc.returncode == m["exit"], proc.stderr[-3000:]
    assert res["status"] == m["status"]
    trajectory = Path(res["trajectory"]).read_text()
    for secret in m["secrets"]:
        assert secret not in trajectory and secret not in proc.stdout + proc.stderr
    (ev,) = [e for e in events_of(res) if e["type"] == "baseline"]
    assert m["leak_line"] in ev["report"]["output"]  # the attempt ran and found nothing usable
    assert snapshot(repo) == before


# --------------------------------------------------------------------------------------------
# Tests that write inside the project tree (case 31): allowed, and never part of the commit
# --------------------------------------------------------------------------------------------


WRITES = cases_of("env-writes-into-repo")


def check_writes_end_to_end(c: Case, tmp_path: Path, sandbox_args: list[str]) -> None:
    """One env-writes-into-repo case through the real CLI: verified, only the fixed file
    changed, the writing test passed at the baseline too, the branch holds the fix and none of
    the by-products, the user's checkout untouched. Raises AssertionError on a difference. Used
    by benchmarks/env_e2e.py too."""
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    before = snapshot(repo)
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{c.script}", *sandbox_args],
        tmp_path / "home",
    )
    res = one_json(proc)
    assert proc.returncode == m["exit"], proc.stderr[-3000:]
    assert res["status"] == m["status"] and res["files_changed"] == [m["file"]]
    assert len(baseline_failing(res)) == 1  # the writing test passed at the baseline too
    tree = git(repo, "ls-tree", "-r", "--name-only", res["branch"]).split()
    assert m["file"] in tree and not set(m["byproducts"]) & set(tree)
    assert snapshot(repo) == before


@pytest.mark.parametrize("c", WRITES[:1], ids=lambda c: c.variant)
def test_tests_write_into_the_tree_byproducts_stay_out(
    c: Case, tmp_path: Path, sandbox_args
) -> None:
    check_writes_end_to_end(c, tmp_path, sandbox_args)


@pytest.mark.parametrize("c", WRITES[1:], ids=lambda c: c.variant)
def test_tests_write_into_the_tree_at_the_runner_and_the_candidate(c: Case, tmp_path: Path) -> None:
    """The other variants without the CLI: the runner lets the tests write into a writable
    tree (as a run's is), so at the baseline only the real bug fails; after the script's fix
    every test passes (writing its by-products again); the candidate commit built from the
    tools' edits holds the fix and none of the by-products. ``python benchmarks/env_e2e.py``
    runs every variant end to end."""
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    base = git(repo, "rev-parse", "HEAD").strip()
    box = make_sandbox("none", allow_unsandboxed=True) if default_sandbox_args() else None
    runner = TestRunner(repo, box or make_sandbox("auto"), log_dir=tmp_path / "logs", writable=True)
    baseline = runner.run("", pristine=True)
    assert len(baseline.failing_ids) == 1, baseline.output[-2000:]
    tools = Tools(Workspace(repo), None)
    for name, args in c.calls():
        res = tools.call(name, args)
        assert not res.is_error, res.content
    after = runner.run("", pristine=True)
    assert after.outcome == Outcome.PASSED and after.failed == 0, after.output[-2000:]
    assert all((repo / p).exists() for p in m["byproducts"])  # the tests did write them
    cand = build_candidate(repo, base, tools.changed)
    assert cand.changed == [m["file"]]
    tree = git(repo, "ls-tree", "-r", "--name-only", cand.tree).split()
    assert m["file"] in tree and not set(m["byproducts"]) & set(tree)


def test_the_trees_git_entry_stays_read_only(tmp_path: Path) -> None:
    """A writable run tree still cannot rewrite its ``.git`` file (git would follow it)."""
    repo = tmp_path / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / ".git").write_text("gitdir: /somewhere/else\n")
    (repo / "tests" / "test_git.py").write_text(
        "from pathlib import Path\n\n"
        "ROOT = Path(__file__).resolve().parent.parent\n\n\n"
        "def test_rewrite_gitfile():\n"
        "    (ROOT / '.git').write_text('gitdir: /tmp/evil\\n')\n\n\n"
        "def test_write_beside_it():\n"
        "    (ROOT / 'out.txt').write_text('ok')\n"
    )
    box = make_sandbox("auto") if not default_sandbox_args() else None
    if box is None:  # no bwrap here: the unsandboxed backend has no mounts to check
        box = make_sandbox("none", allow_unsandboxed=True)
        rep = TestRunner(repo, box, log_dir=tmp_path / "logs", writable=True).run("")
        assert rep.collected == 2
        return
    rep = TestRunner(repo, box, log_dir=tmp_path / "logs", writable=True).run("")
    assert rep.failing_ids == ["tests/test_git.py::test_rewrite_gitfile"]
    assert "Read-only file system" in rep.output
    assert (repo / ".git").read_text() == "gitdir: /somewhere/else\n"
    assert (repo / "out.txt").read_text() == "ok"


# --------------------------------------------------------------------------------------------
# Editable installs (case 29): the run's tree, not the user's checkout, is what the tests import
# --------------------------------------------------------------------------------------------

#: What a project's virtualenv needs to run its tests, copied from this test run's own
#: environment (local files only, no index): pytest and the packages it imports.
PYTEST_STACK = ("pytest", "_pytest", "pluggy", "iniconfig", "packaging", "pygments", "py.py")


def venv_with_pytest(checkout: Path) -> tuple[Path, Path]:
    """``checkout/.venv`` made without pip, this test run's pytest stack copied in.

    Local files only, no index: each name of :data:`PYTEST_STACK` and its ``*.dist-info``
    (a sandbox shows the venv, not this test run's environment).

    Returns:
        ``(python, site_dir)``: the venv's interpreter and its ``purelib`` folder.
    """
    venv = checkout / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    site_dir = Path(
        subprocess.run(
            [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    ours = Path(sysconfig.get_paths()["purelib"])
    for name in PYTEST_STACK:
        for src in [ours / name, *ours.glob(f"{name}-*.dist-info")]:
            if src.is_dir():
                shutil.copytree(
                    src, site_dir / src.name, ignore=shutil.ignore_patterns("__pycache__")
                )
            elif src.is_file():
                shutil.copy2(src, site_dir / src.name)
    return py, site_dir


def make_project_venv(checkout: Path) -> Path:
    """``checkout/.venv`` as a user keeps it: pytest in it, the project installed editable.

    :func:`venv_with_pytest`, then pip and setuptools of this test run are lent to it through a
    ``.pth`` file for the one ``pip install --no-index --no-build-isolation -e`` and taken away
    after.
    """
    py, site_dir = venv_with_pytest(checkout)
    ours = Path(sysconfig.get_paths()["purelib"])
    lend = site_dir / "zz_lent_tools.pth"
    lend.write_text(f"{ours}\n")
    proc = subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-index", "--no-build-isolation"]
        + ["--no-deps", "-e", str(checkout)],
        capture_output=True,
        text=True,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    lend.unlink()
    return py


@pytest.mark.parametrize("c", cases_of("env-editable-src"), ids=lambda c: c.variant)
def test_editable_install_tests_the_run_tree(c: Case, tmp_path: Path, sandbox_args) -> None:
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    py = make_project_venv(repo)
    site_dir = next((repo / ".venv" / "lib").glob("python3*/site-packages"))
    assert (site_dir / m["editable"]).is_file()  # the kind of editable install of the case
    # the user's own run: the checkout's code imports (and fails on the bug)
    here = subprocess.run(
        [str(py), "-c", f"import {m['package']} as p; print(p.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert here.stdout.startswith(str(repo)), here.stderr
    before = snapshot(repo)
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{c.script}", *sandbox_args],
        tmp_path / "home",
    )
    res = one_json(proc)
    assert (proc.returncode, res["status"]) == (m["exit"], m["status"]), proc.stderr[-3000:]
    if m["status"] == "verified":
        assert res["files_changed"] == [m["file"]] and res["verified"] is True
    else:  # stopped before the model with the cause named
        assert res["steps"] == 0 and m["cause"] in res["summary"]
        assert "not from the run's tree" in res["summary"] or "not importable" in res["summary"]
    assert snapshot(repo) == before
