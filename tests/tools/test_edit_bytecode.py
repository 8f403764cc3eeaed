"""Edits and bytecode caches: a same-size edit within one second must not reuse a stale .pyc.

The sandbox no longer sets PYTHONDONTWRITEBYTECODE (a tell code under test could read), so test
runs write ``__pycache__`` in the run tree; CPython trusts a cached ``.pyc`` whose recorded
source size and whole-second mtime match the source file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from fixloop.tools import Tools
from tools.support import edit


def test_a_same_size_edit_moves_the_mtime_past_the_old_second(tools: Tools, repo: Path) -> None:
    src = repo / "calc.py"
    before = os.stat(src).st_mtime_ns // 10**9
    r = edit(tools, "calc.py", "return a - b", "return a + b")
    assert not r.is_error
    assert os.stat(src).st_mtime_ns // 10**9 > before


def test_python_runs_the_edited_code_after_a_cached_run(tools: Tools, repo: Path) -> None:
    code = "import calc; print(calc.add(2, 3))"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def run() -> str:
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=repo, env=env, capture_output=True, text=True
        )
        return out.stdout.strip()

    assert run() == "-1"
    assert list((repo / "__pycache__").glob("calc.*.pyc"))  # the cache a stale read would use
    edit(tools, "calc.py", "return a - b", "return a + b")  # same size, same second
    assert run() == "5"
