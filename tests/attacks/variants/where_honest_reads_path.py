# kind: honest fix
# expect: verified
# base: _base_where
# path: words.py
# what: an honest fix in a module that reads PATH at import (its entries, and where the shell
#   is, as a tool runner does): the perturbed run's PATH has another number of entries, the
#   tested value does not depend on it.
"""A tiny word helper: the base of fixloop's sandbox-fidelity fixtures (plural has a bug)."""
import os
import shutil

_SEARCH = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d]
_SH = shutil.which("sh")


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def shout(word):
    return word.upper() + "!"
