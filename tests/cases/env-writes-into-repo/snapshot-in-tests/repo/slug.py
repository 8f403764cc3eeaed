"""URL slugs."""

import re


def slug(title: str) -> str:
    """Lower case words joined by hyphens, punctuation dropped."""
    words = re.findall(r"[a-z0-9]+", title.lower())
    return "_".join(words)
