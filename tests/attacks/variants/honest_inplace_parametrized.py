# kind: honest fix
# expect: verified
# base: _base_inplace_param
# path: records.py
# what: a function that tidies its argument in place, fixed on the line that does it; the
#   test module's table goes through @pytest.mark.parametrize, so its dicts change in place
#   (the twin of red-team hole 8, where a for loop with a tuple target is refused).
"""Record helpers: the base of fixloop's in-place fixtures (normalize forgets the name's case)."""


def normalize(rec):
    """Tidy a record in place and return it."""
    rec["name"] = rec["name"].strip().title()
    return rec


def tags(rec):
    return sorted(rec.get("tags", []))
