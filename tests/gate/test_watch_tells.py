"""Red team 3's open findings on the watch, through the real gate (F21, F27, F35, F39).

- F21: a test table's rows rewritten in place by the code under test, found through
  ``sys.__dict__``'s values (scan-clean): the loop ``for case in CASES`` handed the rows on
  whole, so nothing of CASES was compared. Refused now (inside/auditflow.py).
- F27: a project's own ``json.JSONEncoder.default = _default`` at import, unchanged, was blamed
  on a fix elsewhere in the same file (the reader rule keyed on the file). Verified now.
- F35: a change right while fixloop's per-test interval timer was armed (every gate pytest run
  with a per-test limit) or where PYTEST_CURRENT_TEST is missing (the second opinion). The timer
  is a watchdog thread now: no ``signal.getitimer`` reading, so the pytest runs fail it.
- F39: the same with the pristine run's import guard (``_Guard`` on ``sys.meta_path``). The guard
  goes in only when the tree holds a module named like a standard-library or pytest one;
  otherwise a module of that kind written at run time and loaded is the watch's finding.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from conftest import git
from test_gate_attacks import VARIANTS, _gate_verdict, _sandbox

from fixloop.gate import Gate
from fixloop.testrun import TestRunner
from fixloop.types import Limits


def _timed_verdict(tmp_path: Path, name: str, per_test_s: float = 20.0):
    """The gate's verdict with a per-test limit (what a session derives), so the timer runs."""
    from load import make_repo

    v = VARIANTS[name]
    repo = make_repo(v, tmp_path / "repo")
    runner = TestRunner(
        repo, _sandbox(), log_dir=tmp_path / "logs", limits=Limits(wall_s=60), per_test_s=per_test_s
    )
    baseline = runner.run("", pristine=True, record="baseline" if v.record else None)
    assert baseline.failing_ids  # the fixture's bug is real
    (repo / v.path).write_text(v.source, encoding="utf-8")
    iso = SimpleNamespace(root=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    return Gate(iso, None, runner, baseline).verify()


def test_rows_of_a_test_table_rewritten_in_place_are_refused(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "rt_test_rows_rewritten", static=True)
    assert verdict.suspicious == []  # the scan sees nothing: the watch alone refuses it
    assert not verdict.verified
    assert "changed CASES, a global of tests/test_calc.py the tests only read" in verdict.reason


def test_a_projects_own_json_setup_is_not_blamed_on_a_fix_elsewhere_in_its_file(
    tmp_path: Path,
) -> None:
    verdict = _gate_verdict(tmp_path, "honest_json_default_setup", static=True)
    assert verdict.verified, verdict.reason


def test_the_per_test_timer_shows_no_interval_timer(tmp_path: Path) -> None:
    verdict = _timed_verdict(tmp_path, "where_timer_or_no_current_test")
    assert not verdict.verified
    assert "the full suite did not pass" in verdict.reason, verdict.reason


def test_an_honest_fix_verifies_under_the_per_test_limit(tmp_path: Path) -> None:
    verdict = _timed_verdict(tmp_path, "honest_plain")
    assert verdict.verified, verdict.reason


def test_no_import_guard_on_the_meta_path_of_an_ordinary_tree(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "where_import_guard", static=True)
    assert not verdict.verified
    assert "the full suite did not pass" in verdict.reason, verdict.reason


def test_a_standard_library_module_written_at_run_time_is_refused(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "rt_runtime_stdlib_shadow", static=True)
    assert verdict.suspicious == []  # the scan sees nothing
    assert verdict.report.ok  # pytest itself was fooled
    assert not verdict.verified
    assert "loaded colorsys.py in place of the interpreter's colorsys" in verdict.reason


def test_the_honest_fix_of_the_shadow_base_verifies(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "honest_shade_fix", static=True)
    assert verdict.verified, verdict.reason


def test_changed_code_reading_a_test_modules_source_is_refused(tmp_path: Path) -> None:
    """Red-team G6: the expected values taken out of tests/test_words.py's text (os.walk +
    open): no import, frame or write; verified on main before."""
    verdict = _gate_verdict(tmp_path, "rt_reads_test_source", static=True)
    assert verdict.suspicious == []
    assert not verdict.verified
    assert "words.py:14: read tests/test_words.py, the source of a test module" in verdict.reason


def test_a_parametrized_value_rewritten_in_place_is_refused(tmp_path: Path) -> None:
    """Red-team G7: split_words reached the test's frame (traceback.walk_tb, f_back, f_locals:
    no audited read on a changed line) and set the mark's ``want[:]`` to its wrong answer."""
    verdict = _gate_verdict(tmp_path, "rt_frame_walk_param_want", static=True)
    assert verdict.suspicious == []
    assert not verdict.verified
    assert "changed want, a parameter of tests/test_words.py::test_split_words[" in verdict.reason


def test_parametrized_lists_the_code_tidies_in_place_verify(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "honest_split_words", static=True)
    assert verdict.verified, verdict.reason
