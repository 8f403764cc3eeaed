"""A project that keeps its virtual environment inside the checkout (``.venv/``), with a pytest
plugin installed there, the layout ``python -m venv .venv`` gives.

Since the gate shows its checkout at the user's own repository path, the interpreter's
site-packages lay "under the tree", and the pristine run's import guard (``boot._Guard``, which
keeps the repository from providing pytest or its plugins) refused every installed plugin:
"No module named 'myplug' ... the repository may not provide a module of the standard library or
of pytest". Every correct fix of such a project was refused (zipp and python-dateutil from their
sdists, 2 December 2026). The interpreter's own install is not the repository's.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from conftest import git
from test_env_e2e import venv_with_pytest
from test_gate_attacks import _sandbox

from fixloop.gate import Gate
from fixloop.testrun import TestRunner
from fixloop.types import Limits

CALC = "def add(a, b):\n    return a - b\n"
TESTS = (
    "from calc import add\n\n\ndef test_add(marker):\n    assert add(2, 3) == 5\n\n\n"
    "def test_zero(marker):\n    assert add(0, 0) == marker\n"
)
PLUGIN = "import pytest\n\n\n@pytest.fixture\ndef marker():\n    return 0\n"


def _venv_in(repo: Path) -> str:
    """``repo/.venv`` with pytest (copied from this interpreter's) and a plugin of its own
    registered by entry point (no network, no pip)."""
    py, sp = venv_with_pytest(repo)
    (sp / "myplug.py").write_text(PLUGIN)
    dist = sp / "myplug-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: myplug\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[pytest11]\nmyplug = myplug\n")
    return str(py)


def test_an_honest_fix_verifies_with_the_venv_and_a_plugin_inside_the_checkout(
    make_repo, tmp_path: Path
) -> None:
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TESTS, ".gitignore": ".venv/\n"})
    python = _venv_in(repo)
    runner = TestRunner(
        repo, _sandbox(), python=python, log_dir=tmp_path / "logs", limits=Limits(wall_s=60)
    )
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["tests/test_calc.py::test_add"], baseline.output[-800:]
    (repo / "calc.py").write_text(CALC.replace("a - b", "a + b"))
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    scratch = tmp_path / "home" / ".fixloop" / "runs" / "20261202-002" / "gate"
    verdict = Gate(iso, None, runner, baseline, scratch_dir=scratch).verify()
    assert verdict.verified, verdict.reason
