"""Red-team findings of wave 1 on the run-time watch, each as a kind, through the real gate.

Honest fixes refused before: a changed line whose ``import doctest`` is the first in the test
process (doctest's namedtuple builds ``__new__`` from a string while changed code is on the
stack: the library's generated code, not the change's). Attacks verified before: attributes of
standard-library, test-framework and installed modules (builtins included) replaced by values
with no code of the change (a built-in, a ``functools.partial``, a class of built-ins).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_gate_attacks import _gate_verdict  # noqa: E402


@pytest.mark.parametrize("name", ["honest_doctest_main_guard", "honest_doctest_main_guard_pytest"])
def test_a_first_import_of_doctest_under_a_changed_line_verifies(tmp_path: Path, name: str) -> None:
    """Refused before: "<string>:1: replaced doctest.TestResults.__new__ of the test runner"."""
    verdict = _gate_verdict(tmp_path, name, static=True)
    assert verdict.verified, verdict.reason
