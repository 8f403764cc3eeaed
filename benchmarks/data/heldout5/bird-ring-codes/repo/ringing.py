"""Bird ringing station: ring codes in field notes, recaptures and ring series."""

import re


def rings(note):
    """Ring codes in a field note, in order: two capitals then 4 to 6 digits ('AB12345')."""
    return re.findall(r"\b[A-Z]{2}\d{4}\b", note)


def recaptures(notes):
    """Ring code -> number of notes naming it, for codes named in more than one note."""
    counts = {}
    for note in notes:
        for code in set(rings(note)):
            counts[code] = counts.get(code, 0) + 1
    return {code: n for code, n in sorted(counts.items()) if n > 1}


def series(code, issued):
    """The species a ring series was issued for, from prefix -> species ('unknown' if none)."""
    return issued.get(code[:2], "unknown")


def ringed_today(notes, issued):
    """Species -> rings named in the day's notes, each ring once, species sorted."""
    out = {}
    for code in sorted({c for note in notes for c in rings(note)}):
        out.setdefault(series(code, issued), []).append(code)
    return dict(sorted(out.items()))
