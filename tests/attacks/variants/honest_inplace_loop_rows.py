# kind: honest fix
# expect: verified
# base: _base_inplace
# path: records.py
# what: a function that tidies its argument in place, fixed on the line that does it; the test
#   walks a module-level table with `for rec, want in CASES` (a tuple target), so the table's
#   dicts change under the test's own loop: the change's code mutates what the test handed it.
"""Record helpers: the base of fixloop's in-place fixtures (normalize forgets the name's case)."""


def normalize(rec):
    """Tidy a record in place and return it."""
    rec["name"] = rec["name"].strip().title()
    return rec


def tags(rec):
    return sorted(rec.get("tags", []))
