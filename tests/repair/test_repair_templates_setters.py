"""A setter's own guard (templates_setters). Programs written for this test: a buggy program, its
fixed one and the lines made suspicious, and twins without the sign (the exception is raised
already, the method is no setter), which must get no such candidate.
"""

from __future__ import annotations

from repair_oracle import fixing, src_of, suspicious

from fixloop.repair.templates import generate_candidates


def descriptions(buggy: str, needles: list[str], template: str) -> list[str]:
    buggy = src_of(buggy)
    return [
        c.description
        for c in generate_candidates(buggy, "mod.py", suspicious(buggy, needles))
        if c.template == template
    ]


METER = '''
class Overdrawn(Exception):
    """The meter cannot pay for this."""


class Meter:
    def __init__(self, credit: int = 0) -> None:
        self._credit = credit

    @property
    def credit(self) -> int:
        return self._credit

    @credit.setter
    def credit(self, amount: int) -> None:
        """Set the credit; it never goes below zero (Overdrawn)."""
        self._credit = amount

    def use(self, units: int) -> None:
        self.credit -= units

    def share(self, other: "Meter", units: int) -> None:
        self.credit -= units
        other.credit += units
'''


def test_setter_guard_on_the_stored_value():
    fixed = METER.replace(
        "        self._credit = amount\n",
        "        if amount < 0:\n            raise Overdrawn(amount)\n        self._credit = amount\n",
    )
    assert "insert-setter-guard" in fixing(METER, fixed, ["self._credit = amount"])


def test_no_setter_guard_when_the_exception_is_raised_already():
    raised = METER.replace(
        "        self.credit -= units\n\n    def share",
        "        if units > self.credit:\n            raise Overdrawn(units)\n"
        "        self.credit -= units\n\n    def share",
    )
    assert descriptions(raised, ["self._credit = amount"], "insert-setter-guard") == []


def test_no_setter_guard_outside_a_setter():
    plain = METER.replace("    @credit.setter\n", "").replace(
        "    def credit(self, amount: int) -> None:", "    def load(self, amount: int) -> None:"
    )
    assert descriptions(plain, ["self._credit = amount"], "insert-setter-guard") == []
