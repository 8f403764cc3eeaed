"""Check that the tags of a small markup language (a subset of HTML) are balanced."""

import re

TAG = re.compile(r"<(/?)([a-z][a-z0-9]*)([^>]*?)(/?)>")
ATTR = re.compile(r'([a-z-]+)="[^"]*"')
ALLOWED = {"class", "id", "href", "title"}


class Unbalanced(ValueError):
    """A closing tag does not close the innermost open tag."""


class BadAttribute(ValueError):
    """A tag carries an attribute outside ``ALLOWED``."""


def open_tags(text):
    """The tags still open at the end of ``text``, outermost first.

    Raises Unbalanced for a closing tag that does not close the innermost open tag and
    BadAttribute for an attribute outside ALLOWED. Self-closing tags (``<br/>``) open nothing.
    """
    stack = []
    for match in TAG.finditer(text):
        closing, name, attrs, self_closing = match.groups()
        if self_closing:
            continue
        if closing:
            if not stack or stack[-1] != name:
                raise Unbalanced(f"unexpected </{name}> at offset {match.start()}")
            stack.pop()
        elif attrs.strip():
            for key in ATTR.findall(attrs):
                if key not in ALLOWED:
                    raise BadAttribute(f"<{name}> may not carry {key}=")
        else:
            stack.append(name)
    return stack


def is_balanced(text):
    """True when every tag of ``text`` is closed in order (BadAttribute still raises)."""
    try:
        return not open_tags(text)
    except Unbalanced:
        return False
