"""A failing test that relies on an earlier test of its file (red team 3 F12).

The suite's tests share one store that the first test fills; the failing test counts it. pytest
passes the whole suite in the user's shell and in the gate's full run, but the repeats, the
perturbed run and the second opinion ran the failing test alone, found the store empty, and
refused the honest fix as flaky. They now run it with the rest of its file, in order, when it
fails alone.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from conftest import git
from test_gate_attacks import _sandbox

from fixloop.gate import Gate
from fixloop.testrun import TestRunner
from fixloop.types import Limits

STORE = (
    "class Store:\n    def __init__(self):\n        self._items = {}\n\n"
    "    def put(self, key, value):\n        self._items[key] = value\n\n"
    "    def count(self):\n        return len(self._items) - 1\n"
)
TESTS = (
    "from store import Store\n\nSTORE = Store()\n\n\ndef test_put():\n    STORE.put('a', 1)\n\n\n"
    "def test_count_after_put():\n    assert STORE.count() == 1\n"
)


def test_an_order_dependent_failing_test_verifies_with_its_file(make_repo, tmp_path: Path) -> None:
    repo = make_repo({"store.py": STORE, "tests/test_store.py": TESTS})
    runner = TestRunner(repo, _sandbox(), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["tests/test_store.py::test_count_after_put"]
    (repo / "store.py").write_text(STORE.replace(" - 1", ""))
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    verdict = Gate(iso, None, runner, baseline).verify()
    assert verdict.verified, verdict.reason
    assert "agrees" in verdict.second_opinion
