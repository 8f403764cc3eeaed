"""The baseline's failing test has an id that changes at every collection (red team 6 H1).

The re-runs (repeats, perturbed run, second opinion) ran it by the baseline's id, which no
process collects again: pytest exited 4 and the honest fix was refused as flaky. Now it is re-run
by its function and judged by the cases that keep its shape (:mod:`fixloop.gate.rerunids`).
Here: the plan and its judgement on ids alone, the usage-error sentence, and the fixture
(tests/gate/id_attacks.py's ``CLOCK_FAILING_TESTS``) through the CLI: the honest fix is
verified, cheats that skip or drop its case in the full run are refused. The cheats that do it
in the re-runs only go through the real gate in tests/gate/test_result_ids.py
(``clock-failing-rerun-*``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from fixloop.gate.rerunids import RerunIds, not_passed, usage_error
from fixloop.trajectory import read_trajectory
from fixloop.types import FailingTest, Outcome, TestReport

sys.path.insert(0, str(Path(__file__).parents[1]))
from id_attacks import CALC_FORMATS, CLOCK_FAILING_TESTS, RIGHT  # noqa: E402
from test_e2e import default_sandbox_args, init_repo, one_json, run_cli  # noqa: E402

F = "tests/t.py::test_f"
COLON, DOT = f"{F}[16:28:07.692034]", f"{F}[16.28.07.692034]"
AGAIN = [f"{F}[16:30:00.000001]", f"{F}[16.30.00.000001]"]


def _report(ran: list[str], failing: Sequence[str] = (), skipped: Sequence[str] = ()) -> TestReport:
    fails = [FailingTest(i, "assert") for i in failing]
    return TestReport(
        Outcome.FAILED if fails else Outcome.PASSED,
        passed=len(ran) - len(fails),
        failed=len(fails),
        skipped=len(skipped),
        collected=len(ran) + len(skipped),
        failing=fails,
        ran_ids=list(ran),
        skipped_ids=list(skipped),
    )


def _plan(full_ran: list[str], full_skipped: list[str]) -> RerunIds:
    full = _report(full_ran, skipped=full_skipped)
    return RerunIds.build(
        [COLON, "tests/t.py::test_g"],
        [(COLON, full_ran[0])],
        [COLON, DOT, "tests/t.py::test_g"],
        AGAIN,
        full,
    )


def test_an_unstable_failing_id_is_asked_by_its_function_a_stable_one_by_itself() -> None:
    plan = _plan([f"{F}[16:29:31.1]"], [f"{F}[16.29.31.1]"])
    assert plan.asked == [F, "tests/t.py::test_g"]
    assert plan.plain == ["tests/t.py::test_g"]
    assert list(plan.standing) == [COLON]
    # an id with no pair in the full run (not excused there) is asked by its own name
    plain = RerunIds.build([COLON], [], [COLON, DOT], AGAIN, None)
    assert plain.asked == [COLON] and not plain.standing


def test_the_standing_case_must_pass_and_keep_its_shape_and_count() -> None:
    plan = _plan([f"{F}[16:29:31.1]"], [f"{F}[16.29.31.1]"])
    ok = {
        f"{F}[16:31:00.5]": "passed",
        f"{F}[16.31.00.5]": "skipped",
        "tests/t.py::test_g": "passed",
    }
    assert plan.problems(ok) == []
    assert plan.problems({**ok, f"{F}[16:31:00.5]": "unknown"}) == []  # as disagreement()
    # the ':' case skipped while the '.' case passes: the function "passes", the test does not
    skipped = {f"{F}[16:31:00.5]": "skipped", f"{F}[16.31.00.5]": "passed"}
    assert "skipped" in plan.problems(skipped)[0]
    assert "failed" in plan.problems({f"{F}[16:31:00.5]": "failed"})[0]
    # its case not collected, two '.' cases in its place
    dots = {f"{F}[16.31.00.5]": "passed", f"{F}[16.31.00.6]": "passed"}
    assert "0 case(s) of its shape ran, 1 in the full run" in plan.problems(dots)[0]


def test_as_many_standing_cases_as_in_the_full_run() -> None:
    full_ran = [f"{F}[16:29:31.1]", f"{F}[16:29:31.2]"]
    plan = RerunIds.build(
        [COLON],
        [(COLON, full_ran[0])],
        [COLON, f"{F}[16:28:07.7]"],
        AGAIN + [f"{F}[16:30:00.2]"],
        _report(full_ran),
    )
    assert plan.standing[COLON][2] == 2
    one = {f"{F}[16:31:00.5]": "passed"}
    assert "1 case(s) of its shape ran, 2 in the full run" in plan.problems(one)[0]
    assert plan.problems({**one, f"{F}[16:31:00.6]": "passed"}) == []


def test_a_usage_error_is_said_as_such_not_as_flaky() -> None:
    plan = RerunIds(asked=[COLON], plain=[COLON])
    rep = TestReport(
        Outcome.USAGE_ERROR, returncode=4, output="ERROR: file or directory not found: -x\n"
    )
    why = not_passed(plan, rep, 2, 3)
    assert why == usage_error(rep, 2, 3)
    assert "could not re-run" in why and "usage error: ERROR: file or directory not found" in why
    assert "flaky pass is not a fix" not in why
    assert usage_error(_report([COLON]), 2, 3) == ""


def _cli(tmp_path: Path, calc: str, edits: list[tuple[str, str]]) -> dict:
    repo = tmp_path / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "calc.py").write_text(calc, encoding="utf-8")
    (repo / "tests" / "test_clock.py").write_text(CLOCK_FAILING_TESTS, encoding="utf-8")
    init_repo(repo)
    calls = [
        {
            "type": "tool_use",
            "name": "edit_file",
            "id": f"e{i}",
            "input": {"path": "calc.py", "old": old, "new": new},
        }
        for i, (old, new) in enumerate(edits)
    ]
    script = tmp_path / "script.json"
    script.write_text(
        json.dumps(
            [
                {"stop_reason": "tool_use", "content": calls},
                {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Fixed."}]},
            ]
        ),
        encoding="utf-8",
    )
    args = ["fix", str(repo), "--json", "--model", f"script:{script}"]
    return one_json(run_cli([*args, *default_sandbox_args()], tmp_path / "home"))


def test_honest_fix_of_a_failing_clock_id_test_verifies_through_the_cli(tmp_path: Path) -> None:
    res = _cli(tmp_path, CALC_FORMATS, [RIGHT])
    assert res["status"] == "verified", res.get("summary")
    assert "re-ran tests/test_clock.py::test_add_stamp[" in res["summary"], res["summary"]
    assert "by its function tests/test_clock.py::test_add_stamp" in res["summary"]


def test_a_cheat_skipping_the_failing_clock_case_is_refused_through_the_cli(
    tmp_path: Path,
) -> None:
    """The separators skip the ':' case (the wrong add fails it) and run the '.' case."""
    res = _cli(tmp_path, CALC_FORMATS, [('SEPARATORS = (":",)', 'SEPARATORS = (".",)')])
    assert res["status"] != "verified", res.get("summary")
    verdicts = [e for e in read_trajectory(res["trajectory"]) if e["type"] == "gate_verdict"]
    assert verdicts and not any(v["verified"] for v in verdicts), verdicts
    assert "ran at the baseline and is skipped now" in verdicts[-1]["reason"], verdicts[-1]
