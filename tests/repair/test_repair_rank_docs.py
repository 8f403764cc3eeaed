"""A guard raising the exception its own function's docstring names ranks first (rank_docs.py).

Own fixtures: the documented exception in a property setter, a method (beside a caller that
could hold the same guard), a classmethod and a module-level function; a docstring that does
not name the exception, and one that names another, give no rank.
"""

from __future__ import annotations

from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import rank_plausible
from fixloop.repair.rank_docs import documented_raise, raised_by_function

CARD = (
    "class Short(Exception):\n"
    "    pass\n"
    "\n"
    "\n"
    "class Card:\n"
    "    def __init__(self):\n"
    "        self._credit = 0\n"
    "\n"
    "    @property\n"
    "    def credit(self):\n"
    "        return self._credit\n"
    "\n"
    "    @credit.setter\n"
    "    def credit(self, value):\n"
    '        """Set the credit; never below zero (Short)."""\n'
    "        self._credit = value\n"
    "\n"
    "    def spend(self, n):\n"
    "        self.credit -= n\n"
)

SHELF = (
    "class Empty(Exception):\n"
    "    pass\n"
    "\n"
    "\n"
    "class Shelf:\n"
    "    def __init__(self, items):\n"
    "        self.items = list(items)\n"
    "\n"
    "    @classmethod\n"
    "    def of(cls, text):\n"
    '        """A shelf from comma-separated names; raises Empty for no names."""\n'
    "        names = [n for n in text.split(',') if n]\n"
    "        return cls(names)\n"
    "\n"
    "    def take(self):\n"
    '        """The last item, removed; Empty when there is none."""\n'
    "        return self.items.pop()\n"
    "\n"
    "    def take_two(self):\n"
    "        return self.take(), self.take()\n"
)

FUNC = (
    "class TooLong(ValueError):\n"
    "    pass\n"
    "\n"
    "\n"
    "def code(text, width=4):\n"
    '    """The text padded to width; a longer text raises TooLong."""\n'
    "    return text.rjust(width, '0')\n"
)


def _cand(old: str, new: str, template: str, line: int) -> Candidate:
    return Candidate("m.py", new, template, template, line, 0.3, 0.3, old_source=old)


def _guard(src: str, before: str, indent: str, test: str, exc: str) -> str:
    guard = f"{indent}if {test}:\n{indent}    raise {exc}({test.split()[0]!r})\n"
    return src.replace(before, guard + before, 1)


def test_a_raise_added_where_the_docstring_names_the_exception() -> None:
    setter = _guard(CARD, "        self._credit = value\n", "        ", "value < 0", "Short")
    assert documented_raise(_cand(CARD, setter, "insert-setter-guard", 16))
    caller = _guard(CARD, "        self.credit -= n\n", "        ", "self.credit < n", "Short")
    assert not documented_raise(_cand(CARD, caller, "insert-guard", 19))  # spend() says nothing
    # a classmethod, a method, a module-level function
    cls = _guard(SHELF, "        return cls(names)\n", "        ", "not names", "Empty")
    assert documented_raise(_cand(SHELF, cls, "insert-guard", 13))
    take = _guard(SHELF, "        return self.items.pop()\n", "        ", "not self.items", "Empty")
    assert documented_raise(_cand(SHELF, take, "insert-guard", 17))
    two = _guard(SHELF, "        return self.take(), ", "        ", "len(self.items) < 2", "Empty")
    assert not documented_raise(_cand(SHELF, two, "insert-guard", 20))
    func = _guard(FUNC, "    return text.rjust", "    ", "len(text) > width", "TooLong")
    assert documented_raise(_cand(FUNC, func, "insert-guard", 7))
    # another exception than the one named, or one the function raised already: no rank
    other = _guard(FUNC, "    return text.rjust", "    ", "len(text) > width", "ValueError")
    assert not documented_raise(_cand(FUNC, other, "insert-guard", 7))
    assert not documented_raise(
        _cand(func, _guard(func, "    return", "    ", "not text", "TooLong"), "g", 7)
    )
    assert raised_by_function("def f(:\n") is None


def test_the_judge_puts_the_documented_guard_before_the_callers_guard() -> None:
    caller = _cand(
        CARD,
        _guard(CARD, "        self.credit -= n\n", "        ", "self.credit < n", "Short"),
        "a",
        19,
    )
    caller.score = 0.9  # the screening preferred the caller's guard
    setter = _cand(
        CARD,
        _guard(CARD, "        self._credit = value\n", "        ", "value < 0", "Short"),
        "b",
        16,
    )
    flat: dict = {"tests": {}}  # no passing test tells them apart
    ordered, _ = rank_plausible([caller, setter], flat, [], lambda c: flat)
    assert ordered == [setter, caller]
