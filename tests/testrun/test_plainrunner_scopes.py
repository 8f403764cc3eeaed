"""The plain runner (no pytest in the project's interpreter) collects and runs as pytest does:
``unittest.TestCase`` subclasses through unittest (set-ups, sub-tests, skips, expected
failures), inherited test methods, ``__test__ = False`` and pytest's xunit set-up hooks.

Each fixture project is also run by real pytest and the outcomes per test id must be equal:
the gate compares a base run with a candidate run, and on a project without pytest both come
from this runner, so a test that runs differently from how the user runs it is a wrong verdict.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fixloop.testrun.inside import plainrunner
from fixloop.testrun.junit import read_junit

UNITTEST_TESTS = '''\
import unittest

EVENTS = []


def setUpModule():
    EVENTS.append("module-up")


def tearDownModule():
    EVENTS.append("module-down")


class Base(unittest.TestCase):
    """Not named Test*: pytest still collects a TestCase subclass."""

    @classmethod
    def setUpClass(cls):
        cls.shared = [1, 2]

    def setUp(self):
        self.value = 41

    def tearDown(self):
        self.value = None

    def test_setup_ran(self):
        self.assertEqual(self.value + 1, 42)
        self.assertEqual(self.shared, [1, 2])
        self.assertIn("module-up", EVENTS)

    def test_subtest_fails(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertLess(i, 2)

    @unittest.skip("not today")
    def test_skipped(self):
        raise AssertionError("must not run")

    @unittest.expectedFailure
    def test_expected_failure(self):
        self.assertEqual(1, 2)

    @unittest.expectedFailure
    def test_unexpected_success(self):
        pass


class Derived(Base):
    def test_own(self):
        self.assertEqual(self.value, 41)


class Abstract(unittest.TestCase):
    __test__ = False

    def test_never(self):
        raise AssertionError("must not run")
'''

XUNIT_TESTS = """\
STATE = {}


def setup_module(module):
    STATE["module"] = module.__name__


def teardown_module():
    STATE.clear()


def setup_function(function):
    STATE["function"] = function.__name__


def test_function_hooks():
    assert STATE["function"] == "test_function_hooks"
    assert STATE["module"].endswith("test_xunit")


def test_not_collected():
    raise AssertionError("must not run")


test_not_collected.__test__ = False


class Mixin:
    def test_inherited(self):
        assert self.ready == "method" and self.cls_ready


class TestPlain(Mixin):
    @classmethod
    def setup_class(cls):
        cls.cls_ready = True

    def setup_method(self, method):
        self.ready = "method"

    def test_own(self):
        assert self.ready == "method"

    def test_fails(self):
        assert self.ready == "other"
"""

BROKEN_SCOPES = """\
import unittest


class BrokenClass(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise RuntimeError("no database")

    def test_a(self):
        pass

    def test_b(self):
        pass


class BrokenTeardown(unittest.TestCase):
    @classmethod
    def tearDownClass(cls):
        raise RuntimeError("cleanup failed")

    def test_first(self):
        pass

    def test_last(self):
        pass


class TestBrokenMethodSetup:
    def setup_method(self, method):
        raise RuntimeError("setup failed")

    def test_x(self):
        pass
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = tmp_path / "proj"
    (root / "tests").mkdir(parents=True)
    monkeypatch.setattr(sys, "path", [str(root / "tests"), *sys.path])
    before = set(sys.modules)
    yield root
    for name in set(sys.modules) - before:
        sys.modules.pop(name, None)


def _plain_outcomes(root: Path, tmp_path: Path, target: str = "") -> tuple[int, dict[str, str]]:
    junit = tmp_path / "plain.xml"
    rc = plainrunner.main(
        {
            "root": str(root),
            "targets": [target] if target else [],
            "junit": str(junit),
            "progress": None,
        }
    )
    rep = read_junit(junit)
    assert rep is not None
    return rc, {c.id: c.kind for c in rep.cases}


def _pytest_outcomes(root: Path, tmp_path: Path) -> tuple[int, dict[str, str]]:
    junit = tmp_path / "pytest.xml"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-o",
            "junit_family=xunit1",
            f"--junitxml={junit}",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    rep = read_junit(junit)
    assert rep is not None, proc.stdout + proc.stderr
    return proc.returncode, {c.id: c.kind for c in rep.cases}


def test_unittest_classes_run_through_unittest(project, tmp_path, capsys):
    (project / "tests" / "test_units.py").write_text(UNITTEST_TESTS)
    rc, got = _plain_outcomes(project, tmp_path)
    out = capsys.readouterr().out
    f = "tests/test_units.py"
    assert got == {
        f"{f}::Base::test_expected_failure": "skipped",
        f"{f}::Base::test_setup_ran": "passed",
        f"{f}::Base::test_skipped": "skipped",
        f"{f}::Base::test_subtest_fails": "failed",
        f"{f}::Base::test_unexpected_success": "failed",
        f"{f}::Derived::test_expected_failure": "skipped",
        f"{f}::Derived::test_own": "passed",
        f"{f}::Derived::test_setup_ran": "passed",
        f"{f}::Derived::test_skipped": "skipped",
        f"{f}::Derived::test_subtest_fails": "failed",
        f"{f}::Derived::test_unexpected_success": "failed",
    }
    assert rc == 1
    # the sub-test's failure points at the test's own line, not at unittest's frames
    line = UNITTEST_TESTS.splitlines().index("                self.assertLess(i, 2)") + 1
    assert f"tests/test_units.py:{line}: in test_subtest_fails" in out
    assert "unittest/case.py" not in out


def test_xunit_hooks_inherited_methods_and_dunder_test(project, tmp_path):
    (project / "tests" / "test_xunit.py").write_text(XUNIT_TESTS)
    rc, got = _plain_outcomes(project, tmp_path)
    f = "tests/test_xunit.py"
    assert got == {
        f"{f}::test_function_hooks": "passed",
        f"{f}::TestPlain::test_own": "passed",
        f"{f}::TestPlain::test_fails": "failed",
        f"{f}::TestPlain::test_inherited": "passed",
    }
    assert rc == 1


def test_failing_scopes_make_errors(project, tmp_path, capsys):
    (project / "tests" / "test_broken.py").write_text(BROKEN_SCOPES)
    rc, got = _plain_outcomes(project, tmp_path)
    out = capsys.readouterr().out
    f = "tests/test_broken.py"
    assert got == {
        f"{f}::BrokenClass::test_a": "error",
        f"{f}::BrokenClass::test_b": "error",
        f"{f}::BrokenTeardown::test_first": "passed",
        f"{f}::BrokenTeardown::test_last": "error",
        f"{f}::TestBrokenMethodSetup::test_x": "error",
    }
    assert rc == 1
    assert "RuntimeError: no database" in out and "RuntimeError: cleanup failed" in out


def test_selecting_one_inherited_unittest_method(project, tmp_path):
    (project / "tests" / "test_units.py").write_text(UNITTEST_TESTS)
    rc, got = _plain_outcomes(project, tmp_path, "tests/test_units.py::Derived::test_setup_ran")
    assert (rc, got) == (0, {"tests/test_units.py::Derived::test_setup_ran": "passed"})


@pytest.mark.parametrize(
    "name,source",
    [("test_units", UNITTEST_TESTS), ("test_xunit", XUNIT_TESTS), ("test_broken", BROKEN_SCOPES)],
)
def test_same_outcomes_as_pytest(project, tmp_path, name, source):
    (project / "tests" / f"{name}.py").write_text(source)
    plain_rc, plain = _plain_outcomes(project, tmp_path)
    pytest_rc, real = _pytest_outcomes(project, tmp_path)
    assert plain == real
    assert plain_rc == pytest_rc


def test_several_targets_each_one_item(project, tmp_path):
    # the gate re-runs the baseline's failing tests by id, several at once: each id is one
    # item (a space-joined string named nothing and exited 4: honest fixes were refused)
    (project / "tests" / "test_units.py").write_text(UNITTEST_TESTS)
    (project / "tests" / "test_xunit.py").write_text(XUNIT_TESTS)
    junit = tmp_path / "multi.xml"
    targets = [
        "tests/test_units.py::Derived::test_own",
        "tests/test_xunit.py::TestPlain",
        "tests/test_units.py::Derived::test_own",  # twice: run once
    ]
    cfg = {"root": str(project), "targets": targets, "junit": str(junit), "progress": None}
    assert plainrunner.main(cfg) == 1
    rep = read_junit(junit)
    assert rep is not None
    assert [c.id for c in rep.cases] == [
        "tests/test_units.py::Derived::test_own",
        "tests/test_xunit.py::TestPlain::test_own",
        "tests/test_xunit.py::TestPlain::test_fails",
        "tests/test_xunit.py::TestPlain::test_inherited",
    ]
    missing = dict(cfg, targets=["tests/test_xunit.py::TestPlain::test_gone"])
    assert plainrunner.main(missing) == 4
