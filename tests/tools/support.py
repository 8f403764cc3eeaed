"""Helpers of the tools tests: a fake test runner, the example repository, an edit call."""

from __future__ import annotations

from fixloop.tools import Tools
from fixloop.types import Outcome, TestReport


class FakeRunner:
    """Stands in for testrun.TestRunner: records targets, returns a fixed report."""

    def __init__(self, report: TestReport | None = None, exc: Exception | None = None) -> None:
        self.report = report or TestReport(Outcome.PASSED, collected=2, passed=2, output="ok\n")
        self.exc = exc
        self.targets: list[str] = []

    def run(self, target: str = "") -> TestReport:
        self.targets.append(target)
        if self.exc is not None:
            raise self.exc
        return self.report


FILES = {
    "calc.py": "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n",
    "pkg/__init__.py": "",
    "pkg/util.py": "VALUE = 1\n",
    "tests/test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n",
}


def edit(t: Tools, path: str, old: str, new: str):
    return t.call("edit_file", {"path": path, "old": old, "new": new})
