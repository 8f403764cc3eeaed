"""Tags of articles: a key for matching and a label for display."""

import re
import unicodedata


def clean(tag, *, lowercase=True):
    """Trim, collapse inner blanks to one space, strip accents; lowercase unless asked not to."""
    tag = unicodedata.normalize("NFKD", tag)
    tag = "".join(ch for ch in tag if not unicodedata.combining(ch))
    tag = re.sub(r"\s+", " ", tag).strip()
    return tag.lower() if lowercase else tag


def tag_key(tag):
    """The key two spellings of one tag share."""
    return clean(tag).replace(" ", "-")


def tag_label(tag):
    """The tag as shown to readers: cleaned, but in the author's case."""
    return clean(tag)


def merge_tags(tags):
    """One label per key, the first spelling kept, in first-seen order."""
    labels = {}
    for tag in tags:
        labels.setdefault(tag_key(tag), tag_label(tag))
    return list(labels.values())
