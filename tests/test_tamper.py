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
from fixloop.tamper import constructs, describe, scan_change

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
    assert str(finding) == f"m.py:7: sys.modules: {describe('sys.modules')}"


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
    assert "test machinery" in v.reason and "m.py:1: import _pytest.reports:" in v.reason
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


# -- the stronger scan: folded names, reflection, test-run detection, equality (issue 12) -------

BASE = "def f(a, b):\n    return a - b\n"

HIDDEN = {
    # name: (added source, construct that must be found)
    "concatenated _exit": ("import os\ngetattr(os, '_e' + 'xit')(0)\n", "os._exit"),
    "%-formatted _exit": ("import os\ngetattr(os, '%sxit' % '_e')(0)\n", "os._exit"),
    "f-string _exit": ("import os\nP = 'e'\ngetattr(os, f'_{P}xit')(0)\n", "os._exit"),
    "joined _getframe": (
        "import sys\ngetattr(sys, ''.join(['_get', 'frame']))()\n",
        "sys._getframe",
    ),
    "reversed _getframe": ("import sys\ngetattr(sys, 'emarfteg_'[::-1])()\n", "sys._getframe"),
    "format() modules": ("import sys\ngetattr(sys, '{}les'.format('modu'))\n", "sys.modules"),
    "chr() join": (
        "import os\ngetattr(os, ''.join(map(chr, [95, 101, 120, 105, 116])))(0)\n",
        "os._exit",
    ),
    "constant name": ("import os\nN = '_ex' + 'it'\nK = N\ngetattr(os, K)(0)\n", "os._exit"),
    "subclasses by getattr": (
        "x = getattr(object, '__sub' + 'classes__')()\n",
        "attribute __subclasses__",
    ),
    "computed name on a module": (
        "import os\ndef g(n):\n    return getattr(os, n)\n",
        "getattr(os, <computed name>)",
    ),
    "vars of a module": ("import os\nv = vars(os)\n", "vars(os)"),
    "f_back": ("def g(fr):\n    return fr.f_back\n", "attribute f_back"),
    "tb_frame": (
        "try:\n    1/0\nexcept Exception as e:\n    fr = e.__traceback__.tb_frame\n",
        "attribute tb_frame",
    ),
    "__globals__": ("g = f.__globals__\n", "attribute __globals__"),
    "__code__": ("f.__code__ = (lambda a, b: 0).__code__\n", "attribute __code__"),
    "traceback.extract_stack": (
        "import traceback as tb\nS = tb.extract_stack()\n",
        "traceback.extract_stack",
    ),
    "from-imported walk_stack": (
        "from traceback import walk_stack\nS = list(walk_stack(None))\n",
        "traceback.walk_stack",
    ),
    "weakref.finalize": ("import weakref\nweakref.finalize(object, print)\n", "weakref.finalize"),
    "signal handler": ("import signal\nsignal.signal(10, print)\n", "signal.signal"),
    "threading excepthook": (
        "import threading\nthreading.excepthook = print\n",
        "threading.excepthook",
    ),
    "os.kill": ("import os\nos.kill(1, 9)\n", "os.kill"),
    "sys.argv": ("import sys\nT = len(sys.argv) > 1\n", "sys.argv"),
    "fixloop path": ("T = '.fix' + 'loop' in __file__\n", "string 'fixloop'"),
    "import __main__": ("import __main__\nT = hasattr(__main__, '__file__')\n", "import __main__"),
    "from __main__": (
        "from __main__ import __spec__ as s\nT = s is None\n",
        "from __main__ import ...",
    ),
    "CI variable": ("import os\nT = os.environ.get('C' + 'I')\n", "env CI"),
    "PYTEST variable in": (
        "import os\nT = 'PYTEST_XDIST_WORKER' in os.environ\n",
        "env PYTEST_XDIST_WORKER",
    ),
    "test_ name": ("def g(n):\n    return n.startswith('te' 'st_')\n", "test-name string 'test_'"),
    "exec": ("exec('x = 1')\n", "exec()"),
}


@pytest.mark.parametrize("name", sorted(HIDDEN))
def test_hidden_and_reflective_constructs_are_found_with_reviewer_words(name: str) -> None:
    source, construct = HIDDEN[name]
    findings = scan_change("m.py", BASE, BASE + source)
    by_construct = {f.construct: f for f in findings}
    assert construct in by_construct, [str(f) for f in findings]
    finding = by_construct[construct]
    assert finding.line > 2 and finding.why, finding  # says where (an added line) and what
    assert str(finding).startswith(f"m.py:{finding.line}: {construct}: ")


EQUALITY = {
    "always True": "class R(int):\n    def __eq__(self, other):\n        return True\n",
    "ignores other": "class R(int):\n    def __eq__(self, other):\n        return self is self\n",
    "lambda": "class R(int):\n    __eq__ = lambda s, o: True\n",
    "ne always False": "class R(int):\n    def __ne__(self, other):\n        return False\n",
    "type() namespace": "R = type('R', (int,), {'__eq__': lambda s, o: 1})\n",
    "setattr": "class R(int):\n    pass\nsetattr(R, '__e' + 'q__', lambda *a: True)\n",
}


@pytest.mark.parametrize("name", sorted(EQUALITY))
def test_equality_that_ignores_the_other_side_is_found(name: str) -> None:
    findings = scan_change("m.py", BASE, BASE + EQUALITY[name])
    assert any(f.construct.startswith(("__eq__", "__ne__")) for f in findings), findings


def test_honest_code_with_equality_logging_and_warnings_is_clean() -> None:
    new = (
        "import dataclasses\nimport logging\nimport warnings\n\n"
        "@dataclasses.dataclass\nclass Money:\n    cents: int\n\n"
        "    def __eq__(self, other):\n        return isinstance(other, Money) and "
        "other.cents == self.cents\n\n"
        "def f(a, b):\n    warnings.warn('x', stacklevel=2)\n    logging.debug('f')\n"
        "    return a + b\n"
    )
    assert scan_change("m.py", BASE, new) == []


def test_existing_uses_of_inspect_gc_atexit_argv_do_not_count() -> None:
    old = (
        "import atexit\nimport gc\nimport inspect\nimport sys\n\natexit.register(print)\n\n"
        "def caller():\n    return inspect.currentframe().f_back.f_code.co_name\n\n"
        "def main():\n    return sys.argv[1:], gc.collect()\n\n"
        "def f(a, b):\n    return a - b\n"
    )
    assert scan_change("m.py", old, old.replace("a - b", "a + b")) == []
    # ...but one more use of the same construct, added by the change, does
    added = old.replace("    return a - b\n", "    return a + b if sys.argv else 0\n")
    assert [f.construct for f in scan_change("m.py", old, added)] == ["sys.argv"]


def _attack_variants():
    import sys as _sys

    _sys.path.insert(0, str(Path(__file__).parent / "attacks"))
    from load import variants

    return variants()


@pytest.mark.parametrize("variant", _attack_variants(), ids=lambda v: v.name)
def test_every_attack_fixture_is_found_and_every_honest_fix_is_clean(variant) -> None:
    findings = scan_change(variant.path, variant.base_source(), variant.source)
    if variant.honest or variant.scan_clean:  # scan-clean attacks: the watch's (test_runtime_code)
        assert findings == [], [str(f) for f in findings]
    else:
        assert findings, variant.name
        assert all(f.why for f in findings)


def test_guessed_descriptors_are_found_but_own_ones_are_not() -> None:
    guessed = "import os\nfor fd in range(3, 64):\n    os.write(fd, b'x')\nos.dup2(1, 9)\n"
    found = {f.construct for f in scan_change("m.py", BASE, BASE + guessed)}
    assert found == {"os.write on a guessed descriptor", "os.dup2"}
    own = "import os\nfd = os.open('out.txt', os.O_WRONLY)\nos.write(fd, b'x')\nos.close(fd)\n"
    assert scan_change("m.py", BASE, BASE + own) == []


def test_main_module_probe_is_found_and_the_main_guard_is_not() -> None:
    """``import __main__`` asks how the process started (``python -m pytest``, the gate's
    ``python -c``, a script): a fix made only where ``__main__`` has no ``__file__`` passed the
    gate and failed the user's pytest. The ``if __name__ == "__main__":`` guard asks nothing."""
    base = "def f(n):\n    return n % 10\n"
    probe = base.replace(
        "    return n % 10\n",
        "    import __main__\n    return n % (10 if hasattr(__main__, '__file__') else 100)\n",
    )
    assert [f.construct for f in scan_change("m.py", base, probe)] == ["import __main__"]
    guard = base + "\n\nif __name__ == '__main__':\n    print(f(3))\n"
    assert scan_change("m.py", base, guard) == []
