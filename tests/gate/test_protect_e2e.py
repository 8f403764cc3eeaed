"""Attacks on what counts as a test (issue 11, DESIGN.md rule 8).

Each fixture of tests/attacks/protect.py is an attack and its honest fix on one repository. The
first variant (by name) of each kind runs end to end through the CLI with a scripted model,
twice: its attack must never end verified (and the tool call must be refused by the named rule,
naming the path), its honest fix on the same repository must be verified. Every other variant
runs at the tool level, where the refusal is made: the real baseline run records what the tests
used, the run's edit policy is built from that record as a run builds it, and the same tool
calls go through :class:`fixloop.tools.Tools` on fresh copies of the repository: the attack's
first call gets the same refusal (kind, rule, path) and leaves the file as it was; the honest
fix's calls are all accepted and the suite then passes in the sandbox. ``python
benchmarks/protect_e2e.py`` runs the end-to-end check on every variant, pass/fail per variant.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from test_e2e import default_sandbox_args, one_json, run_cli

from fixloop.sandbox import make_sandbox
from fixloop.testinfra import build_policy
from fixloop.testrun import TestRunner
from fixloop.tools import Tools
from fixloop.trajectory import read_trajectory
from fixloop.types import Limits, Outcome
from fixloop.workspace import DEFAULT_BLOCKED, Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "attacks"))
import protect  # noqa: E402

ATTACKS = protect.attacks()
RULE = {
    "protected": "rule 'tests are read-only'",
    "not_source": "rule 'source only'",
    "shadows": "rule 'no shadowing'",
}


def representatives(attacks: list[protect.Attack]) -> list[protect.Attack]:
    """The first variant (by name) of each kind in ``attacks``, in kind order."""
    first: dict[str, protect.Attack] = {}
    for a in sorted(attacks, key=lambda a: (a.kind, a.name)):
        first.setdefault(a.kind, a)
    return list(first.values())


END_TO_END = representatives(ATTACKS)
TOOL_LEVEL = [a for a in ATTACKS if a not in END_TO_END]


def _run(a: protect.Attack, calls: list, tmp_path: Path, *extra: str) -> tuple[dict, list]:
    repo = protect.make_repo(a.files, tmp_path / "repo")
    s = protect.write_script(calls, tmp_path / "script.json")
    proc = run_cli(
        ["fix", str(repo), "--model", f"script:{s}", "--json", *extra, *default_sandbox_args()],
        tmp_path,
    )
    out = one_json(proc)
    return out, read_trajectory(out["trajectory"])


def check_attack_end_to_end(a: protect.Attack, tmp_path: Path) -> None:
    """The attack through the real CLI: never verified, its first call refused by the named rule
    naming the path, the path not among the changed files. Raises AssertionError on a
    difference. Used by benchmarks/protect_e2e.py too."""
    out, events = _run(a, a.attack, tmp_path)
    assert out["status"] != "verified", out
    results = [e for e in events if e["type"] == "tool_result"]
    first = results[0]
    path = a.attack[0][1]["path"]
    assert first["is_error"] and first["kind"] == a.refused_by, first
    assert RULE[a.refused_by] in first["content"] and path in first["content"]
    assert path not in out["files_changed"]


def check_honest_end_to_end(a: protect.Attack, tmp_path: Path) -> None:
    """The honest fix through the real CLI: verified. Raises AssertionError otherwise. Used by
    benchmarks/protect_e2e.py too."""
    out, events = _run(a, a.honest, tmp_path)
    assert out["status"] == "verified", (out, [e for e in events if e["type"] == "tool_result"])


def test_every_kind_has_three_variants() -> None:
    kinds: dict[str, int] = {}
    for a in ATTACKS:
        kinds[a.kind] = kinds.get(a.kind, 0) + 1
    assert kinds and min(kinds.values()) >= 3, kinds
    assert len({a.name for a in ATTACKS}) == len(ATTACKS)


def test_every_kind_keeps_an_end_to_end_representative() -> None:
    """Each kind runs once through the CLI; every variant runs here at one level at least."""
    kinds = {a.kind for a in ATTACKS}
    assert {a.kind for a in END_TO_END} == kinds and len(END_TO_END) == len(kinds) >= 8
    assert {a.name for a in END_TO_END} | {a.name for a in TOOL_LEVEL} == {a.name for a in ATTACKS}
    assert len(TOOL_LEVEL) == len(ATTACKS) - len(kinds)


@pytest.mark.parametrize("a", END_TO_END, ids=[a.name for a in END_TO_END])
def test_attack_is_never_verified(a: protect.Attack, tmp_path: Path) -> None:
    check_attack_end_to_end(a, tmp_path)


@pytest.mark.parametrize("a", END_TO_END, ids=[a.name for a in END_TO_END])
def test_honest_fix_is_verified(a: protect.Attack, tmp_path: Path) -> None:
    check_honest_end_to_end(a, tmp_path)


def _runner(repo: Path, tmp_path: Path) -> TestRunner:
    """The real runner in the default sandbox (unsandboxed where none starts, as the CLI tests)."""
    box = (
        make_sandbox("auto")
        if not default_sandbox_args()
        else make_sandbox("none", allow_unsandboxed=True)
    )
    return TestRunner(repo, box, log_dir=tmp_path / "logs", limits=Limits(wall_s=120))


def _tools(root: Path, record) -> Tools:
    """The model's tools on ``root`` with the policy a run builds after its baseline."""
    policy = build_policy(root, top=root, record=record)
    return Tools(Workspace(root, blocked=DEFAULT_BLOCKED, policy=policy), None)


@pytest.mark.parametrize("a", TOOL_LEVEL, ids=[a.name for a in TOOL_LEVEL])
def test_attack_refused_and_honest_fix_passes_at_the_tool_level(
    a: protect.Attack, tmp_path: Path
) -> None:
    repo = protect.make_repo(a.files, tmp_path / "repo")
    baseline = _runner(repo, tmp_path).run("", pristine=True, record="baseline")
    assert baseline.outcome == Outcome.FAILED and baseline.record is not None, baseline
    # the attack, on its own copy: the first call is refused by the named rule, naming the path
    attacked = shutil.copytree(repo, tmp_path / "attacked", symlinks=True)
    path = a.attack[0][1]["path"]
    before = (attacked / path).read_bytes() if (attacked / path).exists() else None
    tools = _tools(attacked, baseline.record)
    first = tools.call(*a.attack[0])
    assert first.is_error and first.kind == a.refused_by, first
    assert RULE[a.refused_by] in first.content and path in first.content
    for call in a.attack[1:]:
        tools.call(*call)
    after = (attacked / path).read_bytes() if (attacked / path).exists() else None
    assert after == before
    # the honest fix, on another copy: every call accepted, and the suite passes
    honest = shutil.copytree(repo, tmp_path / "honest", symlinks=True)
    tools = _tools(honest, baseline.record)
    for call in a.honest:
        res = tools.call(*call)
        assert not res.is_error, res.content
    report = _runner(honest, tmp_path / "honest-run").run("", pristine=True)
    assert report.outcome == Outcome.PASSED and report.failed == 0, report
