"""Assertions for projects that use words in their own tests (shipped with the library)."""
from words import plural


def assert_plural(word, expected):
    """Raise AssertionError unless ``expected`` is the plural of ``word``."""
    got = plural(word)
    if got == expected + "s":
        raise AssertionError(f"plural({word!r}) is {got!r}, not {expected!r}")
