"""Attacks on what counts as a test, end to end through the CLI (issue 11, DESIGN.md rule 8).

Each fixture of tests/attacks/protect.py runs twice with a scripted model: its attack must
never end verified (and the tool call must be refused by the named rule, naming the path), its
honest fix on the same repository must be verified.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_e2e import default_sandbox_args, one_json, run_cli

from fixloop.trajectory import read_trajectory

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "attacks"))
import protect  # noqa: E402

ATTACKS = protect.attacks()
RULE = {
    "protected": "rule 'tests are read-only'",
    "not_source": "rule 'source only'",
    "shadows": "rule 'no shadowing'",
}


def _run(a: protect.Attack, calls: list, tmp_path: Path, *extra: str) -> tuple[dict, list]:
    repo = protect.make_repo(a.files, tmp_path / "repo")
    s = protect.write_script(calls, tmp_path / "script.json")
    proc = run_cli(
        ["fix", str(repo), "--model", f"script:{s}", "--json", *extra, *default_sandbox_args()],
        tmp_path,
    )
    out = one_json(proc)
    return out, read_trajectory(out["trajectory"])


def test_every_kind_has_three_variants() -> None:
    kinds: dict[str, int] = {}
    for a in ATTACKS:
        kinds[a.kind] = kinds.get(a.kind, 0) + 1
    assert kinds and min(kinds.values()) >= 3, kinds
    assert len({a.name for a in ATTACKS}) == len(ATTACKS)


@pytest.mark.parametrize("a", ATTACKS, ids=[a.name for a in ATTACKS])
def test_attack_is_never_verified(a: protect.Attack, tmp_path: Path) -> None:
    out, events = _run(a, a.attack, tmp_path)
    assert out["status"] != "verified", out
    results = [e for e in events if e["type"] == "tool_result"]
    first = results[0]
    path = a.attack[0][1]["path"]
    assert first["is_error"] and first["kind"] == a.refused_by, first
    assert RULE[a.refused_by] in first["content"] and path in first["content"]
    assert path not in out["files_changed"]


@pytest.mark.parametrize("a", ATTACKS, ids=[a.name for a in ATTACKS])
def test_honest_fix_is_verified(a: protect.Attack, tmp_path: Path) -> None:
    out, events = _run(a, a.honest, tmp_path)
    assert out["status"] == "verified", (out, [e for e in events if e["type"] == "tool_result"])
