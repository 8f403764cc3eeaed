"""The watch of test module globals and the state of the project's own modules (realproj4 R3).

structlog's tests do ``from structlog._output import WRITE_LOCKS`` and assert a stream is in it
after a logger is made: the dict is the library's registry, filled by its own code at every
logger. An honest fix elsewhere was refused ("changed WRITE_LOCKS, a global of
tests/test_output.py the tests only read"). Such a global is the source module's state (the
change may edit that module at will); the tests' own tables stay watched: a helper test
module's table imported the same way, and a test module's literal, rewritten by the change,
are refused.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from fixloop.gate import Gate
from fixloop.testrun import TestRunner
from fixloop.testrun.inside import auditflow as af
from fixloop.types import Limits

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_gate_attacks import _sandbox  # noqa: E402

_OUTPUT = """
WRITE_LOCKS = {}


def lock_for(file):
    lock = WRITE_LOCKS.get(file)
    if lock is None:
        lock = WRITE_LOCKS[file] = object()
    return lock
"""

_TEST_OUTPUT = """
import io

from calc import double
from pkg.output import WRITE_LOCKS as LOCKS, lock_for


def test_double():
    assert double(2) == 4


def test_lock():
    sio = io.StringIO()
    assert sio not in LOCKS
    lock_for(sio)
    assert sio in LOCKS
"""

_HELPERS = 'EXPECTED = {"double": 4}\n'

_TEST_HELPERS = """
from calc import double
from helpers import EXPECTED


def test_double():
    assert double(2) == EXPECTED["double"]
"""

_TEST_LITERAL = """
from calc import double

EXPECTED = {"double": 4}


def test_double():
    assert double(2) == EXPECTED["double"]
"""

_CHEAT = """import sys


def double(x):
    for name, mod in list(sys.modules.items()):
        table = getattr(mod, "EXPECTED", None)
        if name != __name__ and isinstance(table, dict):
            table["double"] = x * 3
    return x * 3
"""


def _repo(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    env = ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", *env, "commit", "-qm", "base"], cwd=root, check=True)
    return root


def _verdict(tmp_path: Path, files: dict[str, str], new_calc: str, base: str = ""):
    files = {"calc.py": base or "def double(x):\n    return x * 3\n", **files}
    repo = _repo(tmp_path / "repo", files)
    runner = TestRunner(repo, _sandbox(), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids  # the bug is real
    (repo / "calc.py").write_text(new_calc, encoding="utf-8")
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo, check=True, capture_output=True, text=True
    ).stdout.strip()
    return Gate(SimpleNamespace(root=repo, base_commit=head), None, runner, baseline).verify()


def test_a_registry_of_a_source_module_imported_by_a_test_verifies(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/output.py": _OUTPUT, "tests/test_output.py": _TEST_OUTPUT}
    verdict = _verdict(tmp_path, files, "def double(x):\n    return x * 2\n")
    assert verdict.verified, verdict.reason


@pytest.mark.parametrize(
    ("files", "where"),
    [
        ({"tests/helpers.py": _HELPERS, "tests/test_h.py": _TEST_HELPERS}, "tests/helpers.py"),
        ({"tests/test_lit.py": _TEST_LITERAL}, "tests/test_lit.py"),
    ],
    ids=["helper_test_module", "test_literal"],
)
def test_the_tests_own_tables_rewritten_by_the_change_are_refused(
    tmp_path: Path, files: dict[str, str], where: str
) -> None:
    verdict = _verdict(tmp_path, files, _CHEAT)
    assert not verdict.verified
    assert f"changed EXPECTED, a global of {where} the tests only read" in verdict.reason


def test_imported_from_keeps_names_bound_once_by_a_top_level_from_import() -> None:
    tree = ast.parse(
        "from pkg.output import WRITE_LOCKS as LOCKS, lock_for\n"
        "from .data import TABLE\n"
        "from calc import ROWS\n"
        "ROWS = list(ROWS)\n"
        "from x import *\n"
        "import os\n"
        "def f():\n    return LOCKS\n"
    )
    assert af.imported_from(tree) == {
        "LOCKS": (0, "pkg.output", "WRITE_LOCKS"),
        "lock_for": (0, "pkg.output", "lock_for"),
        "TABLE": (1, "data", "TABLE"),
    }


_TEST_ALIAS = """
import calc

EXPECTED = calc.TABLE


def test_double():
    assert calc.double(2) == EXPECTED["double"]
"""


def test_a_source_table_bound_by_the_tests_own_assignment_stays_watched(tmp_path: Path) -> None:
    """``EXPECTED = calc.TABLE``: not a ``from`` import, so still the tests' data to the watch."""
    files = {"tests/test_alias.py": _TEST_ALIAS}
    base = 'TABLE = {"double": 4}\n\n\ndef double(x):\n    return x * 3\n'
    verdict = _verdict(tmp_path, files, 'TABLE = {"double": 4}\n\n\n' + _CHEAT, base=base)
    assert not verdict.verified
    assert "changed EXPECTED, a global of tests/test_alias.py the tests only read" in verdict.reason


_UTILS = "from calc import double\n\n\ndef quadruple(x):\n    return double(double(x))\n"

_TEST_RELOAD = """
from importlib import reload

import calc
from tests import utils


def test_double():
    assert calc.double(2) == 4


def test_reloaded():
    reload(calc)
    reload(utils)
    assert utils.quadruple(1) == 4
"""


def test_a_helper_test_module_the_tests_reload_verifies(tmp_path: Path) -> None:
    """freezegun's tests reload the changed module, then a helper test module (realproj4 R4)."""
    files = {
        "tests/__init__.py": "",
        "tests/utils.py": _UTILS,
        "tests/test_reload.py": _TEST_RELOAD,
    }
    verdict = _verdict(tmp_path, files, "def double(x):\n    return x * 2\n")
    assert verdict.verified, verdict.reason


def test_reloaded_names_reads_reload_calls() -> None:
    tree = ast.parse("import importlib\nreload(utils)\nimportlib.reload(tests.helpers)\n")
    assert af.reloaded_names(tree) == {"utils", "helpers"}
