"""Ticket references (PROJ-123) in commit messages, collected for the release notes."""

import re

TICKET = re.compile(r"^([A-Z][A-Z0-9]+)-([0-9]+)")


def tickets(message):
    """References in order of first appearance, without repeats ("WEB-007" is "WEB-7")."""
    out = []
    for project, number in TICKET.findall(message):
        ref = f"{project}-{int(number)}"
        if ref not in out:
            out.append(ref)
    return out


def by_project(messages):
    """Project key -> sorted ticket numbers mentioned in ``messages``."""
    found = {}
    for message in messages:
        for ref in tickets(message):
            project, number = ref.rsplit("-", 1)
            found.setdefault(project, set()).add(int(number))
    return {project: sorted(numbers) for project, numbers in sorted(found.items())}


def release_note(message):
    subject = message.strip().splitlines()[0] if message.strip() else ""
    refs = tickets(message)
    return f"- {subject} ({', '.join(refs)})" if refs else f"- {subject}"
