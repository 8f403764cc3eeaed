"""Unix permission bits: who may do what, and the ``rwxr-x---`` form."""

WHO = {"owner": 6, "group": 3, "other": 0}
WHAT = {"read": 4, "write": 2, "execute": 1}


def bit(who, what):
    """The mode bit for ``what`` (read/write/execute) by ``who`` (owner/group/other)."""
    return WHAT[what] << WHO[who]


def allows(mode, who, what):
    """True when ``mode`` grants ``what`` to ``who``."""
    return bool(mode ^ bit(who, what))


def symbolic(mode):
    """``0o750`` -> ``"rwxr-x---"``."""
    out = []
    for who in ("owner", "group", "other"):
        for what, letter in (("read", "r"), ("write", "w"), ("execute", "x")):
            out.append(letter if mode & bit(who, what) else "-")
    return "".join(out)


def grant(mode, who, what):
    """``mode`` with ``what`` granted to ``who``."""
    return mode | bit(who, what)
