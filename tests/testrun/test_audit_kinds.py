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


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("rt_builtins_all", "replaced builtins.all of the built-ins with bool"),
        ("rt_doctest_checker_slice", "replaced doctest.OutputChecker.check_output"),
        ("rt_unittest_assert_slice", "replaced unittest.case.TestCase.assertEqual"),
        ("rt_stdlib_reader_partial", "replaced json.load of the standard library"),
        ("rt_library_nocode_reader", "replaced yaml.safe_load of an installed library"),
    ],
)
def test_a_library_attribute_replaced_without_code_is_refused(
    tmp_path: Path, name: str, words: str
) -> None:
    """Verified before (scan-clean, pytest fooled): the watch looked only for changed code."""
    verdict = _gate_verdict(tmp_path, name, static=True)
    assert not verdict.verified
    assert words in verdict.reason, verdict.reason


def test_the_identity_watch_judges_values_not_names() -> None:
    """A built-in, a partial, a class of the repository are foreign; library code is not."""
    import functools
    import json
    from types import SimpleNamespace

    from fixloop.testrun.inside import auditids

    hook = SimpleNamespace(
        _rel=lambda fn: None,
        _is_test_path=lambda rel: False,
        _generated=lambda fn: False,
        _fresh=SimpleNamespace(is_runtime=lambda h, code: False),
    )
    assert auditids.foreign(hook, bool) is None  # a built-in type: no location
    assert auditids.foreign(hook, functools.partial(json.load, parse_int="".count)) is None
    assert auditids.foreign(hook, json.JSONDecoder) is False  # a library's class
    assert auditids.foreign(hook, json.dumps) is False  # a library's function
    assert auditids.foreign(hook, object()) is False  # a mock, a lazy attribute resolved


def test_a_changed_open_line_writing_the_tests_output_verifies(tmp_path: Path) -> None:
    """Refused before: "report.py:8: changed tests/golden/out.json, a test file of the checkout".

    The baseline's run wrote the same committed file (the test asks the code to), so the
    recorded baseline's ``data_written`` makes it an output, not protected test data.
    """
    verdict = _gate_verdict(tmp_path, "honest_writer_mode_fix", static=True)
    assert verdict.verified, verdict.reason


def test_the_projects_unchanged_library_set_up_is_not_the_changes(
    make_repo, tmp_path: Path
) -> None:
    """A module that sets a library up at import (an attribute replaced by a partial, kept as
    it was) and a fix elsewhere in it: refused before ("replaced json.load of the standard
    library"), though the change stores nothing (auditids._change_stores)."""
    from types import SimpleNamespace

    from conftest import git
    from test_gate_attacks import _sandbox

    from fixloop.gate import Gate
    from fixloop.testrun import TestRunner
    from fixloop.types import Limits

    calc = (
        "import functools\nimport json\n\njson.load = functools.partial(json.load, "
        "parse_float=float)  # the project's set-up\n\n\ndef add(a, b):\n    return a - b\n"
    )
    tests = (
        "import io\nimport json\n\nfrom calc import add\n\n\ndef test_add():\n"
        "    assert add(2, 3) == 5\n\n\ndef test_load():\n"
        "    assert json.load(io.StringIO('{\"a\": 1.5}')) == {'a': 1.5}\n"
    )
    repo = make_repo({"calc.py": calc, "tests/test_calc.py": tests})
    runner = TestRunner(repo, _sandbox(), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["tests/test_calc.py::test_add"]
    (repo / "calc.py").write_text(calc.replace("a - b", "a + b"))
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    verdict = Gate(iso, None, runner, baseline).verify()
    assert verdict.verified, verdict.reason
