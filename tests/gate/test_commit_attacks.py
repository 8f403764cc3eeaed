"""The gate judges the commit it hands over (issue 11): attack fixtures of
tests/gate/commit_attacks.py against the real gate, runner and sandbox, and the honest fix of
the same repositories; end to end through the CLI with scripted models, the branch holds
exactly the tree the gate checked. Each distinct base repository's baseline (what the gate
compares against: test ids and counts) runs once in this module and each gate test gets a copy;
each test still builds its own repository, makes its calls and by-products there and runs the
real gate on it.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from commit_attacks import Attack, attacks, gate_verdict, make_repo
from test_e2e import default_sandbox_args, git, one_json, run_cli

from fixloop.candidate import build_candidate, checkout_tree
from fixloop.sandbox import make_sandbox
from fixloop.testrun import TestRunner
from fixloop.types import TestReport

COMMIT_KINDS = ("ignored-plugin", "byproduct", "result-file", "junit-rewrite")  # see test_written_bytes.py


def _distinct_bases() -> list[Attack]:
    """One attack per distinct base repository (the honest fix is the same edit on each)."""
    seen: dict[str, Attack] = {}
    for a in attacks():
        seen.setdefault(json.dumps(sorted(a.files.items())), a)
    return list(seen.values())


Baselines = Callable[[Attack], TestReport]


@pytest.fixture(scope="module")
def baselines(tmp_path_factory: pytest.TempPathFactory) -> Baselines:
    """``get(attack)``: the baseline report of ``attack``'s base repository, run once per
    distinct base in this module (in the sandbox ``gate_verdict`` picks), when first asked
    inside a test; a deep copy each call (the gate only reads it)."""
    done: dict[str, TestReport] = {}

    def get(attack: Attack) -> TestReport:
        key = json.dumps(sorted(attack.files.items()))
        if key not in done:
            tmp = tmp_path_factory.mktemp("baseline")
            root = make_repo(attack, tmp / "repo")
            box = make_sandbox("none", allow_unsandboxed=True) if default_sandbox_args() else None
            runner = TestRunner(root, box or make_sandbox("auto"), log_dir=tmp / "logs")
            report = runner.run("", pristine=True)
            assert report.failing_ids  # the base's bug is real
            done[key] = report
        return copy.deepcopy(done[key])

    return get


@pytest.mark.parametrize(
    "attack", [a for k in COMMIT_KINDS for a in attacks(k)], ids=lambda a: a.id
)
def test_attack_is_never_verified(attack: Attack, tmp_path: Path, baselines: Baselines) -> None:
    v = gate_verdict(attack, tmp_path, baseline=baselines(attack))
    assert not v.verified, v.reason
    # what the gate checked holds none of the hidden or left-behind files
    listed = git(tmp_path / "repo", "ls-tree", "-r", "--name-only", v.tree).split()
    assert not set(attack.byproducts) & set(listed)
    assert not any(
        n.endswith((".dist-info/entry_points.txt", ".egg-info/entry_points.txt")) for n in listed
    )


@pytest.mark.parametrize("attack", _distinct_bases(), ids=lambda a: a.id)
def test_honest_fix_of_the_same_repository_is_verified(
    attack: Attack, tmp_path: Path, baselines: Baselines
) -> None:
    v = gate_verdict(attack, tmp_path, honest=True, baseline=baselines(attack))
    assert v.verified, v.reason
    assert (
        git(tmp_path / "repo", "ls-tree", "-r", "--name-only", v.tree).split().count("calc.py") == 1
    )


def test_candidate_holds_tool_edits_only(tmp_path: Path) -> None:
    attack = attacks("ignored-plugin")[0]
    root = make_repo(attack, tmp_path / "repo")
    base = git(root, "rev-parse", "HEAD").strip()
    (root / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    (root / "junk.txt").write_text("left by a test run\n")
    (root / ".gitignore").write_text("*\n")  # hides itself and everything new
    (root / "new.py").write_text("X = 1\n")
    cand = build_candidate(
        root,
        base,
        ["calc.py", "new.py", "../outside", "tests/test_calc.py"],
        refuse=lambda p: "protected" if p.startswith("tests/") else None,
    )
    assert cand.changed == ["calc.py"]
    assert dict(cand.left_out) == {"new.py": "git-ignored", "tests/test_calc.py": "protected"}
    assert git(root, "status", "--porcelain") == " M calc.py\n"  # nothing staged or moved
    out = checkout_tree(root, cand.tree, tmp_path / "co")
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "calc.py",
        "tests/test_calc.py",
    ]
    assert not build_candidate(root, base, []).changed
    assert build_candidate(root, base, []).unchanged


def _cli(attack: Attack, tmp: Path, *, honest: bool) -> tuple[Path, dict]:
    repo = make_repo(attack, tmp / "repo")
    script = tmp / "script.json"
    script.write_text(json.dumps(attack.script(honest=honest)), encoding="utf-8")
    args = ["fix", str(repo), "--model", f"script:{script}", "--json", *default_sandbox_args()]
    return repo, one_json(run_cli(args, tmp))


def test_cli_self_ignored_plugin_is_not_verified_and_not_committed(tmp_path: Path) -> None:
    repo, out = _cli(attacks("ignored-plugin")[0], tmp_path, honest=False)
    assert out["status"] != "verified" and out["verified_commit"] is None
    # the tools refuse the .gitignore files and the dist-info ("source only"), so only the
    # plugin's Python source and the docstring edit are left; neither makes the suite pass
    assert set(out["files_changed"]) <= {"calc.py", "shield/__init__.py"}
    listed = git(repo, "ls-tree", "-r", "--name-only", out["head_commit"]).split()
    assert set(listed) <= {"calc.py", "tests/test_calc.py", "shield/__init__.py"}
    assert not any(".gitignore" in p or "dist-info" in p for p in listed)


def test_cli_honest_fix_branch_is_the_verified_commit(tmp_path: Path) -> None:
    repo, out = _cli(attacks("ignored-plugin")[1], tmp_path, honest=True)
    assert out["status"] == "verified"
    assert out["verified_commit"] == out["head_commit"]
    assert git(repo, "rev-parse", out["branch"]).strip() == out["head_commit"]
    # a person checks the branch out and runs plain pytest: it passes
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "-b", out["branch"], str(repo), str(clone))
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=clone,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-2000:]
