"""acme.words: a portion of the acme namespace package (PEP 420: src/acme has no __init__.py)."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ys"
    return word + "s"
