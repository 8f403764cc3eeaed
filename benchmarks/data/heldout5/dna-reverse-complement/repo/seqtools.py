"""DNA sequence helpers for a teaching lab."""

from functools import reduce

COMPLEMENT = {"A": "T", "T": "A", "G": "C", "C": "G", "N": "N"}


def clean(seq):
    """The bases in capitals, whitespace dropped; any other letter raises ValueError."""
    seq = "".join(seq.split()).upper()
    bad = sorted(set(seq) - set(COMPLEMENT))
    if bad:
        raise ValueError(f"not a base: {bad[0]}")
    return seq


def reverse_complement(seq):
    """The reverse complement of a sequence, read 5' to 3'."""
    return reduce(lambda acc, base: acc + COMPLEMENT[base], clean(seq), "")


def gc_content(seq):
    """The share of G and C among the bases, in percent, to one decimal."""
    seq = clean(seq)
    if not seq:
        return 0.0
    return round(100 * sum(b in "GC" for b in seq) / len(seq), 1)


def is_palindrome(site):
    """True for a restriction site equal to its own reverse complement (like GAATTC)."""
    return clean(site) == reverse_complement(site)
