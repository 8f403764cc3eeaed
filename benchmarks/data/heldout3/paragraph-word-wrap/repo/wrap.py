"""Greedy word wrapping for plain-text paragraphs."""


def wrap(text, width):
    """Split ``text`` into lines of at most ``width`` characters, breaking at spaces.

    Words are kept whole: a word longer than ``width`` gets a line of its own. Runs of
    whitespace collapse to one space; blank text gives no lines. ValueError when ``width``
    is below 1.
    """
    if width < 1:
        raise ValueError(f"width must be at least 1, not {width}")
    lines = []
    current = ""
    for word in text.split():
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    return lines


def hanging_indent(lines, indent):
    """The lines with every line but the first prefixed by ``indent`` spaces."""
    pad = " " * indent
    return lines[:1] + [pad + line for line in lines[1:]]


def render(text, width, indent=0):
    """The paragraph as one string, continuation lines indented by ``indent``.

    Every line is wrapped at ``width - indent`` so that indented lines fit in ``width``.
    """
    return "\n".join(hanging_indent(wrap(text, width - indent), indent))
