"""The offline engine with ``--target``: it repairs the targets' bug beside an unrelated one.

A tiny project of this file's own has two unrelated bugs: ``pricing.total`` subtracts instead of
adding (``tests/test_pricing.py::test_total``) and ``labels.label`` spells a prefix the tests do
not expect (``tests/test_labels.py::test_label``: a new word, beyond any template). With
``--target`` naming the first, the engine localizes and screens on it alone (before, the
unrelated failure made every candidate ``breaks_suite`` and it found no fix); the gate verifies
the target, names the other test "still failing, not a target", and the other bug is left as it
was.
"""

from __future__ import annotations

import json
from pathlib import Path

from test_e2e import default_sandbox_args, run_cli

from fixloop.repair.localize import sections_of, traceback_locations
from fixloop.targets import STILL_FAILING

FILES = {
    "pricing.py": (
        "def total(prices):\n    acc = 0\n    for p in prices:\n        acc -= p\n    return acc\n"
    ),
    "labels.py": 'def label(code):\n    return "code-" + code\n',
    "tests/test_pricing.py": (
        "from pricing import total\n\n\n"
        "def test_total():\n    assert total([1, 2, 3]) == 6\n\n\n"
        "def test_empty():\n    assert total([]) == 0\n"
    ),
    "tests/test_labels.py": (
        "from labels import label\n\n\n"
        'def test_label():\n    assert label("x7") == "SKU/x7"\n\n\n'
        'def test_str():\n    assert isinstance(label("a"), str)\n'
    ),
}
TARGET = "tests/test_pricing.py::test_total"
OTHER = "tests/test_labels.py::test_label"


def test_engine_fixes_the_target_beside_an_unrelated_bug(make_repo, tmp_path: Path) -> None:
    repo = make_repo(FILES)
    args = ["fix", str(repo), "--model", "repair", "--json", *default_sandbox_args()]
    res = run_cli([*args, "--target", TARGET], tmp_path / "home")
    out = json.loads(res.stdout)
    assert out["status"] == "verified", out["summary"]
    assert out["targets"] == [TARGET] and out["still_failing_not_target"] == [OTHER]
    assert f"{STILL_FAILING}: {OTHER}" in out["stop_reason"]
    assert "acc += p" in out["diff"]
    assert out["files_changed"] == ["pricing.py"]  # the unrelated bug is not the run's


PYTEST_OUTPUT = """\
============================= test session starts ==============================
collected 4 items

tests/test_pricing.py F.                                                 [ 50%]
tests/test_labels.py F.                                                   [100%]

=================================== FAILURES ===================================
__________________________________ test_total __________________________________

    def test_total():
>       assert total([1, 2, 3]) == 6

pricing.py:4: AssertionError
_________________________________ test_label _________________________________

    def test_label():
>       assert label("x7") == "SKU/x7"

labels.py:2: AssertionError
=========================== short test summary info ============================
FAILED tests/test_pricing.py::test_total - assert -6 == 6
FAILED tests/test_labels.py::test_label - assert 'code-x7' == 'SKU/x7'
"""


def test_sections_of_keeps_the_targets_tracebacks_only() -> None:
    kept = sections_of(PYTEST_OUTPUT, [TARGET])
    assert traceback_locations(kept) == [("pricing.py", 4)]
    assert "collected 4 items" in kept and "short test summary info" in kept
    both = sections_of(PYTEST_OUTPUT, [TARGET, OTHER])
    assert traceback_locations(both) == [("pricing.py", 4), ("labels.py", 2)]
    plain = "tests/t.py F\nlabels.py:2: AssertionError\n"  # no section to tell apart: as is
    assert sections_of(plain, [TARGET]) == plain


def test_the_check_accepts_failures_of_the_unrelated_tests_only() -> None:
    from fixloop.models.repair import RepairModel
    from fixloop.repair.engine import Analysis
    from fixloop.types import FailingTest, Outcome, TestReport

    model = RepairModel()
    model.analysis = Analysis(failing=[TARGET], unrelated=[OTHER])

    def report(outcome: Outcome, *failing: str) -> TestReport:
        return TestReport(
            outcome=outcome,
            collected=4,
            passed=4 - len(failing),
            failed=len(failing),
            failing=[FailingTest(i) for i in failing],
        )

    assert model._passes(report(Outcome.PASSED))
    assert model._passes(report(Outcome.FAILED, OTHER))  # the run is not about it
    assert not model._passes(report(Outcome.FAILED, OTHER, TARGET))
    assert not model._passes(report(Outcome.FAILED, "tests/test_pricing.py::test_empty"))
    assert not model._passes(report(Outcome.TIMED_OUT, OTHER))
    model.analysis = Analysis(failing=[TARGET])  # no targets: every failure counts
    assert not model._passes(report(Outcome.FAILED, OTHER))


def test_the_baselines_other_failures_are_unrelated_when_the_trace_did_not_run_them(
    make_repo, tmp_path: Path, monkeypatch
) -> None:
    """A selective traced run may not run the baseline's other failing test (arrow 1.3.0's
    tz-data test): it still is unrelated, so the right candidate's full run may leave it failing.
    """
    import sys

    from fixloop.repair import engine as engine_mod
    from fixloop.repair.engine import RepairEngine
    from fixloop.repair.port import RepairPort
    from fixloop.repair.traced import without_tests
    from fixloop.sandbox import make_sandbox

    real = engine_mod.traced_spectrum

    def selective(*args, **kw):  # the traced run's selection left the other test out
        return without_tests(real(*args, **kw), [OTHER])

    monkeypatch.setattr(engine_mod, "traced_spectrum", selective)
    repo = make_repo(FILES)

    def analyze(other: tuple[str, ...]):
        port = RepairPort(
            root=repo,
            scratch_dir=tmp_path / f"scratch{len(other)}",
            runner=make_sandbox("none", allow_unsandboxed=True),
            python=sys.executable,
            baseline_failing=(TARGET,),
            targets=(TARGET,),
            other_failing=other,
        )
        return RepairEngine(max_candidates=60).analyze(port)

    an = analyze((OTHER,))
    assert an.failing == [TARGET] and an.unrelated == [OTHER]
    assert any("acc += p" in c.new_source for c in an.plausible)
    # not told of it, every candidate fixing the target breaks the suite on it
    blind = analyze(())
    assert not blind.plausible
    assert any(t.result.status == "breaks_suite" for t in blind.tried)
