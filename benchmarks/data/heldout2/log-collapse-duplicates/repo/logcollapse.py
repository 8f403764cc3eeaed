"""Collapse repeated log messages that differ only in timestamps, ids and spacing."""

import re

_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?Z?\s*")
_HEX_ID = re.compile(r"\b0x[0-9a-f]+\b|\b[0-9a-f]{8,}\b")
_SPACES = re.compile(r"\s+")


def signature(line):
    """The part of a log line that identifies its message."""
    text = _STAMP.sub("", line.strip())
    text = _HEX_ID.sub("<id>", text)
    return _SPACES.sub(" ", text).lower()


def collapse(lines):
    """Keep the first line of each message; return (kept lines, number suppressed)."""
    seen = set()
    kept = []
    suppressed = 0
    for line in lines:
        if not line.strip():
            continue
        key = signature(line)
        if key in seen:
            suppressed += 1
            continue
        kept.append(line)
    return kept, suppressed


def summary(lines):
    kept, suppressed = collapse(lines)
    return f"{len(kept)} distinct, {suppressed} repeated"
