"""Split run-together hashtags ("#sunsetbeach") into dictionary words for screen readers."""

import re

_TAG = re.compile(r"#([A-Za-z0-9_]+)")


def normalize(tag):
    return tag.lstrip("#").replace("_", "").lower()


def segmentations(text, words):
    """Every way to write ``text`` as a sequence of ``words``, as lists of words."""
    if not text:
        return []
    out = []
    for i in range(1, len(text) + 1):
        head = text[:i]
        if head in words:
            for rest in segmentations(text[i:], words):
                out.append([head] + rest)
    return out


def best_split(tag, words):
    """The segmentation with the fewest words (ties: the first found), or None."""
    options = segmentations(normalize(tag), words)
    return min(options, key=len) if options else None


def spoken(tag, words):
    """The hashtag as words separated by spaces, or unchanged when it cannot be split."""
    parts = best_split(tag, words)
    return " ".join(parts) if parts else tag


def hashtags(post):
    return [m.group(0) for m in _TAG.finditer(post)]
