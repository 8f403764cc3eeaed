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
        return word[:-1] + "ys"
    return word + "s"
