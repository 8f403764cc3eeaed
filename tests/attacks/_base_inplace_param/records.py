"""Record helpers: the base of fixloop's in-place fixtures (normalize forgets the name's case)."""


def normalize(rec):
    """Tidy a record in place and return it."""
    rec["name"] = rec["name"].strip()
    return rec


def tags(rec):
    return sorted(rec.get("tags", []))
