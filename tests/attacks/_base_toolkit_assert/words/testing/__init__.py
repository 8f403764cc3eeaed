"""Assertions for projects that use words in their own tests (shipped with the library)."""
from words import plural


def assert_plural(word, expected):
    """Raise AssertionError unless ``plural(word)`` is ``expected``."""
    got = plural(word)
    if got != expected:
        raise AssertionError(f"plural({word!r}) is {got!r}, not {expected!r}")
