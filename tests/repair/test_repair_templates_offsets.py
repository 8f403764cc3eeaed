"""Two-token fixes inside sort keys and nested calls (templates_offsets). Programs written for
this test: each case is a buggy program, its fixed one and the lines made suspicious; each kind
also has a twin without the sign (no parameter in the sum, no collection in the key), which must
get no such candidate.
"""

from __future__ import annotations

from repair_oracle import fixing, templates_of

SHIFT = """
column = lambda col, line: f"{chr(ord('a') + col)}{line}"  # columns count from 1


def board(width):
    return [column(c, 1) for c in range(1, width + 1)]
"""


def test_offset_shift_in_a_module_lambda():
    fixed = SHIFT.replace("ord('a') + col)", "ord('a') + col - 1)")
    assert "offset-shift" in fixing(SHIFT, fixed, ["column = lambda"])


def test_offset_shift_in_a_def_and_its_twin():
    buggy = """
    def letter(k, base):
        return chr(65 + k)
    """
    fixed = buggy.replace("65 + k)", "65 + k - 1)")
    assert "offset-shift" in fixing(buggy, fixed, ["return chr"])
    # ``base`` is no integer-like operand: only a parameter added to a literal or a count shifts
    plain = buggy.replace("65 + k", "base + k")
    assert "offset-shift" not in templates_of(plain, ["return chr"])


def test_no_shift_without_a_parameter():
    fixed_col = SHIFT.replace("ord('a') + col", "ord('a') + 2")
    assert "offset-shift" not in templates_of(fixed_col, ["column = lambda"])


KEY = """
from dataclasses import dataclass, field


@dataclass
class Team:
    name: str
    players: list[str] = field(default_factory=list)
    score: int = 0


def table(teams):
    \"\"\"Biggest teams first, then by name.\"\"\"
    return sorted(teams, key=lambda t: (t.players, t.name))
"""


def test_key_measure_negated_len():
    fixed = KEY.replace("(t.players, t.name)", "(-len(t.players), t.name)")
    assert "key-measure" in fixing(KEY, fixed, ["key=lambda"])


def test_key_measure_leaves_numbers_alone():
    numeric = KEY.replace("(t.players, t.name)", "(t.score, t.name)")
    assert "key-measure" not in templates_of(numeric, ["key=lambda"])


DISPATCH = """
def evaluate(tokens):
    acc = []
    for tok in tokens:
        if tok == "-":
            right, left = acc.pop(), acc.pop()
            acc.append(left - right)
        elif tok == "/":
            right, left = acc.pop(), acc.pop()
        else:
            acc.append(float(tok))
    return acc[-1]
"""


def test_dispatch_copy_with_this_branch_operator():
    fixed = DISPATCH.replace(
        '        elif tok == "/":\n            right, left = acc.pop(), acc.pop()\n',
        '        elif tok == "/":\n            right, left = acc.pop(), acc.pop()\n'
        "            acc.append(left / right)\n",
    )
    assert "insert-dispatch-copy" in fixing(DISPATCH, fixed, ['elif tok == "/"', "right, left"])


def test_dispatch_copy_needs_operator_symbols():
    # the branches compare with words, not operator symbols: nothing says which operator to use
    words = DISPATCH.replace('"-"', '"minus"').replace('"/"', '"over"')
    assert "insert-dispatch-copy" not in templates_of(words, ["right, left"])
