"""The gate's restore leaves the run tree's own data alone (realproj2 F22).

On babel, ``ChangePolicy.restore_protected`` deleted from the run's worktree the git-ignored
locale data ``RunTreeExtras`` had copied in (the baseline's tests read it, so it was protected)
and the files the tests write into their data folder, and called an honest change "16 tampered
files restored"; the model's next runs had no locale data. None of those files can enter the
candidate. A new test module or conftest is still removed and named.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

from conftest import git
from test_gate import BASELINE, FakeRunner, passing

from fixloop.gate import Gate
from fixloop.types import RunRecord


def _repo(make_repo) -> tuple[Path, SimpleNamespace]:
    root = make_repo(
        {
            "pkg/__init__.py": "",
            "pkg/dates.py": "def week():\n    return 1\n",
            "tests/test_dates.py": "def test_a():\n    pass\n",
            ".gitignore": "pkg/locale-data/\npkg/global.dat\ntests/data/i18n/\n",
        }
    )
    head = git(root, "rev-parse", "HEAD").strip()
    return root, SimpleNamespace(root=root, base_commit=head)


def test_ignored_data_the_run_was_given_or_the_tests_wrote_is_kept(make_repo) -> None:
    root, iso = _repo(make_repo)
    brought = ["pkg/global.dat", "pkg/locale-data/en.dat"]
    for rel in [*brought, "tests/data/i18n/temp.pot", "tests/data/out.txt"]:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("data\n")
    # the code under test's own edit, plus two new test files the change tried to add
    (root / "pkg/dates.py").write_text("def week():\n    return 2\n")
    (root / "tests/test_new.py").write_text("def test_x():\n    pass\n")
    (root / "tests/data/i18n/conftest.py").write_text("x = 1\n")
    rec = RunRecord(data_read=brought, data_written=["tests/data/out.txt"])
    baseline = dataclasses.replace(BASELINE, record=rec)
    policy_protected = {*brought, "tests/data/i18n/temp.pot", "tests/data/out.txt"}
    gate = Gate(
        iso,
        None,
        FakeRunner(root, passing()),
        baseline,
        brought=brought,
        is_protected=lambda rel: rel in policy_protected or rel.startswith("tests/"),
    )
    v = gate.verify()
    for rel in [*brought, "tests/data/i18n/temp.pot", "tests/data/out.txt"]:
        assert (root / rel).exists(), rel
    assert sorted(v.tampered) == ["tests/data/i18n/conftest.py", "tests/test_new.py"]
    assert not (root / "tests/test_new.py").exists()


def test_other_ignored_data_is_left_alone_too(make_repo) -> None:
    """Ignored data neither brought in nor written by the baseline's run is left alone as well
    (not Python source, not test configuration): it can never enter a commit."""
    root, iso = _repo(make_repo)
    (root / "pkg/locale-data").mkdir(parents=True)
    (root / "pkg/locale-data/de.dat").write_text("x\n")
    (root / "pkg/dates.py").write_text("def week():\n    return 2\n")
    runner = FakeRunner(root, passing())
    v = Gate(iso, None, runner, BASELINE, is_protected=lambda r: r != "pkg/dates.py").verify()
    assert v.tampered == [] and v.verified, v.reason
    assert (root / "pkg/locale-data/de.dat").exists()
