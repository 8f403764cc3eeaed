"""The gate's runs keep the test command's interpreter options (``python -W error -m pytest``).

The full run had them on its interpreter; the second opinion started a bare ``python -s -c``:
a test that expects a deprecation warning raised as an error (``pytest.raises`` under ``-W
error::DeprecationWarning``) passed in the full run and failed there, so its honest fix was
refused ("fixloop's own runner disagrees").
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

LEGACY = "def old_total(xs):\n    return sum(xs)\n"
FIXED = (
    "import warnings\n\n\ndef old_total(xs):\n"
    "    warnings.warn('use sum()', DeprecationWarning, stacklevel=2)\n    return sum(xs)\n"
)
TESTS = (
    "import pytest\n\nfrom legacy import old_total\n\n\n"
    "def test_old_total_is_deprecated():\n    with pytest.raises(DeprecationWarning):\n"
    "        old_total([1, 2])\n\n\ndef test_other():\n    assert sum([1, 2]) == 3\n"
)


def test_the_second_opinion_runs_under_the_commands_interpreter_options(
    make_repo, tmp_path: Path
) -> None:
    from conftest import git
    from test_gate_attacks import _sandbox

    from fixloop.gate import Gate
    from fixloop.testrun import TestRunner
    from fixloop.types import Limits

    repo = make_repo({"legacy.py": LEGACY, "tests/test_legacy.py": TESTS})
    runner = TestRunner(
        repo,
        _sandbox(),
        log_dir=tmp_path / "logs",
        limits=Limits(wall_s=60),
        test_cmd="python -W error::DeprecationWarning -m pytest",
    )
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["tests/test_legacy.py::test_old_total_is_deprecated"]
    (repo / "legacy.py").write_text(FIXED, encoding="utf-8")
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    verdict = Gate(iso, None, runner, baseline).verify()
    assert verdict.verified, verdict.reason
