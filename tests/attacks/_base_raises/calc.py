"""A tiny number parser: the base of a pytest.raises attack (parse accepts words)."""


def parse(text):
    """The integer ``text`` spells in digits; ValueError for anything else."""
    text = text.strip()
    if not text.isdigit():
        return 0
    return int(text)
