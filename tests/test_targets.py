"""``--target NODEID``: the failing tests a run is about (:mod:`fixloop.targets`).

End to end on a tiny project of this file's own: ``ledger.py`` has a bug that
``tests/test_ledger.py::test_balance`` catches, and ``tests/test_report.py::test_export`` fails
for a reason no edit of the code under test is meant to mend (it wants a data file the project
does not ship). Without a target that suite can never be verified; with
``--target tests/test_ledger.py::test_balance`` the honest fix is, and the unrelated failure is
named "still failing, not a target". A "fix" that breaks a passing test is still refused, and a
target that passes or does not exist is a usage error (exit 2) that touches nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from test_e2e import default_sandbox_args, fixloop_branches, one_json, run_cli, snapshot

from fixloop.api import CodingAgent
from fixloop.errors import UsageError
from fixloop.targets import STILL_FAILING, Targets, covers
from fixloop.types import FailingTest, Outcome, TestReport

LEDGER = '''"""A tiny ledger."""


def balance(entries):
    """The sum of ``entries`` (amounts in cents)."""
    return sum(entries[1:])


def count(entries):
    """How many entries there are."""
    return len(entries)
'''

TEST_LEDGER = """from ledger import balance, count


def test_balance():
    assert balance([100, 250, -50]) == 300


def test_count():
    assert count([1, 2]) == 2
"""

TEST_REPORT = """from pathlib import Path


def test_export():
    # needs a file the project does not ship: unrelated to the ledger's bug
    assert Path(__file__).with_name("golden-export.csv").is_file()


def test_header():
    assert "amount".upper() == "AMOUNT"
"""

TARGET = "tests/test_ledger.py::test_balance"
UNRELATED = "tests/test_report.py::test_export"


def _project(make_repo) -> Path:
    return make_repo(
        {
            "ledger.py": LEDGER,
            "tests/test_ledger.py": TEST_LEDGER,
            "tests/test_report.py": TEST_REPORT,
        }
    )


def _script(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A scripted model: one ``edit_file`` of ledger.py per ``(old, new)``, then "done"."""
    path = tmp_path / "script.json"
    steps: list[dict] = [
        {
            "stop_reason": "tool_use",
            "content": [
                {
                    "type": "tool_use",
                    "name": "edit_file",
                    "input": {"path": "ledger.py", "old": old, "new": new},
                }
            ],
        }
        for old, new in edits
    ]
    steps.append({"stop_reason": "end_turn", "content": [{"type": "text", "text": "Done."}]})
    path.write_text(json.dumps(steps), encoding="utf-8")
    return path


FIX = ("sum(entries[1:])", "sum(entries)")


def _fix(repo: Path, script: Path, home: Path, *extra: str):
    args = ["fix", str(repo), "--model", f"script:{script}", "--max-verifications", "1"]
    return run_cli([*args, *default_sandbox_args(), *extra], home)


def test_target_verifies_beside_an_unrelated_failure(make_repo, tmp_path: Path) -> None:
    repo = _project(make_repo)
    before = snapshot(repo)
    script = _script(tmp_path, FIX)
    # without a target the unrelated failure keeps the honest fix from being verified
    plain = _fix(repo, script, tmp_path / "home", "--json")
    assert plain.returncode == 1, plain.stderr[-3000:]
    res = one_json(plain)
    assert res["status"] == "not_fixed" and UNRELATED in res["failing_tests"]
    assert res["targets"] == [] and res["still_failing_not_target"] == []

    proc = _fix(repo, script, tmp_path / "home", "--json", "--target", TARGET)
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = one_json(proc)
    assert res["status"] == "verified" and res["verified"] is True
    assert res["targets"] == [TARGET]
    assert res["still_failing_not_target"] == [UNRELATED] and res["failing_tests"] == []
    assert f"{STILL_FAILING}: {UNRELATED}" in res["stop_reason"]
    assert "every target passed" in res["stop_reason"]
    # the second opinion re-ran the target only (the unrelated test would make it disagree)
    assert "second opinion agrees: 1 failing test(s)" in res["stop_reason"]
    events = [json.loads(x) for x in Path(res["trajectory"]).read_text().splitlines()]
    verdict = [e for e in events if e["type"] == "gate_verdict"][-1]
    assert verdict["still_failing"] == [UNRELATED]
    assert snapshot(repo) == before

    term = _fix(repo, script, tmp_path / "home", "--target", TARGET)
    assert term.returncode == 0, term.stderr[-3000:]
    flat = " ".join((term.stdout + term.stderr).replace("│", " ").split())
    assert f"Still failing, not a target: {UNRELATED}" in flat and f"Targets: {TARGET}" in flat


def test_api_target_tells_the_model(make_repo, tmp_path: Path, private_home) -> None:
    """``CodingAgent(target=[...])``: the model's first message names the targets and the
    baseline failures it may leave alone."""
    repo = _project(make_repo)
    seen: list[str] = []
    replies = iter(json.loads(_script(tmp_path, FIX).read_text()))

    def my_model(system: str, messages: list[dict], tools: list[dict]) -> dict:
        seen.append(json.dumps(messages[0]))
        return next(replies)

    kw = {"sandbox": "none", "allow_unsandboxed": True} if default_sandbox_args() else {}
    result = CodingAgent(my_model, repo, target=[TARGET], **kw).run()
    assert result.verified and result.still_failing_not_target == [UNRELATED]
    assert f"The tests this run is about (the targets): {TARGET}" in seen[0]
    assert f"are not targets: {UNRELATED}" in seen[0]


def test_target_does_not_excuse_a_new_failure(make_repo, tmp_path: Path) -> None:
    """Making the target pass by breaking a test that passed at the baseline is refused."""
    repo = _project(make_repo)
    script = _script(tmp_path, FIX, ("    return len(entries)", "    return len(entries) + 1"))
    proc = _fix(repo, script, tmp_path / "home", "--json", "--target", TARGET)
    assert proc.returncode == 1, proc.stderr[-3000:]
    res = one_json(proc)
    assert res["status"] == "not_fixed" and res["verified"] is False
    assert "tests/test_ledger.py::test_count" in res["failing_tests"]
    assert res["still_failing_not_target"] == [UNRELATED]


def test_bad_target_is_a_usage_error_that_touches_nothing(make_repo, tmp_path: Path) -> None:
    repo = _project(make_repo)
    before = snapshot(repo)
    script = _script(tmp_path, FIX)
    for target, words in (
        ("tests/test_ledger.py::test_count", "does not fail before any change"),
        (
            "tests/test_ledger.py::test_nope",
            "no test has the node id tests/test_ledger.py::test_nope",
        ),
    ):
        proc = _fix(repo, script, tmp_path / "home", "--json", "--target", target)
        assert proc.returncode == 2, proc.stderr[-3000:]
        res = one_json(proc)
        assert res["status"] == "error" and words in res["summary"], res["summary"]
        assert TARGET in res["summary"]  # the failing tests it could have named
        assert "Traceback" not in proc.stderr and res.get("steps", 0) == 0
        assert snapshot(repo) == before and fixloop_branches(repo) == []


def _report(
    failing: list[str], outcome: Outcome = Outcome.FAILED, collected: int = 5
) -> TestReport:
    return TestReport(
        outcome=outcome,
        collected=collected,
        passed=collected - len(failing),
        failed=len(failing),
        failing=[FailingTest(i, "assert 0") for i in failing],
    )


def test_targets_rules_on_reports() -> None:
    assert covers("t.py::test_a", "t.py::test_a[1]") and covers("t.py", "t.py::K::test_b")
    assert not covers("t.py::test_a", "t.py::test_ab")
    assert Targets.parse(None) is None and Targets.parse([]) is None
    t = Targets.parse(["./t.py::test_a", "t.py::test_a"])
    assert t is not None and t.ids == ("t.py::test_a",)
    for bad in ("", "  ", "-k"):
        try:
            Targets.parse([bad])
        except UsageError:
            continue
        raise AssertionError(f"{bad!r} was accepted")
    base = _report(["t.py::test_a[1]", "t.py::test_a[2]", "u.py::test_x"])
    assert t.must_pass(base) == ["t.py::test_a[1]", "t.py::test_a[2]"]
    assert t.unrelated(base) == ["u.py::test_x"]
    assert t.focus(base).failing_ids == ["t.py::test_a[1]", "t.py::test_a[2]"]
    # the full suite with targets: only the baseline's non-target failures may remain
    assert t.still_failing(_report([], Outcome.PASSED), base) == []
    assert t.still_failing(_report(["u.py::test_x"]), base) == ["u.py::test_x"]
    assert t.still_failing(_report(["t.py::test_a[2]"]), base) is None  # a target fails
    assert t.still_failing(_report(["u.py::test_x", "v.py::test_new"]), base) is None
    assert t.still_failing(_report([], Outcome.COLLECTION_ERROR, 0), base) is None
    text = t.task_text("make the failing tests pass", base)
    assert "the targets): t.py::test_a[1], t.py::test_a[2]" in text and "u.py::test_x" in text
    # a target that passes, or names nothing, is refused with the failing tests it could name
    collected = {"v.py::test_ok": ["v.py::test_ok"]}
    why = Targets(("v.py::test_ok", "w.py::gone")).problem(base, lambda n: collected.get(n, []))
    assert why is not None
    assert "no test has the node id w.py::gone" in why
    assert "v.py::test_ok does not fail before any change" in why and "u.py::test_x" in why
    assert t.problem(base, lambda n: []) is None
