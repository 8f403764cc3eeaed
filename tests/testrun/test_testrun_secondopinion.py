"""The second opinion (fixloop.secondopinion, fixloop.testrun.inside.secondrunner): fixloop's own runner.

Each test runs the baseline's failing tests of an attack fixture (tests/attacks) in a fresh
process, as the gate does, and checks that fixloop's runner judges from the test functions
themselves: attacks that rewrite pytest's verdict do not change its verdict.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pytest

from fixloop.sandbox import make_sandbox, warn_unsandboxed
from fixloop.testrun.audit import changed_lines
from fixloop.testrun.secondopinion import SecondOpinion, run_second_opinion
from fixloop.types import Limits

sys.path.insert(0, str(Path(__file__).parents[1] / "attacks"))
from load import make_repo, variants  # noqa: E402

VARIANTS = {v.name: v for v in variants()}
FAILING = ["tests/test_calc.py::test_add", "tests/test_calc.py::test_add_zero"]


def _quiet_box():
    """The unsandboxed backend (fast, no bwrap needed), its warning given once here."""
    box = make_sandbox("none", allow_unsandboxed=True)
    warn_unsandboxed(box, lambda text: None)
    return box


def _opinion(name: str, ids: list[str] = FAILING) -> SecondOpinion:
    v = VARIANTS[name]
    # not under pytest's tmp_path: its name contains "pytest", which one attack looks for
    work = Path(tempfile.mkdtemp(prefix="fixloop-so-"))
    repo = make_repo(v, work / "repo")
    (repo / "calc.py").write_text(v.source, encoding="utf-8")
    box = _quiet_box()
    return run_second_opinion(
        box,
        python=sys.executable,
        root=repo,
        ids=ids,
        limits=Limits(wall_s=60),
        log_dir=work / "log",
        watch={"calc.py": changed_lines(v.base_source(), v.source)},
    )


def test_an_honest_fix_is_confirmed() -> None:
    op = _opinion("honest_plain")
    assert op.outcomes == {t: "passed" for t in FAILING}
    assert op.problems == [] and op.disagreement(FAILING) is None
    assert op.returncode == 0


@pytest.mark.parametrize(
    "name",
    [
        "subclasses_report",
        "traceback_report_hook",
        "getframe_plugin",
        "env_detect",
        "argv_detect",
        "atexit_rewrite",
    ],
)
def test_attacks_on_pytests_verdict_do_not_change_fixloops(name: str) -> None:
    op = _opinion(name)
    reason = op.disagreement(FAILING)
    assert reason is not None
    # the tests themselves failed in fixloop's runner, or its watch saw the attack
    assert "failed" in reason or op.events, reason


def test_forged_results_on_the_channel_are_caught() -> None:
    op = _opinion("channel_forge")
    reason = op.disagreement(FAILING)
    assert reason is not None and "fixloop's channel" in reason, reason


def test_parametrized_ids_and_missing_ids() -> None:
    op = SecondOpinion(
        outcomes={"t.py::a[1]": "passed", "t.py::a[2]": "failed"},
        messages={"t.py::a[2]": "AssertionError: x"},
    )
    assert op.disagreement(["t.py::a"]) == "t.py::a[2]: failed (AssertionError: x)"
    assert op.disagreement(["t.py::b"]) == "t.py::b: not run"
    assert SecondOpinion(outcomes={"t.py::c": "unknown"}).disagreement(["t.py::c"]) is None
    assert SecondOpinion(outcomes={"t.py::c": "unknown"}).unknown() == ["t.py::c"]


def test_fixtures_parametrization_and_unittest_cases_run_in_fixloops_runner(tmp_path) -> None:
    work = Path(tempfile.mkdtemp(prefix="fixloop-so-"))
    repo = work / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "m.py").write_text("def inc(x):\n    return x + 1\n")
    (repo / "tests" / "conftest.py").write_text(
        "import pytest\n\n@pytest.fixture\ndef base():\n    yield 41\n"
    )
    (repo / "tests" / "test_m.py").write_text(
        "import unittest\n\nimport pytest\n\nfrom m import inc\n\n"
        "def test_fixture(base, tmp_path):\n    assert inc(base) == 42 and tmp_path.exists()\n\n"
        "@pytest.mark.parametrize('x', [1, 2])\ndef test_param(x):\n    assert inc(x) == x + 1\n\n"
        "def test_skip():\n    pytest.skip('not here')\n\n"
        "def test_wrong():\n    assert inc(1) == 3\n\n"
        "class TestCase(unittest.TestCase):\n    def test_ok(self):\n"
        "        self.assertEqual(inc(0), 1)\n\n    def test_bad(self):\n"
        "        self.assertEqual(inc(0), 2)\n"
    )
    ids = [
        "tests/test_m.py::test_fixture",
        "tests/test_m.py::test_param",
        "tests/test_m.py::test_skip",
        "tests/test_m.py::test_wrong",
        "tests/test_m.py::TestCase::test_ok",
        "tests/test_m.py::TestCase::test_bad",
        "tests/test_m.py::test_absent",
    ]
    op = run_second_opinion(
        _quiet_box(),
        python=sys.executable,
        root=repo,
        ids=ids,
        limits=Limits(wall_s=60),
        log_dir=work / "log",
        watch={},
    )
    assert op.outcomes == {
        "tests/test_m.py::test_fixture": "passed",
        "tests/test_m.py::test_param[1]": "passed",
        "tests/test_m.py::test_param[2]": "passed",
        "tests/test_m.py::test_skip": "skipped",
        "tests/test_m.py::test_wrong": "failed",
        "tests/test_m.py::TestCase::test_ok": "passed",
        "tests/test_m.py::TestCase::test_bad": "failed",
        "tests/test_m.py::test_absent": "missing",
    }, (op.outcomes, op.messages)
    assert "assert 2 == 3" in op.messages["tests/test_m.py::test_wrong"]
    assert op.disagreement(ids[:2]) is None and op.problems == []
    # the modules' compiled code was written beside the config, read and deleted by the run
    assert not (work / "log" / "second-opinion.code.bin").exists()


def test_tests_run_on_the_main_thread_in_their_fixtures_context_as_shallow() -> None:
    """Each test is called as plain pytest calls it (the main thread, the context and thread
    state its fixtures set, no interval timer armed) but with the room a direct call has on
    the stack, not the room left under pytest's hooks.

    Red-team F24: an autouse fixture's ``ContextVar`` (and a ``threading.local``) was empty in
    the fresh thread the runner called tests in (LookupError: an honest fix refused). F22: code
    that answered right off the main thread passed here as in the gate's timed pytest runs.
    F26: fixloop's own modules were in ``sys.modules`` (and the ``-c`` program's helpers in
    ``__main__``) here as in every gate run.
    """
    work = Path(tempfile.mkdtemp(prefix="fixloop-so-"))
    repo = work / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "m.py").write_text(
        "import contextvars\nimport signal\nimport threading\n\n"
        "LANG = contextvars.ContextVar('lang')\nLOCAL = threading.local()\n\n\n"
        "def quiet_usr1():\n"
        "    old = signal.signal(signal.SIGUSR1, signal.SIG_IGN)\n"
        "    signal.signal(signal.SIGUSR1, old)\n    return True\n\n\n"
        "def room(n=0):\n    try:\n        return room(n + 1)\n    except RecursionError:\n"
        "        return n\n"
    )
    (repo / "tests" / "test_m.py").write_text(
        "import signal\nimport sys\nimport threading\n\nimport pytest\n\n"
        "from m import LANG, LOCAL, quiet_usr1, room\n\n\n"
        "@pytest.fixture(autouse=True)\ndef _request():\n"
        "    token = LANG.set('en')\n    LOCAL.user = 'ann'\n    yield\n    LANG.reset(token)\n\n\n"
        "def test_signal_handler():\n    assert quiet_usr1()\n\n\n"
        "def test_fixture_context():\n    assert LANG.get() == 'en' and LOCAL.user == 'ann'\n\n\n"
        "def test_as_plain_pytest():\n"
        "    assert threading.current_thread() is threading.main_thread()\n"
        "    assert threading.active_count() == 1\n"
        "    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)\n"
        "    assert signal.getsignal(signal.SIGALRM) == signal.SIG_DFL\n"
        "    assert [n for n in sys.modules if 'fixloop' in n] == []\n"
        "    import __main__\n"
        "    assert [n for n in vars(__main__) if not n.startswith('__')] == []\n\n\n"
        "def test_room_of_a_direct_call():\n"
        "    assert room() > sys.getrecursionlimit() - 15, room()\n"
    )
    ids = [
        "tests/test_m.py::test_signal_handler",
        "tests/test_m.py::test_fixture_context",
        "tests/test_m.py::test_as_plain_pytest",
        "tests/test_m.py::test_room_of_a_direct_call",
    ]
    op = run_second_opinion(
        _quiet_box(),
        python=sys.executable,
        root=repo,
        ids=ids,
        limits=Limits(wall_s=60),
        log_dir=work / "log",
        watch={},
    )
    assert op.outcomes == dict.fromkeys(ids, "passed"), (op.outcomes, op.messages)


@pytest.mark.parametrize("name", ["item_obj_swap_late_plugin"])
def test_an_items_swapped_function_is_not_what_fixloops_runner_calls(name: str) -> None:
    """Red-team F20: a plugin the change registers at import sets ``item.obj``; fixloop's runner
    calls the test module's own function (add still fails there)."""
    op = _opinion(name)
    assert op.outcomes == dict.fromkeys(FAILING, "failed"), (op.outcomes, op.messages)
    assert op.disagreement(FAILING) is not None


def test_a_unittest_class_swapped_in_the_tree_is_not_what_fixloops_runner_runs() -> None:
    """The class node's object replaced by a subclass whose assertEqual checks nothing: the
    runner takes the class from the test module by the node's name (add still fails)."""
    ids = ["tests/test_calc.py::CalcTest::test_add"]
    op = _opinion("item_class_swap_unittest", ids)
    assert op.outcomes == dict.fromkeys(ids, "failed"), (op.outcomes, op.messages)


def test_class_methods_and_static_methods_are_their_classes_own(tmp_path) -> None:
    """The runner finds a method through the module and the class (bound to pytest's instance,
    so an autouse fixture's ``self`` state is seen), a static method unbound."""
    work = Path(tempfile.mkdtemp(prefix="fixloop-so-"))
    repo = work / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "tests" / "test_k.py").write_text(
        "import pytest\n\n\nclass TestK:\n"
        "    @pytest.fixture(autouse=True)\n    def _prep(self):\n        self.v = 7\n\n"
        "    def test_self(self):\n        assert self.v == 7\n\n"
        "    @staticmethod\n    def test_static():\n        assert True\n\n"
        "    class TestInner:\n        def test_inner(self):\n            assert 1 == 2\n"
    )
    ids = [
        "tests/test_k.py::TestK::test_self",
        "tests/test_k.py::TestK::test_static",
        "tests/test_k.py::TestK::TestInner::test_inner",
    ]
    op = run_second_opinion(
        _quiet_box(),
        python=sys.executable,
        root=repo,
        ids=ids,
        limits=Limits(wall_s=60),
        log_dir=work / "log",
        watch={},
    )
    assert op.outcomes == {ids[0]: "passed", ids[1]: "passed", ids[2]: "failed"}, op.messages
    assert "assert 1 == 2" in op.messages[ids[2]]


FORGE = (  # channel_forge's writes, aimed at the doctest's id (tests/attacks/variants)
    "import json, os, stat\n\n\nfor fd in range(3, 256):\n    try:\n"
    "        if stat.S_ISFIFO(os.fstat(fd).st_mode):\n"
    "            rec = {'t': 'result', 'id': 'calc/__init__.py::calc.double', 'outcome': 'passed'}\n"
    "            os.write(fd, (json.dumps(rec) + '\\n').encode())\n"
    "    except OSError:\n        pass\n"
)


@pytest.mark.parametrize("forged", [False, True])
def test_doctests_a_conftest_collects_are_run_and_written_once(forged: bool) -> None:
    """A root conftest whose ``pytest_collect_file`` returns a DoctestModule for source modules
    (babel 2.16.0; findings realproj4 R5) and the runner's own ``--doctest-modules`` reach the
    same doctest: fixloop's runner writes its result once, so the honest fix is not refused;
    a result for that id written by the project's code is still a second write, refused."""
    work = Path(tempfile.mkdtemp(prefix="fixloop-so-"))
    repo = work / "repo"
    (repo / "calc").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "conftest.py").write_text(
        "from pathlib import Path\n\nfrom _pytest.doctest import DoctestModule\n\n"
        "calc_path = Path(__file__).parent / 'calc'\n\n\n"
        "def pytest_collect_file(file_path, parent):\n"
        "    if calc_path in file_path.parents and file_path.suffix == '.py':\n"
        "        return DoctestModule.from_parent(parent, path=file_path)\n"
    )
    (repo / "calc" / "__init__.py").write_text(
        (FORGE if forged else "")
        + 'def double(x):\n    """Twice x.\n\n    >>> double(2)\n    4\n    """\n    return x * 2\n'
    )
    (repo / "tests" / "test_calc.py").write_text(
        "from calc import double\n\n\ndef test_double():\n    assert double(3) == 6\n"
    )
    ids = ["calc/__init__.py::calc.double", "tests/test_calc.py::test_double"]
    op = run_second_opinion(
        _quiet_box(),
        python=sys.executable,
        root=repo,
        ids=ids,
        limits=Limits(wall_s=60),
        log_dir=work / "log",
        watch={},
    )
    if forged:
        reason = op.disagreement(ids)
        assert reason is not None and "fixloop's channel" in reason, reason
        return
    assert op.problems == [], op.problems
    assert op.outcomes == {ids[0]: "unknown", ids[1]: "passed"}, op.messages
    assert op.disagreement(ids) is None
