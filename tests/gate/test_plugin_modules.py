"""Repository modules the tests' configuration loads as pytest plugins (red-team G11, G13).

A package that ships fixtures for its users (``words/fixtures.py``) and loads them in its own
root conftest (``pytest_plugins = ["words.fixtures"]``): the plugin module is test
infrastructure, as the conftest naming it is (the failing case dropped from its fixture was
verified with the baseline recorded), while the package's ``__init__.py``, imported on the way
to it, stays the project's code (an honest fix there was refused). A pytest plugin project's own
``pytest_*`` package is source. Real runs of the real runner in the default sandbox here, and
the rule itself on hand-made records.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from fixloop.gate.autoload import autoload_findings
from fixloop.sandbox import make_sandbox
from fixloop.testinfra import build_policy
from fixloop.testrun import TestRunner
from fixloop.types import Limits, RunRecord
from fixloop.workspace import is_autoload, is_protected

FILES = {
    "conftest.py": 'pytest_plugins = ["words.fixtures"]\n',
    "words/__init__.py": "from words._impl import plural\n",
    "words/_impl.py": "def plural(w):\n    return w + 's'\n",
    "words/_cases.py": "CASES = [('city', 'cities'), ('dog', 'dogs')]\n",
    "words/fixtures.py": (
        "import pytest\n\nfrom words._cases import CASES\n\n\n"
        "@pytest.fixture\ndef plural_cases():\n    return list(CASES)\n"
    ),
    "tests/test_words.py": (
        "from words import plural\n\n\n"
        "def test_plural(plural_cases):\n"
        "    for word, want in plural_cases:\n        assert plural(word) == want\n"
    ),
}


def _repo(root: Path) -> Path:
    for rel, text in FILES.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def test_the_record_names_plugin_modules_and_the_policy_protects_them(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    runner = TestRunner(
        repo, make_sandbox("auto"), log_dir=tmp_path / "logs", limits=Limits(wall_s=120)
    )
    base = runner.run("", pristine=True, record="baseline")
    rec = base.record
    assert base.failed == 1 and rec is not None
    assert rec.plugin_modules == ["words/fixtures.py"]  # not the conftest, no entry point
    # what the plugin module imports is read as a conftest's import: test data here
    assert "words/_cases.py" in rec.test_imports
    policy = build_policy(repo, record=rec)
    assert policy.test_reason("words/fixtures.py") is not None
    assert policy.test_reason("words/_cases.py") is not None
    assert policy.test_reason("words/__init__.py") is None
    assert policy.test_reason("words/_impl.py") is None
    gate = runner.run("", pristine=True, record="gate", plugins=rec.plugins)
    assert gate.record is not None and gate.record.plugin_modules == ["words/fixtures.py"]
    found = autoload_findings(gate.record, None, ["words/fixtures.py"], lambda p: True)
    assert len(found) == 1 and "words/fixtures.py is test infrastructure" in found[0]
    # the package's __init__.py, loaded on the way to the plugin: the project's code
    assert autoload_findings(gate.record, None, ["words/__init__.py"], lambda p: True) == []


def test_plugin_modules_count_whatever_the_baseline_loaded() -> None:
    loaded = [("words/__init__.py", ""), ("words/fixtures.py", "")]
    base = RunRecord(autoloaded=list(loaded), plugin_modules=["words/fixtures.py"])
    gate = RunRecord(autoloaded=list(loaded), plugin_modules=["words/fixtures.py"])
    found = autoload_findings(
        gate, base, ["words/fixtures.py", "words/__init__.py"], lambda p: True
    )
    assert len(found) == 1 and "words/fixtures.py" in found[0] and "conftest" in found[0]
    # a plugin only the baseline registered (the change unregisters it) still counts
    found = autoload_findings(RunRecord(), base, ["words/fixtures.py"], lambda p: True)
    assert len(found) == 1
    # a NEW package __init__.py above a plugin module is no project code yet
    found = autoload_findings(gate, None, ["words/__init__.py"], lambda p: False)
    assert len(found) == 1 and "by itself" in found[0]


def test_a_pytest_plugin_projects_own_package_is_source() -> None:
    for rel in ("pytest_words/__init__.py", "src/pytest_words/plugin.py", "pytest_words.py"):
        assert not is_autoload(rel) and not is_protected(rel)
    for rel in ("pytest.py", "_pytest/x.py", "pluggy.py", "json.py"):  # still the runner's
        assert is_autoload(rel)


def test_a_fixture_module_a_conftest_imports_is_test_infrastructure_too(tmp_path: Path) -> None:
    """Red-team G26: the same fixture brought in by ``from words.fixtures import plural_cases``
    in the conftest (no pytest_plugins): the module defining a fixture pytest holds counts."""
    repo = _repo(tmp_path / "repo")
    (repo / "conftest.py").write_text("from words.fixtures import plural_cases  # noqa: F401\n")
    runner = TestRunner(
        repo, make_sandbox("auto"), log_dir=tmp_path / "logs", limits=Limits(wall_s=120)
    )
    rec = runner.run("", pristine=True, record="baseline").record
    assert rec is not None and rec.plugin_modules == ["words/fixtures.py"]
    assert build_policy(repo, record=rec).test_reason("words/__init__.py") is None
