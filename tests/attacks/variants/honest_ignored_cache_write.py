# kind: honest fix
# expect: verified
# base: _base_ignored
# path: words.py
# what: the honest plural fix in a project that keeps a git-ignored cache file in its checkout
#   (plural_cache.json, present in the user's checkout) and rewrites it on each call. runtree
#   copied ignored files into the run's worktree and the gate's checkouts read-only (0444), so
#   the write failed there (PermissionError) and `fixloop fix` stopped with an environment
#   problem (red team 3 F15; d14e8ae keeps the checkout's mode). The gate alone (this
#   benchmark) brings no ignored files; .scratch-style CLI runs (`fixloop fix`) are what show it.
"""A tiny word helper that counts its calls in a local, git-ignored cache file (plural has a bug)."""
import json
import os

CACHE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plural_cache.json")


def _count():
    hits = 0
    if os.path.exists(CACHE):
        with open(CACHE, encoding="utf-8") as fh:
            hits = json.load(fh).get("hits", 0)
    with open(CACHE, "w", encoding="utf-8") as fh:
        json.dump({"hits": hits + 1}, fh)


def plural(word):
    _count()
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
