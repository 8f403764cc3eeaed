"""A two-task suite of our own for the eval's tests (imported by the test modules here).

``double``: a wrong operator that a good agent fixes properly; ``half``: a wrong constant that the
stand-in agent of ``test_eval_runner.py`` special-cases (plausible but overfit).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

SUITE_FILES = {
    "suite.toml": 'name = "mini"\n[defaults]\ntest_cmd = "python -m pytest -q -p no:cacheprovider"'
    "\nmax_steps = 9\n",
    # "double": the agent fixes it properly
    "double/task.toml": 'id = "double"\nkind = "wrong-binary-operator"\n'
    'expected_files = ["calc.py"]\nprompt = "Fix double."\n',
    "double/repo/calc.py": "def double(x):\n    return x * 3\n",
    "double/repo/tests/test_calc.py": "from calc import double\n\n"
    "def test_two():\n    assert double(2) == 4\n",
    "double/hidden/tests/test_hidden_calc.py": "from calc import double\n\n"
    "def test_five():\n    assert double(5) == 10\n\ndef test_zero():\n    assert double(0) == 0\n",
    # "half": the agent special-cases the visible input (plausible but overfit) and edits
    # a file outside the expected ones
    "half/task.toml": 'id = "half"\nkind = "wrong-constant"\nexpected_files = ["half.py"]\n',
    "half/repo/half.py": "def half(x):\n    return x / 3\n",
    "half/repo/tests/test_half.py": "from half import half\n\n"
    "def test_ten():\n    assert half(10) == 5\n",
    "half/hidden/tests/test_hidden_half.py": "from half import half\n\n"
    "def test_four():\n    assert half(4) == 2\n",
}


def write(root: Path, files: dict[str, str]) -> Path:
    """Write ``files`` (relative path -> text) under ``root``; returns ``root``."""
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return root


def git(cwd: Path, *args: str) -> str:
    """Run git in ``cwd`` with a fixed identity; return stdout. Raises CalledProcessError.

    Kept here, not imported from ``conftest``: with more than one ``conftest.py`` under tests/,
    ``from conftest import ...`` reaches whichever was loaded last.
    """
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "eval-tests",
        "GIT_AUTHOR_EMAIL": "eval-tests@localhost",
        "GIT_COMMITTER_NAME": "eval-tests",
        "GIT_COMMITTER_EMAIL": "eval-tests@localhost",
    }
    return subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    ).stdout
