"""The accumulator reset an outer loop leaves out (templates_reset). Programs written for this
test: a sum per group in a method, a list per row under a ``while``, a string per line in a
module function; and the twin where the reset is there already, which must get none.
"""

from __future__ import annotations

from repair_oracle import fixing, src_of
from repair_oracle import suspicious as _lines

from fixloop.repair.templates import generate_candidates

GROUPS = """
class Ledger:
    def __init__(self, accounts):
        self.accounts = accounts

    def balances(self):
        out = {}
        total = 0
        for name, moves in self.accounts.items():
            for amount in moves:
                total += amount
            out[name] = total
        return out


def grid(cells, width):
    rows = []
    row = []
    i = 0
    while i < len(cells):
        for cell in cells[i : i + width]:
            row.append(cell)
        rows.append(row)
        i += width
    return rows


def wrap(paragraphs):
    out = []
    line = ""
    for words in paragraphs:
        try:
            for w in words:
                line += w + " "
        finally:
            out.append(line.strip())
    return out
"""


def test_accumulator_reset_in_a_method_a_while_loop_and_a_try_body():
    fixed = src_of(GROUPS).replace(
        "        for name, moves in self.accounts.items():\n",
        "        for name, moves in self.accounts.items():\n            total = 0\n",
    )
    assert "insert-accumulator-reset" in fixing(GROUPS, fixed, ["total += amount"])
    fixed = src_of(GROUPS).replace(
        "    while i < len(cells):\n", "    while i < len(cells):\n        row = []\n"
    )
    assert "insert-accumulator-reset" in fixing(GROUPS, fixed, ["rows.append(row)"])
    fixed = src_of(GROUPS).replace(
        "    for words in paragraphs:\n", '    for words in paragraphs:\n        line = ""\n'
    )
    assert "insert-accumulator-reset" in fixing(GROUPS, fixed, ['line += w + " "'])


def test_no_reset_where_the_loop_resets_already_or_sums_across_groups():
    reset = src_of(GROUPS).replace(
        "        for name, moves in self.accounts.items():\n",
        "        for name, moves in self.accounts.items():\n            total = 0\n",
    )
    found = generate_candidates(reset, "mod.py", _lines(reset, ["total += amount"]))
    assert not [
        c for c in found if c.template == "insert-accumulator-reset" and "total" in c.description
    ]
    across = (
        src_of(GROUPS)
        .replace("            out[name] = total\n", "")
        .replace("        return out", "        return total")
    )
    found = generate_candidates(across, "mod.py", _lines(across, ["total += amount"]))
    assert not [
        c for c in found if c.template == "insert-accumulator-reset" and "total" in c.description
    ]
