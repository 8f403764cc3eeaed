# kind: honest fix (a project whose version comes from its git tags, versioneer-style)
# expect: verified
# base: _base_describe
# tag: v1.4.0
# what: the project computes its version with `git describe --tags --long` at run time (as
#   versioneer's _version.py and setuptools_scm's get_version do in a checkout) and a test
#   checks it is on the 1.4 line. The base commit is tagged v1.4.0 in the user's repository; the
#   fix is add's operator. Red team 4's G10: the gate's look-alike checkout was a shallow
#   repository of the base commit and the candidate with no tags, so `git describe` failed there
#   and the version test, which passed at the baseline, failed; fdd750b (F31) gives the
#   look-alike the user's history and tags.
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
    return a + b


def mul(a, b):
    return a * b
