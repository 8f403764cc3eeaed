"""Word tools: the base of fixloop's result-object fixtures (words drops the last word)."""


def words(text):
    return text.split(" ")[:-1]


def longest(text):
    return max(words(text), key=len, default="")
