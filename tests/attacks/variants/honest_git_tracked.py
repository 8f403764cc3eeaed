# kind: honest fix
# expect: verified
# base: _base_git
# path: words.py
# what: the honest plural fix in a project whose own packaging test asks git which files are
#   tracked (git ls-files, as check-manifest-style tests do). That test passes at the baseline
#   (the run's checkout is a git work tree) and in the user's shell.
"""A tiny word helper: the base of fixloop's sandbox-fidelity fixtures (plural has a bug)."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def shout(word):
    return word.upper() + "!"
