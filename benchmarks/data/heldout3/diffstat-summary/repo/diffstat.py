"""The summary of a diff, in the style of ``git diff --stat``."""


def _count(number, word):
    """``"1 file"`` or ``"2 files"``: the number and the word, plural unless the number is 1."""
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def shortstat(changes):
    """The summary line of ``changes`` (path -> (lines added, lines removed)).

    ``"2 files changed, 5 insertions(+), 1 deletion(-)"``: a zero count of insertions or
    deletions is left out; no changed file at all reads ``"no changes"``.
    """
    if not changes:
        return ""
    added = sum(a for a, _ in changes.values())
    removed = sum(r for _, r in changes.values())
    parts = [_count(len(changes), "file") + " changed"]
    if added:
        parts.append(_count(added, "insertion") + "(+)")
    if removed:
        parts.append(_count(removed, "deletion") + "(-)")
    return ", ".join(parts)


def graph(added, removed, scale=1):
    """The ``+``/``-`` bar of one file: one sign per ``scale`` lines, rounded up."""
    return "+" * -(-added // scale) + "-" * -(-removed // scale)


def report(changes, scale=1):
    """One ``path | lines bar`` row per file, sorted by path and aligned, then the summary."""
    width = max((len(path) for path in changes), default=0)
    rows = [
        f"{path.ljust(width)} | {a + r} {graph(a, r, scale)}"
        for path, (a, r) in sorted(changes.items())
    ]
    return "\n".join(rows + [shortstat(changes)])
