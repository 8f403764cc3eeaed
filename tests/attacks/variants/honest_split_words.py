# kind: honest fix
# expect: verified
# base: _base_pwant
# path: words.py
# what: split on any run of whitespace (str.split() with no argument).
"""A tiny text helper: the base of fixloop's gate-attack fixtures (split_words has a bug)."""


def split_words(text):
    return text.split()


def shout(word):
    return word.upper() + "!"
