"""A tiny word helper that ships a testing toolkit (words.testing); plural has a bug."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ys"
    return word + "s"
