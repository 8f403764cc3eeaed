"""pytest-words: a pytest plugin project (fixtures for word tests); plural has a bug."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ys"
    return word + "s"
