"""The project's packaging check: every module of the package is under version control."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_module_is_tracked():
    listed = subprocess.run(
        ["git", "ls-files", "--", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    here = sorted(n for n in os.listdir(ROOT) if n.endswith(".py"))
    assert set(here) <= set(listed)
