"""A tiny calculator whose version comes from git, as versioneer's _version.py does in a checkout
(the base of a fixloop gate fixture: add has a bug)."""
import os
import subprocess

_HERE = os.path.dirname(os.path.abspath(__file__))


def version():
    """PEP 440 version from ``git describe --tags --long`` (v1.4.0-3-gabc1234 -> 1.4.0.post3)."""
    cp = subprocess.run(
        ["git", "describe", "--tags", "--long", "--match", "v*"],
        cwd=_HERE, capture_output=True, text=True, check=False,
    )
    if cp.returncode != 0:
        return "0+unknown"
    tag, distance, _sha = cp.stdout.strip().rsplit("-", 2)
    return tag[1:] + (f".post{distance}" if distance != "0" else "")


def add(a, b):
    return a - b


def mul(a, b):
    return a * b
