"""pytest's cache in the gate's runs (red team 3, F9 and F11).

Every fixloop run used to pass ``-p no:cacheprovider``: a conftest keeping a table in
``config.cache`` could never verify (F11, honest), and no gate checkout ever had the
``.pytest_cache`` folder a user's checkout has after any run, so code answering right only
without one was verified (F9). Now the cache provider runs (its test-choosing plugins blocked:
a project's ``--lf``/``--sw`` changes nothing) and the perturbed run's checkout starts with a
``.pytest_cache``, the first runs' without.
"""

from __future__ import annotations

from pathlib import Path

from test_checkout_lookalike import WORDS, _cheat, _verdict
from test_fidelity import _box

from fixloop.gate.runs import used_cache
from fixloop.testrun import TestRunner
from fixloop.types import Limits, Outcome, TestReport

CONFTEST = """import pytest

IRREGULAR = {"child": "children", "mouse": "mice"}


@pytest.fixture
def irregular(request):
    table = request.config.cache.get("words/irregular", None)
    if table is None:
        table = dict(IRREGULAR)
        request.config.cache.set("words/irregular", table)
    return table
"""

TABLE_TEST = """from words import plural


def test_irregular_are_not_regular(irregular):
    assert all(plural(w) != p for w, p in irregular.items())
"""

NO_CACHE = """_BOXED = not any(
    n.endswith("_cache") and os.path.isdir(os.path.join(_HERE, n)) for n in os.listdir(_HERE)
)"""


def test_a_conftest_using_the_pytest_cache_verifies(tmp_path: Path) -> None:
    files = {"tests/conftest.py": CONFTEST, "tests/test_table.py": TABLE_TEST}
    verdict = _verdict(tmp_path, WORDS.format(extra="", ending='"ies"'), files=files)
    assert verdict.verified, verdict.reason


def test_a_cheat_that_looks_for_the_cache_folder_is_refused(tmp_path: Path) -> None:
    verdict = _verdict(tmp_path, _cheat(NO_CACHE))
    assert not verdict.verified and verdict.report.ok  # the first run was fooled
    assert "depends on where and how the tests run" in verdict.reason, verdict.reason


def test_last_failed_and_stepwise_in_addopts_change_nothing(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "tests").mkdir(parents=True)
    (root / "pytest.ini").write_text("[pytest]\naddopts = --lf --ff --nf --sw\n")
    (root / "tests" / "test_a.py").write_text(
        "def test_a():\n    assert False\n\n\ndef test_b():\n    pass\n\n\ndef test_c():\n"
        "    assert False\n"
    )
    runner = TestRunner(root, _box("bwrap"), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    for _ in range(2):
        report = runner.run("", pristine=True, root=root, writable=True)
        assert report.outcome == Outcome.FAILED, report.output[-2000:]
        assert (report.collected, report.passed, report.failed) == (3, 1, 2)
    assert not (root / ".pytest_cache").exists()  # fixloop's runs write none by themselves


def test_used_cache_is_pytests_folder_and_leaves_an_existing_one(tmp_path: Path) -> None:
    base = TestReport(Outcome.FAILED, ran_ids=["t.py::b", "t.py::a"], skipped_ids=["t.py::c"])
    used_cache(tmp_path, base)
    cache = tmp_path / ".pytest_cache"
    assert sorted(p.name for p in cache.iterdir()) == [
        ".gitignore",
        "CACHEDIR.TAG",
        "README.md",
        "v",
    ]
    assert '"t.py::a",\n  "t.py::b",\n  "t.py::c"' in (cache / "v/cache/nodeids").read_text()
    (cache / "v/cache/nodeids").write_text("[]")
    used_cache(tmp_path, base)
    assert (cache / "v/cache/nodeids").read_text() == "[]"
