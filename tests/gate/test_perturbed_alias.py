"""The perturbed run's checkout is also shown at the user's checkout path (realproj2 F21).

On babel (``pip install -e .``), a test spawns ``python setup.py ...``: the child imports the
project through the editable install's finder, which names the user's checkout path. The gate's
first runs show their checkout there and passed; the perturbed run, at another path, showed
nothing there and the child failed "No module named 'babel'": an honest fix refused as
"depends on where and how the tests run". Now the perturbed run's checkout is bound at the
user's path too (bwrap), while its tests still run at the other path. Own fixture: the path the
install recorded is a committed file, the child imports through ``PYTHONPATH``.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from conftest import git
from test_fidelity import _box

from fixloop.gate import Gate
from fixloop.testrun import TestRunner
from fixloop.types import Limits

WORDS = '''"""Words."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + {ending}
    return word + "s"
'''

TESTS = """import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def test_a_child_imports_the_installed_project():
    with open(os.path.join(HERE, "installed.txt"), encoding="utf-8") as fh:
        where = fh.read().strip()  # what an editable install's finder maps the package to
    child = subprocess.run(
        [sys.executable, "-c", "import words; print(words.plural('city'))"],
        cwd="/",
        env={"PYTHONPATH": where},
        capture_output=True,
        text=True,
    )
    assert child.stdout.strip() == "cities", child.stderr
"""


def test_a_child_interpreter_importing_through_the_users_path_verifies(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "words.py").write_text(WORDS.format(ending='"ys"'), encoding="utf-8")
    (repo / "tests" / "test_child.py").write_text(TESTS, encoding="utf-8")
    (repo / "tests" / "installed.txt").write_text(f"{repo}\n", encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    runner = TestRunner(repo, _box("bwrap"), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == [
        "tests/test_child.py::test_a_child_imports_the_installed_project"
    ]
    (repo / "words.py").write_text(WORDS.format(ending='"ies"'), encoding="utf-8")
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    verdict = Gate(iso, None, runner, baseline, scratch_dir=tmp_path / "gate", repeats=2).verify()
    assert verdict.verified, verdict.reason
    assert (repo / "words.py").read_text(encoding="utf-8") == WORDS.format(ending='"ies"')
