"""The gate with more failing tests than one command-line argument can name.

Linux caps one argument at 128 KiB (``MAX_ARG_STRLEN``). The runner passed its config (the
node ids twice) as one argument and the second opinion put it into its ``-c`` program, so a
project with ~3,000 failing tests at the baseline ended every run with ``OSError: [Errno 7]
Argument list too long`` — an internal error before the model's first step, and no fix of such
a project could ever be verified. Both now pass their config as a file.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from conftest import git
from test_gate_attacks import _sandbox

from fixloop.gate import Gate
from fixloop.testrun import TestRunner
from fixloop.types import Limits

CALC = "def add(a, b):\n    return a - b\n"
#: 1,000 cases whose ids are ~150 characters: 150 KB of ids, past the 128 KiB argument cap
TESTS = """\
import pytest

from calc import add


@pytest.mark.parametrize("a", range(1000), ids=lambda a: "case-" + "x" * 120 + f"-{a}")
def test_add(a):
    assert add(a, 1) == a + 1


def test_zero():
    assert add(0, 0) == 0
"""


def test_an_honest_fix_of_a_thousand_long_ids_verifies(make_repo, tmp_path: Path) -> None:
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TESTS})
    runner = TestRunner(repo, _sandbox(), log_dir=tmp_path / "logs", limits=Limits(wall_s=120))
    baseline = runner.run("", pristine=True)
    ids = baseline.failing_ids
    assert len(ids) == 1000 and sum(len(i) for i in ids) > 131_072, len(ids)
    again = runner.run(ids, pristine=True)  # the flaky check's repeat of every failing id
    assert again.failed == 1000 and again.passed == 0, again.notice
    (repo / "calc.py").write_text(CALC.replace("a - b", "a + b"))
    iso = SimpleNamespace(root=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    verdict = Gate(iso, None, runner, baseline).verify()
    assert verdict.verified, verdict.reason
    assert "second opinion agrees: 1000 failing test(s)" in verdict.reason
    # the config files are read and deleted before any project code runs
    assert not list((tmp_path / "logs").rglob("*config.json"))
