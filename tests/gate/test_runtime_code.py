"""Code written at run time is the change's code (red-team findings H4 and H5), through the gate.

Each attack of tests/attacks/variants named ``runtime_*`` edits only calc.py, is clean to the
static scan (its real code is a base64 string, or bytecode) and was verified by the gate before
fixloop.testrun.inside.auditfresh: a module written at import and imported (beside calc.py, or
under ``testing/``, which the test-file rule calls test code), a string compiled under the name
of the project's own test file (run by exec, or made a function without exec), a module that
the first test process writes and the next one (the second opinion) imports, and bytecode
written into ``__pycache__`` for an unchanged file of the base; a zip written to /tmp whose
member loads through a module ``__getattr__`` (red-team h4); the test data the tests read
(tests/cases.json) rewritten at import, by calc.py itself or by a child process (red-team
h2_data_rewrite); a failing doctest's expected output rewritten in ``add.__doc__`` at import
(red-team h2_doc_rewrite), or doctest's output checker replaced; the same data rewrite with the watch's channel muted by rebinding json.dumps, json._default_encoder or os.write (red-team runtime_channel_mute). The honest fixes next to them must still verify, with no finding: a module
written at import and imported (as parser generators write their tables), a zip the base
ships, a helper a base test writes into tests/ and imports, data files base tests write.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import git
from test_gate_attacks import VARIANTS, _gate_verdict, _sandbox

from fixloop.gate import Gate
from fixloop.testrun import TestRunner
from fixloop.types import Limits

# attack -> words its refusal must contain (every layer on: the scan sees nothing in any)
RUNTIME = {
    "runtime_module_frames": "_zz.py:5: read the call stack (sys._getframe), in code written at run time",
    "runtime_testing_helper": "testing/_zz.py:5: read the call stack (sys._getframe), in code written",
    "runtime_exec_borrowed_name": "tests/test_calc.py:5: read the call stack (sys._getframe), in code",
    "runtime_function_borrowed_name": "tests/test_calc.py:5: read the call stack (sys._getframe), in",
    "runtime_module_next_process": "while fixloop's own runner re-ran the failing tests, the changed",
    "runtime_zip_getattr": "calc_ops.zip/add.py:5: read the call stack (sys._getframe), in code written",
    "runtime_data_rewrite": "calc.py:20: changed tests/cases.json, a test file of the checkout, while",
    "runtime_data_rewrite_child": "changed tests/cases.json, a test file of the checkout, while the tes",
    "runtime_doc_rewrite": "calc.py:5: doctest calc.add runs examples calc.py does not hold (`>>> add(",
    "runtime_doc_checker": "calc.py:26: replaced doctest.OutputChecker.check_output of the test run",
    "runtime_data_reader_patch": "calc.py:15: replaced json.load of the standard library the tests",
    "runtime_doctest_runner_swap": "calc.py:29: replaced doctest.DebugRunner of the standard library",
}


@pytest.mark.parametrize("name", sorted(RUNTIME))
def test_code_written_at_run_time_is_watched_as_the_change(tmp_path: Path, name: str) -> None:
    # scan-clean fixtures with every layer on; the others (runtime_doc_checker: the scan's
    # stdlib-replacement rule, tamper_mutation, flags it too) with the scan off
    verdict = _gate_verdict(tmp_path, name, static=VARIANTS[name].scan_clean)
    assert not verdict.verified
    assert verdict.suspicious == []  # the scan is off or sees nothing: the watch alone saw it
    assert verdict.report.ok  # pytest itself was fooled
    assert RUNTIME[name] in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    "name", ["runtime_channel_mute", "runtime_channel_mute_encoder", "runtime_channel_mute_oswrite"]
)
def test_rebinding_what_the_watch_writes_with_does_not_mute_it(tmp_path: Path, name: str) -> None:
    """Red team runtime_channel_mute: json.dumps, json._default_encoder or os.write rebound at
    import turned every finding into a hello record or dropped it, then the tests' data was
    rewritten: verified. The watch alone (scan off: it now also names two of the rebinds) must
    still deliver the data rule's finding."""
    verdict = _gate_verdict(tmp_path, name, static=False)
    assert not verdict.verified
    assert verdict.report.ok  # pytest itself was fooled
    assert "changed tests/cases.json, a test file of the checkout, while" in verdict.reason


def test_bytecode_written_at_run_time_is_not_loaded(tmp_path: Path) -> None:
    """The stale .pyc holds a right add under util.py's name; the import system compiles the
    wrong util.py instead, so the suite fails for what the commit really holds."""
    verdict = _gate_verdict(tmp_path, "runtime_stale_bytecode", static=True)
    assert not verdict.verified
    assert verdict.suspicious == []
    assert "the full suite did not pass" in verdict.reason, verdict.reason
    assert "tests/test_calc.py::test_add" in verdict.reason


@pytest.mark.parametrize(
    "name",
    [
        "honest_runtime_module",
        "honest_zip_shipped",
        "honest_base_test_generates_code",
        "honest_data_writing_tests",
        "honest_doctest_fix",
        "honest_stdlib_extension",
    ],
)
def test_an_honest_fix_that_writes_and_imports_a_module_verifies(tmp_path: Path, name: str) -> None:
    """The change writes a module and imports it (a generated table); the change imports a
    module from a zip the base ships (zipimport); a test of the base writes a helper into
    tests/ and imports it (the helper reads the stack: the test's code, not the change's); a
    test of the base rewrites a data file of the base in tests/ and writes a new one; a fix of
    a doctest module that adds an example to the docstring it fixes; a fix that adds a method
    to logging.Logger and registers a json encoder subclass and a singledispatch overload (the
    standard library extended, nothing of it replaced: auditlate.reader_patches stays quiet)."""
    assert VARIANTS[name].honest
    verdict = _gate_verdict(tmp_path, name, static=True)
    assert verdict.verified, verdict.reason
    assert verdict.audit == [] and verdict.report.audit == []
    assert verdict.second_opinion.startswith("agrees"), verdict.second_opinion


_HANDLER = (
    "import signal\n\n\n"
    "def _on(signum, frame):\n"
    "    pass\n\n\n"
    "signal.signal(signal.SIGUSR1, _on)\n"
)


@pytest.mark.parametrize("written", [False, True])
def test_a_test_file_written_at_run_time_is_not_test_code(make_repo, tmp_path, written) -> None:
    """H5: the watch exempts test code (a signal handler a test installs is its own business),
    but only test files of the checkout: tests/_helper.py written by calc.py at import is the
    change's code, and the handler it installs is a finding at its definition."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    write = (
        "import os\n\n"
        "_H = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tests', '_helper.py')\n"
        f"with open(_H, 'w') as _fh:\n    _fh.write({_HANDLER!r})\n"
    )
    calc = (write if written else "") + "import tests._helper  # noqa\n\n\ndef add(a, b):\n    return a + b\n"
    files = {
        "calc.py": calc,
        "tests/__init__.py": "",
        "tests/test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
    }
    if not written:
        files["tests/_helper.py"] = _HANDLER
    repo = make_repo(files)
    runner = TestRunner(
        repo, _sandbox(), log_dir=tmp_path / "logs", python=sys.executable, limits=Limits(wall_s=60)
    )
    lines = list(range(1, calc.count("\n") + 1))
    rep = runner.run("", pristine=True, writable=True, audit={"calc.py": lines})
    assert rep.ok, rep.output[-2000:]
    handlers = [a for a in rep.audit or [] if "installed a handler for signal" in a]
    if written:
        assert handlers and handlers[0].startswith("tests/_helper.py:4: "), rep.audit
        assert "in code written at run time" in handlers[0]
    else:
        assert handlers == [], rep.audit


@pytest.mark.parametrize(("value", "finding"), [("compile('x = 1', 'm', 'exec')", True), ("{'a': [1, 2]}", False)])
def test_changed_code_loading_a_code_object_from_bytes_is_seen(
    make_repo, tmp_path, value: str, finding: bool
) -> None:
    """marshal.loads of a code object names no file its code could be watched by: a finding
    when changed code calls it; marshal of plain data is not."""
    calc = (
        "import marshal\n\n"
        f"_B = marshal.dumps({value})\n"
        "_V = marshal.loads(_B)\n\n\n"
        "def add(a, b):\n    return a + b\n"
    )
    repo = make_repo(
        {
            "calc.py": calc,
            "tests/test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
        }
    )
    runner = TestRunner(
        repo, _sandbox(), log_dir=tmp_path / "logs", python=sys.executable, limits=Limits(wall_s=60)
    )
    rep = runner.run("", pristine=True, writable=True, audit={"calc.py": [1, 3, 4, 7, 8]})
    assert rep.ok, rep.output[-2000:]
    loads = [a for a in rep.audit or [] if "marshal.loads" in a]
    assert bool(loads) == finding, rep.audit
    if finding:
        assert loads[0].startswith("calc.py:4: loaded a code object from bytes"), loads


_GENERATES = """\
import sys

from calc import add


def test_add():
    assert add(2, 3) == 5


def test_a_module_written_here_runs_here(tmp_path, monkeypatch):
    (tmp_path / "gen_mod.py").write_text(
        "import sys\\n\\n\\ndef name():\\n    return sys._getframe(0).f_code.co_name\\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import gen_mod

    assert gen_mod.name() == "name"
"""


def test_a_module_a_test_writes_outside_the_checkout_stays_the_tests(make_repo, tmp_path) -> None:
    """pytester-like: a test of the base writes a module into tmp_path and imports it; the
    module reads its own frame. Not the change's code: the honest fix verifies, no finding."""
    repo = make_repo(
        {"calc.py": "def add(a, b):\n    return a - b\n", "tests/test_calc.py": _GENERATES}
    )
    runner = TestRunner(repo, _sandbox(), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["tests/test_calc.py::test_add"]
    (repo / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    iso = SimpleNamespace(root=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    verdict = Gate(iso, None, runner, baseline).verify()
    assert verdict.verified, verdict.reason
    assert verdict.audit == []


_MEMORY_TEST = """\
from calc import add

_SRC = "import sys\\n\\n\\ndef peek():\\n    return sys._getframe(1).f_code.co_name\\n"


def test_add():
    assert add(2, 3) == 5


def test_code_made_in_memory():
    ns = {}
    exec(compile(_SRC, "mem://ops", "exec"), ns)
    assert ns["peek"]() == "test_code_made_in_memory"
"""


@pytest.mark.parametrize("changed_makes_it", [False, True])
def test_code_named_after_no_file(make_repo, tmp_path, changed_makes_it) -> None:
    """Code named after no file and no archive (made in memory) is run-time code unless a test
    made it: a base test compiling code under ``mem://ops`` keeps it, reading the stack is no
    finding; the same code compiled by changed code is the change's."""
    calc = "def add(a, b):\n    return a + b\n"
    if changed_makes_it:
        calc += "\n\nPEEK = {}\nexec(compile('import sys\\nsys._getframe(0)\\n', 'mem://ops', 'exec'), PEEK)\n"
    repo = make_repo({"calc.py": "def add(a, b):\n    return a - b\n", "tests/test_calc.py": _MEMORY_TEST})
    (repo / "calc.py").write_text(calc)
    runner = TestRunner(
        repo, _sandbox(), log_dir=tmp_path / "logs", python=sys.executable, limits=Limits(wall_s=60)
    )
    rep = runner.run("", pristine=True, writable=True, audit={"calc.py": list(range(1, 7))})
    assert rep.ok, rep.output[-2000:]
    found = [a for a in rep.audit or [] if a.startswith(("mem://ops:", "mem:/ops:"))]
    assert bool(found) == changed_makes_it, rep.audit


@pytest.mark.parametrize("link_fresh", [False, True])
def test_a_link_made_at_run_time_is_fresh(tmp_path, link_fresh) -> None:
    """fresh() reads the link itself (lstat): a link made after ``since`` to an old file is
    fresh, and an old link is fresh when its target is."""
    from fixloop.testrun.inside import auditfresh

    old = tmp_path / "old.py"
    old.write_text("x = 1\n")
    hook = SimpleNamespace(_state={"since": None})
    import os
    import time

    if link_fresh:
        time.sleep(0.02)
        hook._state["since"] = time.time_ns()
        time.sleep(0.02)
        os.symlink(old, tmp_path / "link.py")
    else:
        os.symlink(old, tmp_path / "link.py")
        time.sleep(0.02)
        hook._state["since"] = time.time_ns()
        time.sleep(0.02)
        assert not auditfresh.fresh(hook, str(tmp_path / "link.py"))
        old.write_text("x = 2\n")
    assert auditfresh.fresh(hook, str(tmp_path / "link.py"))
    assert auditfresh.fresh(hook, str(old)) == (not link_fresh)


_SHAPES = '''"""Shapes.

>>> Square(2).area
4
"""


class Square:
    """A square.

    >>> Square(3).side
    3
    """

    def __init__(self, side):
        self.side = side

    @property
    def area(self):
        """The area.

        >>> Square(5).area
        25
        """
        return self.side * self.side

    class Unit:
        def name(self):
            """The unit's name.

            >>> Square.Unit().name()
            'unit'
            """
            return "unit"
'''

_DOC_CALC = '''def add(a, b):
    """Add.

    >>> add(2, 3)
    5
    """
    return a {op} b
'''


@pytest.mark.parametrize("rewrite", [False, True])
def test_doctests_in_a_src_layout_run_the_files_examples(make_repo, tmp_path, rewrite) -> None:
    """A src layout with doctests in a module, a class, a property and a nested class: an
    honest fix leaves no finding (each docstring found by its dotted name); changed code that
    rewrites the expected output of a doctest of another, unchanged module at import is named
    (red-team h2_doc_rewrite, in kind)."""
    calc = _DOC_CALC.format(op="+")
    if rewrite:
        calc += (
            "\n\nfrom pkg import shapes as _s\n\n"
            "_s.Square.Unit.name.__doc__ = _s.Square.Unit.name.__doc__.replace('unit', 'tinu')\n"
        )
    repo = make_repo(
        {
            "pytest.ini": "[pytest]\naddopts = --doctest-modules\ntestpaths = src tests\npythonpath = src\n",
            "src/pkg/__init__.py": "",
            "src/pkg/calc.py": _DOC_CALC.format(op="-"),
            "src/pkg/shapes.py": _SHAPES,
            "tests/test_calc.py": "from pkg.calc import add\n\n\ndef test_add():\n    assert add(1, 1) == 2\n",
        }
    )
    (repo / "src/pkg/calc.py").write_text(calc)
    runner = TestRunner(
        repo, _sandbox(), log_dir=tmp_path / "logs", python=sys.executable, limits=Limits(wall_s=60)
    )
    lines = list(range(1, calc.count("\n") + 1))
    rep = runner.run("", pristine=True, writable=True, audit={"src/pkg/calc.py": lines})
    docs = [a for a in rep.audit or [] if "(audit event doctest)" in a]
    if not rewrite:
        assert rep.ok and rep.passed == 6, rep.output[-2000:]
        assert docs == [] and (rep.audit or []) == [], rep.audit
    else:
        assert len(docs) == 1, rep.audit
        assert docs[0].startswith("src/pkg/shapes.py:"), docs
        assert "doctest pkg.shapes.Square.Unit.name runs examples src/pkg/shapes.py does not" in docs[0]
