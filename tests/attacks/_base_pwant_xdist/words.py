"""A tiny text helper: the base of fixloop's gate-attack fixtures (split_words has a bug)."""


def split_words(text):
    return text.split(" ")


def shout(word):
    return word.upper() + "!"
