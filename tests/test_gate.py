"""The gate: tamper restore, auto-load refusal, the collected-count rule, nothing to fix."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from conftest import git

from fixloop.gate import Gate
from fixloop.types import FailingTest, Outcome, TestReport

BASELINE = TestReport(
    Outcome.FAILED,
    collected=2,
    passed=1,
    failed=1,
    failing=[FailingTest("tests/test_m.py::test_b")],
)


class FakeRunner:
    """Returns the given reports in turn (the last one again once they run out); records
    (target, pristine), the folder each run was given and the files it saw there."""

    def __init__(self, root: Path, *reports: TestReport) -> None:
        self.root = root
        self.reports = list(reports)
        self.calls: list[tuple[str | tuple[str, ...], bool]] = []
        self.roots: list[Path] = []
        self.seen: list[dict[str, bytes]] = []

    def run(
        self,
        target: str | list[str] = "",
        *,
        pristine: bool = False,
        root: Path | None = None,
        writable: bool = False,
        wall_s: float | None = None,
    ) -> TestReport:
        where = root if root is not None else self.root
        self.calls.append((target if isinstance(target, str) else tuple(target), pristine))
        self.roots.append(where)
        self.seen.append(
            {
                p.relative_to(where).as_posix(): p.read_bytes()
                for p in where.rglob("*")
                if p.is_file() and ".git" not in p.parts
            }
        )
        return self.reports.pop(0) if len(self.reports) > 1 else self.reports[0]


def passing(n: int = 2, skipped: int = 0) -> TestReport:
    return TestReport(Outcome.PASSED, collected=n, passed=n - skipped, skipped=skipped)


def repo(make_repo) -> tuple[Path, SimpleNamespace]:
    root = make_repo(
        {
            "m.py": "def f():\n    return 1\n",
            "tests/test_m.py": "from m import f\n\ndef test_a():\n    assert f() == 1\n",
            "pytest.ini": "[pytest]\n",
            ".gitignore": "ignored/\n",
        }
    )
    head = git(root, "rev-parse", "HEAD").strip()
    return root, SimpleNamespace(root=root, base_commit=head)


def test_clean_change_is_verified_in_pristine_mode(make_repo) -> None:
    root, iso = repo(make_repo)
    (root / "m.py").write_text("def f():\n    return 2\n")
    runner = FakeRunner(root, passing())
    v = Gate(iso, None, runner, BASELINE).verify()
    assert v.verified and not v.tampered and not v.new_autoload
    # the full suite once, then the baseline's failing test twice more (gate_repeats = 3)
    again = ("tests/test_m.py::test_b",)
    assert runner.calls == [("", True), (again, True), (again, True)]
    # ... on a disposable checkout of the candidate tree, not in the worktree, removed after
    assert all(r != root and not r.exists() for r in runner.roots)
    assert runner.seen[0]["m.py"] == b"def f():\n    return 2\n"


def test_tampered_test_files_are_restored_before_the_run(make_repo) -> None:
    root, iso = repo(make_repo)
    original = (root / "tests/test_m.py").read_bytes()
    (root / "tests/test_m.py").write_text("def test_a():\n    pass\n")
    (root / "pytest.ini").unlink()
    (root / "conftest.py").write_text("collect_ignore = ['tests']\n")
    (root / "ignored").mkdir()
    (root / "ignored/conftest.py").write_text("x = 1\n")
    (root / "src").mkdir()
    (root / "src/sitecustomize.py").write_text("import os\n")
    (root / "m.py").write_text("def f():\n    return 2\n")
    runner = FakeRunner(root, passing())
    v = Gate(iso, None, runner, BASELINE).verify()
    assert sorted(v.tampered) == [
        "conftest.py",
        "ignored/conftest.py",
        "pytest.ini",
        "tests/test_m.py",
    ]
    assert v.new_autoload == ["src/sitecustomize.py"]
    seen = runner.seen[0]
    assert seen["tests/test_m.py"] == original and seen["pytest.ini"] == b"[pytest]\n"
    assert "conftest.py" not in seen and "src/sitecustomize.py" not in seen
    assert git(root, "status", "--porcelain").strip() == "M m.py"
    # restored, so the suite's pass is real
    assert v.verified and "restored protected files" in v.reason


def test_fewer_tests_collected_than_baseline_is_not_verified(make_repo) -> None:
    root, iso = repo(make_repo)
    (root / "m.py").write_text("def f():\n    return 2\n")
    v = Gate(iso, None, FakeRunner(root, passing(1)), BASELINE).verify()
    assert not v.verified and "fewer than the baseline" in v.reason


def test_more_skips_than_baseline_is_not_verified(make_repo) -> None:
    root, iso = repo(make_repo)
    (root / "m.py").write_text("def f():\n    return 2\n")
    v = Gate(iso, None, FakeRunner(root, passing(2, skipped=1)), BASELINE).verify()
    assert not v.verified and "skipped" in v.reason


def test_failing_run_reason_names_tests(make_repo) -> None:
    root, iso = repo(make_repo)
    (root / "m.py").write_text("def f():\n    return 2\n")
    v = Gate(iso, None, FakeRunner(root, BASELINE), BASELINE).verify()
    assert not v.verified and "tests/test_m.py::test_b" in v.reason


def test_subfolder_workspace_uses_relative_paths(make_repo) -> None:
    top = make_repo({"pkg/m.py": "x = 1\n", "pkg/tests/test_m.py": "def test_a():\n    pass\n"})
    head = git(top, "rev-parse", "HEAD").strip()
    root = top / "pkg"
    (root / "tests/test_m.py").write_text("oops\n")
    iso = SimpleNamespace(root=root, base_commit=head)
    base = TestReport(Outcome.FAILED, collected=1, failed=1)
    v = Gate(iso, None, FakeRunner(root, passing(1)), base).verify()
    assert v.tampered == ["tests/test_m.py"]
    assert (root / "tests/test_m.py").read_text() == "def test_a():\n    pass\n"


#: a baseline that ran three tests: test_a passed, test_b failed, test_c skipped
SKIPPING_C = TestReport(
    Outcome.FAILED,
    collected=3,
    passed=1,
    failed=1,
    skipped=1,
    failing=[FailingTest("tests/test_m.py::test_b")],
    skipped_ids=["tests/test_m.py::test_c"],
)


def test_a_skip_swapped_for_another_keeps_the_count_and_is_not_verified(make_repo) -> None:
    # the change skips test_a (it passed at the baseline) and un-skips test_c (skipped then):
    # the skipped count stays at 1, the passed count too; only the ids tell the swap
    root, iso = repo(make_repo)
    (root / "m.py").write_text("def f():\n    return 2\n")
    swapped = TestReport(
        Outcome.PASSED, collected=3, passed=2, skipped=1, skipped_ids=["tests/test_m.py::test_a"]
    )
    v = Gate(iso, None, FakeRunner(root, swapped), SKIPPING_C).verify()
    assert not v.verified
    assert "tests/test_m.py::test_a ran at the baseline and is skipped now" in v.reason


def test_the_same_test_skipped_as_at_the_baseline_is_verified(make_repo) -> None:
    root, iso = repo(make_repo)
    (root / "m.py").write_text("def f():\n    return 2\n")
    same = TestReport(
        Outcome.PASSED, collected=3, passed=2, skipped=1, skipped_ids=["tests/test_m.py::test_c"]
    )
    v = Gate(iso, None, FakeRunner(root, same), SKIPPING_C).verify()
    assert v.verified, v.reason
