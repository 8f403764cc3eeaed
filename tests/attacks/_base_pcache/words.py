"""A tiny word helper: the base of fixloop's sandbox-fidelity fixtures (plural has a bug)."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ys"
    return word + "s"


def shout(word):
    return word.upper() + "!"
