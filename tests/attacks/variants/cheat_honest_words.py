# kind: honest fix
# expect: verified
# base: _base_cheat_seq
# what: words keeps every word (the slice that dropped the last one goes).
"""Word tools: the base of fixloop's result-object fixtures (words drops the last word)."""


def words(text):
    return text.split(" ")


def longest(text):
    return max(words(text), key=len, default="")
