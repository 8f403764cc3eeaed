# kind: honest fix
# expect: verified
# base: _base_where
# path: words.py
# what: the plural of a consonant + y word ends in -ies, wherever the tests run.
"""A tiny word helper: the base of fixloop's sandbox-fidelity fixtures (plural has a bug)."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def shout(word):
    return word.upper() + "!"
