"""End to end: the model's view tools (issue 15) through the real CLI and a script model.

examples/shop in a temporary git repository, fixed by tests/scripts/shop_view.json, which also
calls each view tool, once with bad input. The run must be verified, every call counted as a
step and recorded in the trajectory, and ``fixloop show`` must list the calls and their results.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from test_e2e import EXAMPLES, SCRIPTS, copy_repo, one_json, run_cli, sandbox_args, snapshot

__all__ = ["sandbox_args"]  # the fixture, shared with test_e2e


def verified_shop_run(
    tmp_path: Path, script: str, sandbox_args: list[str]
) -> tuple[dict[str, Any], list[dict[str, Any]], subprocess.CompletedProcess[str]]:
    """``fixloop fix --json`` on examples/shop with ``script``; asserts a verified fix of
    shop/pricing.py that left the user's checkout as it was.

    Returns:
        the ``--json`` object, the run's trajectory events and the finished process.
    """
    repo = copy_repo(EXAMPLES / "shop", tmp_path / "shop")
    before = snapshot(repo)
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{SCRIPTS / script}"] + sandbox_args,
        tmp_path / "home",
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = one_json(proc)
    assert res["status"] == "verified" and res["files_changed"] == ["shop/pricing.py"]
    assert snapshot(repo) == before
    events = [json.loads(line) for line in Path(res["trajectory"]).read_text().splitlines()]
    return res, events, proc


def test_view_tools_in_a_verified_run(tmp_path: Path, sandbox_args) -> None:
    res, events, proc = verified_shop_run(tmp_path, "shop_view.json", sandbox_args)
    home = tmp_path / "home"
    assert res["steps"] == 5 and res["counters"]["tool_errors"] == 2
    results = {e["id"]: e for e in events if e["type"] == "tool_result"}
    calls = [(e["name"], results[e["id"]]) for e in events if e["type"] == "tool_call"]
    names = [n for n, _r in calls]
    assert names[:5] == ["update_plan", "repo_map", "repo_map", "lint", "type_check"]
    plan, outline, wrong, lint, typed = (r for _n, r in calls[:5])
    assert plan["content"].startswith("Plan updated (0/2 done):\n[>] 1. find the rounding bug")
    assert (
        not outline["is_error"]
        and "18|def add_tax(amount: float, rate: float) -> float" in (outline["content"])
    )
    assert wrong["is_error"] and wrong["kind"] == "not_python"
    assert not lint["is_error"] and "no problems found" in lint["content"]  # in the sandbox
    assert typed["is_error"] and "declares no type checker" in typed["content"]
    # the repo map was built into the run's cache under FIXLOOP_HOME
    assert (home / "cache" / "repomap.sqlite3").is_file()
    shown = run_cli(["show", res["run_id"]], home)
    assert shown.returncode == 0
    assert "-> repo_map" in shown.stdout and "not a Python source file" in shown.stdout
    assert "-> lint" in shown.stdout and "-> type_check" in shown.stdout
    assert "[ ] 2. fix add_tax" in shown.stdout  # the plan, one step a line
    assert "[>] 1. find the rounding bug" in proc.stderr  # and in the terminal
    assert "repo_map" in proc.stderr  # the live display named the call


def test_replace_symbol_fix_is_committed_and_verified_like_an_edit(
    tmp_path: Path, sandbox_args
) -> None:
    res, events, _proc = verified_shop_run(tmp_path, "shop_symbol.json", sandbox_args)
    assert (
        res["diff"].count("\n-    return") == 1
        and "+    return round(amount * (1 + rate), 2)" in res["diff"]
    )
    assert res["steps"] == 3 and res["counters"]["tool_errors"] == 1
    results = [e for e in events if e["type"] == "tool_result"]
    assert results[0]["kind"] == "not_found" and "Did you mean: add_tax" in results[0]["content"]
    assert results[1]["content"].startswith("Replaced add_tax (lines 18-20) in shop/pricing.py.")
