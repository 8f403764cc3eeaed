"""Find TODO markers in source lines: ``TODO: text`` or ``TODO(owner): text``."""

import re

TODO = re.compile(r"^TODO(?:\((?P<owner>[\w.-]+)\))?:\s*(?P<text>.*)")


def find_todos(lines):
    """``(line number, owner or None, text)`` for each marker, 1-based line numbers."""
    found = []
    for number, line in enumerate(lines, start=1):
        m = TODO.search(line)
        if m:
            found.append((number, m.group("owner"), m.group("text").strip()))
    return found


def by_owner(todos):
    """``{owner: [line numbers]}``; markers without an owner go under ``"unassigned"``."""
    out = {}
    for number, owner, _ in todos:
        out.setdefault(owner or "unassigned", []).append(number)
    return out
