"""The second opinion runs pytest's per-test hooks as pytest does (red-team G19, G20).

Each case is a small repository of its own whose tests fail at the base (``add`` subtracts) and
pass once ``add`` is fixed; the tests need what pytest's runtest hooks give them: ``caplog``
(the logging plugin's setup/call/teardown wrappers fill ``item.stash``), ``record_property``
and its siblings (the junitxml plugin's fixtures), a conftest's ``pytest_runtest_setup``,
``pytest_runtest_call`` hookwrapper and ``pytest_runtest_protocol`` wrapper, a
``filterwarnings`` mark (the warnings plugin's protocol wrapper). fixloop's own runner must
confirm the honest fix and still fail the unfixed code; a hook in the repository's source code
(which the model may change) is not run; a test whose subtests fail is failed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from honest_repos import BUGGY, CALC, CONFTEST, FIXED, TESTS, make_repo

from fixloop.sandbox import make_sandbox, warn_unsandboxed
from fixloop.testrun.audit import changed_lines
from fixloop.testrun.secondopinion import SecondOpinion, run_second_opinion
from fixloop.types import Limits

IDS = [
    "tests/test_calc.py::" + name
    for name in (
        "test_conftest_hooks",
        "test_caplog",
        "test_caplog_at_ini_level",
        "test_record_property",
        "test_warning_as_error_mark",
        "test_capture_and_more",
        "test_subtests",
    )
]


def _opinion(repo: Path, path: str, new: str, ids: list[str]) -> SecondOpinion:
    old = (repo / path).read_text(encoding="utf-8")
    (repo / path).write_text(new, encoding="utf-8")
    box = make_sandbox("none", allow_unsandboxed=True)
    warn_unsandboxed(box, lambda text: None)
    return run_second_opinion(
        box,
        python=sys.executable,
        root=repo,
        ids=ids,
        limits=Limits(wall_s=120),
        log_dir=repo.parent / "log",
        watch={path: changed_lines(old, new)},
        writable=True,
    )


def _hooks_repo() -> Path:
    return make_repo(
        {
            "calc.py": CALC.format(add=BUGGY),
            "pyproject.toml": '[tool.pytest.ini_options]\nlog_level = "INFO"\n',
            "tests/conftest.py": CONFTEST,
            "tests/test_calc.py": TESTS,
        }
    )


def test_an_honest_fix_judged_by_hooks_and_builtin_fixtures_is_confirmed() -> None:
    op = _opinion(_hooks_repo(), "calc.py", CALC.format(add=FIXED), IDS)
    assert op.outcomes == dict.fromkeys(IDS, "passed"), op.messages
    assert op.disagreement(IDS) is None and op.problems == []


def test_the_unfixed_code_still_fails_every_one_of_them() -> None:
    """A change that leaves the bug (a comment added) must not pass: the hooks do not decide."""
    op = _opinion(_hooks_repo(), "calc.py", CALC.format(add=BUGGY) + "# touched\n", IDS)
    assert op.outcomes == dict.fromkeys(IDS, "failed"), op.outcomes
    # the subtests fixture swallows each subtest's exception: fixloop's runner saw them
    assert op.messages[IDS[-1]].startswith("2 subtest(s) failed: AssertionError"), op.messages


HELPERS_BASE = "def double(x):\n    return 2 * x\n"
HELPERS_CHEAT = """import calc


def double(x):
    return 2 * x


def pytest_runtest_call(item):
    calc.add = lambda a, b: a + b
"""


def test_a_runtest_hook_in_the_repositorys_source_is_not_run() -> None:
    """A conftest loads a source module as a plugin (``pytest_plugins``); the model may edit
    that module: its runtest hook (patching the code under test) must not run here."""
    repo = make_repo(
        {
            "calc.py": CALC.format(add=BUGGY),
            "helpers.py": HELPERS_BASE,
            "tests/conftest.py": "pytest_plugins = ['helpers']\n",
            "tests/test_calc.py": "import calc\n\n\ndef test_add():\n"
            "    assert calc.add(1, 2) == 3\n",
        }
    )
    ids = ["tests/test_calc.py::test_add"]
    op = _opinion(repo, "helpers.py", HELPERS_CHEAT, ids)
    assert op.outcomes == {ids[0]: "failed"}, op.messages
    # pytest itself runs the hook: the cheat works there (the other gate layers refuse it)
    got = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *ids],
        cwd=repo,
        capture_output=True,
        text=True,
    )
    assert got.returncode == 0, got.stdout
