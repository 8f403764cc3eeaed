# kind: honest fix
# expect: verified
# base: _base_pcache
# path: words.py
# what: the honest plural fix in a project whose conftest keeps a table in pytest's own cache
#   (request.config.cache, pytest's cacheprovider plugin, on by default). Every run of fixloop
#   (the baseline, the gate's runs, the second opinion) passes -p no:cacheprovider, so
#   config.cache does not exist there and the fixture's test errors in every run, fixed or
#   not; in the user's shell the suite passes.
"""A tiny word helper: the base of fixloop's sandbox-fidelity fixtures (plural has a bug)."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def shout(word):
    return word.upper() + "!"
