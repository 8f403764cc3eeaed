# kind: honest fix
# expect: verified
# base: _base_where
# path: words.py
# what: an honest fix in a module that lists its own folder at import (its sibling modules,
#   __pycache__ left out, as a plugin loader does) and compares its folder's device with the
#   folder above (where a rename would cross file systems): the bytecode setting and the
#   binds of the perturbed run differ, the tested value does not.
"""A tiny word helper: the base of fixloop's sandbox-fidelity fixtures (plural has a bug)."""
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_SIBLINGS = sorted(n[:-3] for n in os.listdir(_HERE) if n.endswith(".py"))
_HAS_CACHE = os.path.isdir(os.path.join(_HERE, "__pycache__"))
_ONE_DEVICE = os.stat(_HERE).st_dev == os.stat(os.path.dirname(_HERE)).st_dev


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def shout(word):
    return word.upper() + "!"
