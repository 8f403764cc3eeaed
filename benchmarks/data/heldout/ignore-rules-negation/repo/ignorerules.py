"""Decide which paths a list of ignore rules (gitignore-like) excludes."""

import fnmatch


def parse_rules(text):
    """The rules of an ignore file: blank lines and ``#`` comments dropped."""
    rules = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            rules.append(line)
    return rules


def _matches(path, pattern):
    if "/" in pattern:
        return fnmatch.fnmatchcase(path, pattern.lstrip("/"))
    return fnmatch.fnmatchcase(path.rsplit("/", 1)[-1], pattern)


def is_ignored(path, rules):
    """True when the last rule matching ``path`` ignores it; ``!pattern`` re-includes."""
    ignored = False
    for rule in rules:
        negated = rule.startswith("!")
        pattern = rule[1:] if negated else rule
        if _matches(path, pattern):
            ignored = negated
    return ignored


def kept(paths, rules):
    """The paths the rules do not ignore, in their order."""
    return [p for p in paths if not is_ignored(p, rules)]
