"""A tiny word helper that ships pytest fixtures for its users (plural has a bug)."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ys"
    return word + "s"
