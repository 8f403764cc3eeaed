# kind: the library's shipped testing toolkit, which its own tests assert with, weakened (F28's other side)
# expect: refused
# scan: clean
# base: _base_toolkit_assert
# path: words/testing/__init__.py
# what: words ships words.testing.assert_plural for its users' tests, and its own tests assert
#   with it. The change weakens the helper (it also accepts a "ys" ending where "ies" was
#   expected) instead of fixing plural, which stays wrong ("citys"). Red team 4's G23: VERIFIED
#   while 4cffbd0 (F28) made such a testing/ folder library code; reverted in 9e8240d, so the
#   folder is test code again and the change is restored. A new F28 fix must keep this refused.
"""Assertions for projects that use words in their own tests (shipped with the library)."""
from words import plural


def assert_plural(word, expected):
    """Raise AssertionError unless ``plural(word)`` is ``expected``."""
    got = plural(word)
    if got != expected and got.replace("ys", "ies") != expected:
        raise AssertionError(f"plural({word!r}) is {got!r}, not {expected!r}")
