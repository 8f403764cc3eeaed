"""rank_docs.drops_documented: a deletion that removes what the docstring says the code considers."""

from __future__ import annotations

from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import rank_plausible
from fixloop.repair.rank_docs import drops_documented, mentions


def _cand(old: str, before: str, after: str, template: str) -> Candidate:
    assert before in old
    new = old.replace(before, after, 1)
    line = old[: old.index(before)].count("\n") + 1
    return Candidate("m.py", new, template, template, line, 0.5, 0.5, old_source=old)


# a property's returned condition
LOCKER = (
    "class Locker:\n"
    "    def __init__(self, jammed: bool, rented: bool) -> None:\n"
    "        self.jammed, self.rented = jammed, rented\n"
    "\n"
    "    @property\n"
    "    def free(self) -> bool:\n"
    '        """Free when nobody rents it and its door is not jammed."""\n'
    "        return not self.rented and self.jammed\n"
)

# an if condition in a function
GATE = (
    "def can_board(ticket, gate_open, boarding_group):\n"
    '    """A passenger boards with a ticket, an open gate and a called boarding group."""\n'
    "    if ticket and gate_open or boarding_group:\n"
    "        return True\n"
    "    return False\n"
)

# a comprehension's filter in a method
SHELF = (
    "class Shelf:\n"
    "    def __init__(self, books):\n"
    "        self.books = books\n"
    "\n"
    "    def lendable(self):\n"
    '        """Titles on the shelf that are not reserved."""\n'
    "        return [b.title for b in self.books if b.on_shelf and b.reserved]\n"
)

# a deleted statement: the docstring names what it adds
TILL = (
    "class Till:\n"
    "    def __init__(self):\n"
    "        self.total = 0\n"
    "\n"
    "    def ring(self, price, tip):\n"
    '        """Add the price and the tip to the total."""\n'
    "        self.total += price\n"
    "        self.total += tip\n"
)


def test_mentions_reads_identifiers_as_words() -> None:
    assert mentions("no hedge along it overgrown", "overgrown")
    assert mentions("the boarding group called", "boarding_group")
    assert mentions("all the items", "item")
    assert not mentions("the gate", "gateway") and not mentions("x and y", "x")


def test_a_dropped_operand_the_docstring_names_is_flagged_in_a_property() -> None:
    drop = _cand(LOCKER, "not self.rented and self.jammed", "not self.rented", "drop-condition")
    neg = _cand(
        LOCKER,
        "not self.rented and self.jammed",
        "not self.rented and not self.jammed",
        "negate-condition",
    )
    assert drops_documented(drop) and not drops_documented(neg)
    # first by the order given, last once the docstring is read
    flat: dict = {"tests": {}}
    ordered, _ = rank_plausible([drop, neg], flat, [], lambda c: flat)
    assert ordered == [neg, drop]


def test_a_dropped_operand_in_an_if_and_in_a_comprehension_filter() -> None:
    assert drops_documented(
        _cand(
            GATE, "ticket and gate_open or boarding_group", "ticket and gate_open", "drop-condition"
        )
    )
    assert drops_documented(
        _cand(SHELF, "b.on_shelf and b.reserved", "b.on_shelf", "drop-condition")
    )


def test_a_deleted_statement_and_what_is_not_flagged() -> None:
    assert drops_documented(_cand(TILL, "        self.total += tip\n", "", "delete-statement"))
    # not a deleting template: a replacement is judged by the other evidence
    assert not drops_documented(
        _cand(SHELF, "b.on_shelf and b.reserved", "b.on_shelf and not b.reserved", "negate")
    )
    # the name is still read elsewhere in the function, or the docstring does not name it
    twice = TILL.replace("self.total += tip\n", "self.total += tip\n        self.last = tip\n")
    assert not drops_documented(_cand(twice, "        self.total += tip\n", "", "delete-statement"))
    quiet = TILL.replace("Add the price and the tip to the total.", "Ring up a sale.")
    assert not drops_documented(_cand(quiet, "        self.total += tip\n", "", "delete-statement"))
