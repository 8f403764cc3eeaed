"""Test by-products (hypothesis's example database, caches) are never changes nor tampering.

Found by benchmarks/real_verify.py on attrs 24.2.0: hypothesis writes ``.hypothesis/`` into the
tree while the tests run and reads it back, so the baseline recorded those files as data the
tests used (protected), and the gate then "restored protected files" the tests had written
themselves. They never enter the commit, so they are no change of the run.
"""

from __future__ import annotations

import json
from pathlib import Path

from commit_attacks import CALC, HONEST, TESTS
from test_e2e import default_sandbox_args, one_json, run_cli

from fixloop.git import git
from fixloop.vcs import is_byproduct

# a test that keeps an example database in the tree, as hypothesis does: read it, rewrite it
DB_TEST = """from pathlib import Path


def test_keeps_a_database():
    db = Path(__file__).resolve().parents[1] / ".hypothesis" / "examples" / "db.bin"
    seen = db.read_bytes() if db.exists() else b""
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(seen + b"x")
    assert db.read_bytes().endswith(b"x")
"""


def test_is_byproduct_names_what_test_runs_leave_behind() -> None:
    assert is_byproduct(".hypothesis/examples/db.bin")
    assert is_byproduct("pkg/__pycache__/m.cpython-312.pyc")
    assert is_byproduct(".pytest_cache/v/cache/lastfailed") and is_byproduct(".coverage.host.1")
    assert not is_byproduct("src/hypothesis/core.py") and not is_byproduct("tests/test_a.py")


def test_the_tests_own_database_is_no_tampering(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    files = {"calc.py": CALC, "tests/test_calc.py": TESTS, "tests/test_db.py": DB_TEST}
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text, encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
    blocks = [{"type": "tool_use", "name": n, "input": i} for n, i in HONEST]
    script = tmp_path / "script.json"
    script.write_text(
        json.dumps(
            [
                {"stop_reason": "tool_use", "content": blocks},
                {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Fixed."}]},
            ]
        ),
        encoding="utf-8",
    )
    args = ["fix", str(repo), "--model", f"script:{script}", "--json", *default_sandbox_args()]
    out = one_json(run_cli(args, tmp_path / "home"))
    assert out["status"] == "verified", out["summary"]
    assert out["counters"]["tamper_detected"] == 0, out["summary"]
    assert "restored protected" not in out["summary"] and out["files_changed"] == ["calc.py"]
    events = [json.loads(line) for line in Path(out["trajectory"]).read_text().splitlines()]
    (verdict,) = [e for e in events if e["type"] == "gate_verdict"]
    assert verdict["tampered"] == [] and verdict["left_out"] == [], verdict["reason"]
