"""A helpdesk inbox triage: urgent tickets first, urgency read from the subject line."""

import re

URGENT = re.compile(r"^(urgent|asap|outage)\b", re.IGNORECASE)
TICKET_ID = re.compile(r"#(\d+)")


def is_urgent(subject):
    """True when the subject has one of the urgent words (whole words, any case)."""
    return URGENT.search(subject) is not None


def ticket_ids(subject):
    """The ticket numbers (``#123``) a subject refers to."""
    return [int(n) for n in TICKET_ID.findall(subject)]


def triage(subjects):
    """The subjects, urgent ones first, each group in arrival order."""
    urgent = [s for s in subjects if is_urgent(s)]
    rest = [s for s in subjects if not is_urgent(s)]
    return urgent + rest
