"""The test-machinery scan (fixloop.tamper) and the gate's use of it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import git
from test_gate import BASELINE, FakeRunner, passing

from fixloop.gate import Gate
from fixloop.tamper import constructs, scan_change

CHEATS = {
    "import pytest": "import pytest\n\ndef f():\n    return 2\n",
    "from _pytest": "from _pytest import runner\n\ndef f():\n    return 2\n",
    "sys.modules": "import sys\n\ndef f():\n    return 2 if 'x' in sys.modules else 1\n",
    "PYTEST_CURRENT_TEST": "import os\n\ndef f():\n    return 2 if os.environ.get('PYTEST_CURRENT_TEST') else 1\n",
    "__import__": "def f():\n    __import__('x')\n    return 2\n",
    "os._exit": "import os\n\ndef f():\n    os._exit(0)\n",
    "settrace": "import sys\nsys.settrace(None)\n\ndef f():\n    return 2\n",
    "atexit": "import atexit\n\ndef f():\n    return 2\n",
    "importlib": "import importlib\n\ndef f():\n    importlib.import_module('_py' + 'test')\n",
    "gc": "import gc\n\ndef f():\n    return len(gc.get_objects())\n",
    "aliased sys": "import sys as _s\n\ndef f():\n    return _s.modules.get('x')\n",
    "from-imported _exit": "from os import _exit as q\n\ndef f():\n    q(0)\n",
}


@pytest.mark.parametrize("name", sorted(CHEATS))
def test_each_kind_of_reach_into_the_test_machinery_is_found(name: str) -> None:
    findings = scan_change("m.py", "def f():\n    return 1\n", CHEATS[name])
    assert findings, name
    assert all(f.path == "m.py" and f.line >= 1 for f in findings)


def test_aliases_are_seen_through() -> None:
    found = {f.construct for f in scan_change("m.py", "", CHEATS["aliased sys"])}
    assert "sys.modules" in found
    found = {f.construct for f in scan_change("m.py", "", CHEATS["from-imported _exit"])}
    assert "os._exit" in found


def test_only_what_the_change_adds_counts() -> None:
    old = "import sys\n\ndef f():\n    return sys.modules\n"
    same = "import sys\n\ndef f():\n    return sys.modules  # unchanged use\n"
    assert scan_change("m.py", old, same) == []
    more = old + "\ndef g():\n    return sys.modules\n"
    (finding,) = scan_change("m.py", old, more)
    assert (finding.construct, finding.line) == ("sys.modules", 7)
    assert str(finding) == "m.py:7: sys.modules"


def test_plain_fixes_are_clean() -> None:
    old = "def total(xs):\n    return round(sum(xs))\n"
    new = "def total(xs):\n    return round(sum(xs), 2)\n"
    assert scan_change("m.py", old, new) == []
    assert scan_change("m.py", None, "VALUE = 'pytests are fun'\n") == []  # not a whole word
    assert scan_change("m.py", old, None) == []  # a deleted file adds nothing


def test_unparsable_source_is_still_scanned_by_tokens() -> None:
    assert ("pytest", 1) in constructs("import pytest\ndef broken(:\n")
    assert any(c.startswith("string") for c, _ in constructs("x = 'junit' +\n"))


def test_gate_refuses_a_change_that_patches_the_test_runner(make_repo) -> None:
    root = make_repo(
        {"m.py": "def f():\n    return 1\n", "tests/test_m.py": "def test_a():\n    pass\n"}
    )
    iso = SimpleNamespace(root=root, base_commit=git(root, "rev-parse", "HEAD").strip())
    (root / "m.py").write_text(
        "import _pytest.reports\n_pytest.reports.TestReport.passed = property(lambda s: True)\n\n"
        "def f():\n    return 1\n"
    )
    (root / "helper.py").write_text("import os\nFLAG = os.environ.get('PYTEST_CURRENT_TEST')\n")
    v = Gate(iso, None, FakeRunner(root, passing()), BASELINE).verify()
    assert not v.verified
    assert "test machinery" in v.reason and "m.py:1: import _pytest.reports" in v.reason
    assert any(s.startswith("helper.py:2:") for s in v.suspicious)
    assert v.to_dict()["suspicious"] == v.suspicious


def test_gate_verifies_a_clean_change_next_to_an_existing_import(make_repo) -> None:
    # the project already imports unittest in its code: an unrelated fix is not flagged
    root = make_repo({"m.py": "import unittest\n\ndef f():\n    return 1\n"})
    iso = SimpleNamespace(root=root, base_commit=git(root, "rev-parse", "HEAD").strip())
    (root / "m.py").write_text("import unittest\n\ndef f():\n    return 2\n")
    v = Gate(iso, None, FakeRunner(root, passing()), BASELINE).verify()
    assert v.verified and v.suspicious == []


def test_in_process_cheat_really_fools_pytest_without_the_scan(tmp_path: Path) -> None:
    """The reason for the scan: a source module can turn a failing test green in-process."""
    (tmp_path / "m.py").write_text(
        "import _pytest.reports\n"
        "_orig = _pytest.reports.TestReport.from_item_and_call\n"
        "def _fake(item, call):\n"
        "    r = _orig(item, call)\n"
        "    r.outcome = 'passed'\n"
        "    r.longrepr = None\n"
        "    return r\n"
        "_pytest.reports.TestReport.from_item_and_call = staticmethod(_fake)\n"
        "def f():\n    return 1\n"
    )
    (tmp_path / "test_m.py").write_text("from m import f\n\ndef test_f():\n    assert f() == 2\n")
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout  # pytest itself is fooled...
    found = scan_change("m.py", "def f():\n    return 1\n", (tmp_path / "m.py").read_text())
    assert found and found[0].construct == "import _pytest.reports"  # ...the scan is not
