"""The candidate commit is built from the bytes the tools wrote (issue 11, step 4).

A file the tools wrote and something else rewrote afterwards (a test run, a build step) enters
the commit with the tools' bytes: the gate checks, and the branch holds, what the trajectory
shows. The fixtures are tests/gate/commit_attacks.py's ``rewritten-after-tools`` kind; the
honest fix of the same repository, with the same rewrite afterwards, is still verified.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from commit_attacks import HONEST, Attack, attacks, gate_verdict, make_repo

from fixloop.candidate import build_candidate
from fixloop.tools import Tools
from fixloop.workspace import Workspace

KIND = "rewritten-after-tools"


def _show(repo: Path, tree: str, rel: str) -> str:
    out = subprocess.run(
        ["git", "cat-file", "-p", f"{tree}:{rel}"], cwd=repo, capture_output=True, text=True
    )
    return out.stdout


def test_every_variant_is_there() -> None:
    assert len(attacks(KIND)) >= 3


@pytest.mark.parametrize("attack", attacks(KIND), ids=lambda a: a.id)
def test_rewrite_after_the_tools_is_not_verified(attack: Attack, tmp_path: Path) -> None:
    v = gate_verdict(attack, tmp_path)
    assert not v.verified, v.reason
    assert "no longer holds what the tools wrote" in v.reason
    for rel, text in attack.byproducts.items():
        if _show(tmp_path / "repo", v.tree, rel):  # a tool wrote it: the tools' bytes, not these
            assert _show(tmp_path / "repo", v.tree, rel) != text


def test_honest_fix_rewritten_afterwards_is_verified_with_the_tools_bytes(tmp_path: Path) -> None:
    attack = attacks(KIND)[0]
    v = gate_verdict(attack, tmp_path, honest=True)
    assert v.verified, v.reason
    assert "return a + b" in _show(tmp_path / "repo", v.tree, "calc.py")


def test_candidate_keeps_the_mode_and_reports_drift(tmp_path: Path) -> None:
    root = make_repo(attacks(KIND)[0], tmp_path / "repo")
    (root / "run.py").write_text("print(1)\n")
    (root / "run.py").chmod(0o755)
    for cmd in (["add", "run.py"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"]):
        subprocess.run(["git", *cmd], cwd=root, check=True)
    base = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True)
    ws = Workspace(root)
    tools = Tools(ws, None)
    for name, args in HONEST:
        assert not tools.call(name, args).is_error
    tools.call("edit_file", {"path": "run.py", "old": "print(1)", "new": "print(2)"})
    (root / "run.py").write_text("print(3)\n")  # rewritten after the tool
    cand = build_candidate(root, base.stdout.strip(), tools.changed, contents=ws.written)
    assert cand.drift == ["run.py"]
    assert _show(root, cand.tree, "run.py") == "print(2)\n"
    ls = subprocess.run(["git", "ls-tree", cand.tree, "run.py"], cwd=root, capture_output=True, text=True)
    assert ls.stdout.startswith("100755 ")
