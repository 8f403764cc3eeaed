"""Test ids from pytest's own reports (the stream), their collisions, their tree-free form,
the interpreter options of a pytest command, and the capped id lists of a report's dict."""

from __future__ import annotations

from pathlib import Path

import pytest

from fixloop.gate import reasons
from fixloop.testrun.classify import read_report
from fixloop.testrun.command import _pytest_parts, interpreter_options
from fixloop.testrun.junit import (
    Case,
    cases_from_progress,
    id_collisions,
    tree_free_id,
    tree_id_in,
)
from fixloop.testrun.stream import stream_cases
from fixloop.types import MAX_IDS_SHOWN, ExecResult, Outcome, TestReport

# JUnit names a method inherited from tests/checks.py by the file it is defined in: both
# instances read back as "tests/checks.py::test_x"; the stream has pytest's node ids.
INHERITED_JUNIT = (
    "<testsuites><testsuite>"
    '<testcase classname="tests.test_b.TestB" name="test_x" file="tests/checks.py" time="0.5">'
    '<failure message="assert 1 == 2">long text</failure></testcase>'
    '<testcase classname="tests.test_c.TestC" name="test_x" file="tests/checks.py" time="0.1"/>'
    "</testsuite></testsuites>"
)
INHERITED_STREAM = [
    {"e": "start", "id": "tests/test_b.py::TestB::test_x"},
    {"e": "report", "id": "tests/test_b.py::TestB::test_x", "when": "call",
     "outcome": "failed", "msg": "assert 1 == 2"},
    {"e": "start", "id": "tests/test_c.py::TestC::test_x"},
    {"e": "report", "id": "tests/test_c.py::TestC::test_x", "when": "call", "outcome": "passed"},
    {"e": "finish", "rc": 1},
]


def _report(tmp_path: Path, junit: str, stream: list[dict] | None, rc: int, root: str = "/r"):
    io = tmp_path / "io"
    io.mkdir(exist_ok=True)
    (io / "junit.xml").write_text(junit)
    res = ExecResult(returncode=rc, output="", timed_out=False, duration_s=0.1)
    return read_report(
        res, target="", io_dir=io, log_path=tmp_path / "out.log", root=root,
        reads_junit=True, wall_s=60, per_test_s=None, output_cap_bytes=4000, stream=stream,
    )


def test_the_stream_names_inherited_tests_by_their_node_ids(tmp_path: Path) -> None:
    rep = _report(tmp_path, INHERITED_JUNIT, INHERITED_STREAM, 1)
    assert rep.outcome == Outcome.FAILED
    assert rep.failing_ids == ["tests/test_b.py::TestB::test_x"]
    assert rep.ran_ids == ["tests/test_b.py::TestB::test_x", "tests/test_c.py::TestC::test_x"]
    assert "assert 1 == 2" in rep.failing[0].reason  # the JUnit text still reaches the reason
    assert rep.slowest_s == 0.5
    assert "name more than one test" not in rep.notice


def test_without_a_stream_colliding_junit_ids_are_named_and_worst_wins(tmp_path: Path) -> None:
    rep = _report(tmp_path, INHERITED_JUNIT, None, 1)
    assert rep.ran_ids == ["tests/checks.py::test_x", "tests/checks.py::test_x"]
    assert rep.failing_ids == ["tests/checks.py::test_x"] and rep.outcome == Outcome.FAILED
    assert "1 test id(s) name more than one test (tests/checks.py::test_x)" in rep.notice


def test_a_forged_pass_never_undoes_a_failure_and_each_run_counts() -> None:
    stream = [
        {"e": "start", "id": "t.py::a"},
        {"e": "report", "id": "t.py::a", "when": "call", "outcome": "failed", "msg": "boom"},
        {"e": "report", "id": "t.py::a", "when": "call", "outcome": "passed"},  # forged
        {"e": "start", "id": "t.py::a"},  # the same test collected twice
        {"e": "report", "id": "t.py::a", "when": "call", "outcome": "passed"},
        {"e": "start", "id": "t.py::b"},
        {"e": "report", "id": "t.py::b", "when": "call", "outcome": "passed"},
        {"e": "report", "id": "t.py::b", "when": "teardown", "outcome": "skipped"},
        {"e": "report", "id": "t.py", "when": "collect", "outcome": "skipped"},
    ]
    got = [(c.id, c.kind) for c in cases_from_progress(stream)]
    assert got == [("t.py::a", "failed"), ("t.py::a", "passed"), ("t.py::b", "skipped"),
                   ("t.py", "skipped")]
    assert id_collisions([Case(i, k) for i, k in got]) == ["t.py::a"]


def test_stream_cases_keep_junit_collection_errors_and_skip_plain_runs() -> None:
    err = Case("tests/test_z.py", "collect_error", message="ImportError")
    out = stream_cases(INHERITED_STREAM, [err])
    assert out is not None and out[-1] is err and len(out) == 3
    assert stream_cases([{"e": "plain"}], [err]) is None
    assert stream_cases([{"e": "finish", "rc": 5}], []) is None


@pytest.mark.parametrize(
    ("raw", "free"),
    [
        ("/tmp/g-1/tree/other/test_o.py::test_a", "<tree>/other/test_o.py::test_a"),
        ("pkg/util.py::tmp.g-1.tree.src.pkg.util.double", "pkg/util.py::<tree>.src.pkg.util.double"),
        ("tests/test_a.py::test_p[/tmp/g-1/tree]", "tests/test_a.py::test_p[/tmp/g-1/tree]"),
        ("tests/test_a.py::test_a", "tests/test_a.py::test_a"),
    ],
)
def test_ids_lose_the_checkout_folder_and_get_it_back(raw: str, free: str) -> None:
    assert tree_free_id(raw, ["/tmp/g-1/tree"]) == free
    if free != raw:
        assert tree_id_in(free, "/tmp/g-1/tree") == raw
        assert tree_id_in(free, "/home/u/wt") == raw.replace("tmp/g-1/tree", "home/u/wt").replace(
            "tmp.g-1.tree", "home.u.wt"
        )


def test_read_report_names_ids_without_the_tree(tmp_path: Path) -> None:
    root = str(tmp_path / "tree")
    stream = [
        {"e": "start", "id": f"{root}/x/test_o.py::test_a"},
        {"e": "report", "id": f"{root}/x/test_o.py::test_a", "when": "call", "outcome": "passed"},
        {"e": "finish", "rc": 0},
    ]
    junit = '<testsuites><testsuite><testcase classname="test_o" name="test_a"/></testsuite></testsuites>'
    rep = _report(tmp_path, junit, stream, 0, root=root)
    assert rep.ok and rep.ran_ids == ["<tree>/x/test_o.py::test_a"]


@pytest.mark.parametrize(
    ("argv", "opts"),
    [
        (["python", "-W", "error", "-m", "pytest", "-q"], ["-W", "error"]),
        (["python3", "-Werror::DeprecationWarning", "-X", "dev", "-B", "-m", "pytest"],
         ["-Werror::DeprecationWarning", "-X", "dev", "-B"]),
        (["python", "-m", "pytest"], []),
    ],
)
def test_interpreter_options_before_m_pytest_are_pytest(argv: list[str], opts: list[str]) -> None:
    split = interpreter_options(argv)
    assert split is not None and split[0] == opts
    assert _pytest_parts(argv) == (argv[argv.index("pytest") + 1 :], [])


@pytest.mark.parametrize(
    "argv", [["python", "-c", "x", "-m", "pytest"], ["python", "-I", "-m", "pytest"],
             ["python", "-W"], ["tox", "-W", "x", "-m", "pytest"]]
)
def test_other_commands_stay_other_commands(argv: list[str]) -> None:
    assert interpreter_options(argv) is None
    assert _pytest_parts(argv) is None


def test_a_report_dict_caps_its_id_lists_and_keeps_the_counts() -> None:
    ids = [f"tests/test_s.py::test_sub[{i}]" for i in range(20_000)]
    rep = TestReport(Outcome.PASSED, collected=40_000, ran_ids=ids, skipped_ids=ids)
    d = rep.to_dict()
    assert d["ran_ids"] == ids[:MAX_IDS_SHOWN] and d["ran_count"] == 20_000
    assert d["skipped_ids"] == ids[:MAX_IDS_SHOWN] and d["skipped_count"] == 20_000
    assert len(rep.ran_ids) == 20_000  # the report itself keeps every id


def test_no_longer_collected_counts_each_missing_test_and_caps_the_list() -> None:
    base = TestReport(Outcome.FAILED, ran_ids=[f"t.py::t[{i}]" for i in range(15)] + ["t.py::d"] * 2)
    now = TestReport(Outcome.PASSED, ran_ids=["t.py::t[0]", "t.py::d"], skipped_ids=["t.py::t[1]"])
    why = reasons.no_longer_collected(now, base)
    assert why.startswith("no longer collected: t.py::t[2], t.py::t[3]")
    assert "(+4 more) (14 tests that ran at the baseline did not run now)" in why
    assert "parametrize id" in why
    assert reasons.no_longer_collected(base, base) == ""


def test_the_verdict_names_ids_two_tests_share() -> None:
    rep = TestReport(Outcome.PASSED, ran_ids=["a.py::t", "a.py::t", "a.py::u"], skipped_ids=["b.py::s"])
    assert reasons.shared_ids(rep) == (
        "; 1 test id(s) name more than one test (a.py::t): each test was judged by itself, "
        "the worst outcome counting"
    )
    assert reasons.shared_ids(TestReport(Outcome.PASSED, ran_ids=["a.py::t"])) == ""


CLASS_TESTS = (
    "class TestC:\n    def test_m(self):\n        assert 1 == 2\n\n"
    "    def test_ok(self):\n        pass\n\n\ndef test_f():\n    pass\n"
)


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "junit-only"])
@pytest.mark.parametrize(
    "opts", ["--junit-prefix=ci", "--junitxml=report.xml -o junit_family=xunit2"]
)
def test_a_commands_own_junit_options_change_no_id(
    tmp_path: Path, make_repo, opts: str, stream: bool
) -> None:
    """The runner's JUnit options come after the command's. Before: --junit-prefix made
    TestC's methods read as tests/test_c.py::test_m where no stream names them (containers,
    warm runs); --junitxml=FILE wrote the command's file instead of fixloop's."""
    from fixloop.sandbox import make_sandbox, warn_unsandboxed
    from fixloop.testrun import TestRunner

    box = make_sandbox("none", allow_unsandboxed=True)
    warn_unsandboxed(box, lambda text: None)
    box.passes_fds = stream  # type: ignore[misc]  # False: no result stream, as in a container
    repo = make_repo({"tests/test_c.py": CLASS_TESTS})
    runner = TestRunner(repo, box, log_dir=tmp_path / "logs", test_cmd=f"python -m pytest {opts}")
    rep = runner.run("")
    assert rep.outcome == Outcome.FAILED, (rep.outcome, rep.output[-500:])
    assert rep.failing_ids == ["tests/test_c.py::TestC::test_m"]
    assert sorted(rep.ran_ids) == [
        "tests/test_c.py::TestC::test_m",
        "tests/test_c.py::TestC::test_ok",
        "tests/test_c.py::test_f",
    ]
    assert not (repo / "report.xml").exists()
