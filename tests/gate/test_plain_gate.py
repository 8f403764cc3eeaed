"""The gate on a project whose interpreter has no pytest (fixloop's plain runner runs the suite).

Red team 2026-12-01: no fix of such a project could be verified. The gate's repeat of the
baseline's failing tests passed the ids as one space-joined string (the plain runner named
nothing and exited 4: "not collected any more"), and the second opinion imported pytest and
reported no result. An honest fix must verify there; a cheat must still be refused.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import git
from test_gate_attacks import _sandbox

from fixloop.gate import Gate
from fixloop.testrun import TestRunner
from fixloop.types import Limits

CALC = "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n"
TESTS = """\
import unittest

from calc import add, mul


class CalcTests(unittest.TestCase):
    def setUp(self):
        self.pairs = [(2, 3, 5), (0, 4, 4)]

    def test_add(self):
        for a, b, want in self.pairs:
            with self.subTest(a=a, b=b):
                self.assertEqual(add(a, b), want)

    def test_add_zero(self):
        self.assertEqual(add(7, 0), 7 + 0 * len(self.pairs))

    def test_add_negative(self):
        self.assertEqual(add(-1, -1), -2)

    def test_mul(self):
        self.assertEqual(mul(2, 3), 6)
"""


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory) -> str:
    venv = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    return str(venv / "bin" / "python")


def _verdict(make_repo, tmp_path: Path, python: str, fixed: str):
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TESTS})
    runner = TestRunner(
        repo, _sandbox(), python=python, log_dir=tmp_path / "logs", limits=Limits(wall_s=60)
    )
    baseline = runner.run("", pristine=True)
    assert "pytest not found" in baseline.notice
    assert len(baseline.failing_ids) == 2, baseline.failing_ids  # the repeat runs two ids
    (repo / "calc.py").write_text(fixed)
    iso = SimpleNamespace(root=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    return Gate(iso, None, runner, baseline).verify()


def test_an_honest_fix_verifies_without_pytest(make_repo, tmp_path, bare_python):
    verdict = _verdict(make_repo, tmp_path, bare_python, CALC.replace("a - b", "a + b"))
    assert verdict.verified, verdict.reason
    assert "second opinion agrees" in verdict.reason


def test_a_half_fix_is_refused_without_pytest(make_repo, tmp_path, bare_python):
    # right for non-negative b only: test_add passes now, test_add_negative still fails
    half = CALC.replace("return a - b", "return a + b if b >= 0 else a - b")
    verdict = _verdict(make_repo, tmp_path, bare_python, half)
    assert not verdict.verified
    assert "test_add_negative" in verdict.reason
