"""The same edit at a sibling site (siblings.py) and the judge's preference for the completion."""

from __future__ import annotations

import textwrap

from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import rank_plausible
from fixloop.repair.siblings import edit_span, sibling_candidates
from fixloop.repair.templates import generate_candidates

GRID = textwrap.dedent(
    """
    def table(n, m):
        grid = [[0] * (m + 1) for _ in range(n + 1)]
        for r in range(n + 1):
            grid[r][0] = 0
        for c in range(m + 1):
            grid[0][c] = 0
        return grid
    """
).lstrip()

SCALE = textwrap.dedent(
    """
    def to_metric(value):
        return (value - 10) * 3 / 7

    def from_metric(value):
        return value * 7 / 3 + 10
    """
).lstrip()


def half(source: str, line: int, old: str, new: str, template: str) -> Candidate:
    lines = source.splitlines(keepends=True)
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new)
    return Candidate("m.py", "".join(lines), template, template, line, 0.5, 0.5, source)


def test_edit_span_cuts_the_changed_tokens_and_their_neighbours() -> None:
    assert edit_span("x = a * 5 / 9 + 1", "x = a * 9 / 5 + 1") == (
        ["5", "/", "9"],
        ["9", "/", "5"],
        "*",
        "+",
    )
    assert edit_span("g[0][c] = 0", "g[0][c] = c") == (["0"], ["c"], "=", "")
    assert edit_span("a = 1", "a = 1") is None


def test_a_loop_variable_edit_is_repeated_with_the_sibling_loops_variable() -> None:
    cand = half(GRID, 6, "= 0", "= c", "constant-to-variable")
    got = sibling_candidates(cand, generate_candidates, covered=range(1, 8))
    assert [c.template for c in got] == ["constant-to-variable+sibling"]
    assert "grid[r][0] = r\n" in got[0].new_source and "grid[0][c] = c\n" in got[0].new_source
    assert got[0].completes == cand.key
    # the index 0 of the sibling line is not the same edit ('[0]' -> '[r]' sits between brackets)
    assert "grid[r][r]" not in got[0].new_source


def test_a_swapped_pair_of_literals_is_swapped_in_the_other_direction_too() -> None:
    cand = half(SCALE, 5, "7 / 3", "3 / 7", "swap-literals")
    got = sibling_candidates(cand, generate_candidates, covered=range(1, 6))
    assert len(got) == 1
    assert "(value - 10) * 7 / 3\n" in got[0].new_source
    assert "value * 3 / 7 + 10\n" in got[0].new_source


def test_no_completion_where_no_passing_test_runs_the_sibling() -> None:
    cand = half(SCALE, 5, "7 / 3", "3 / 7", "swap-literals")
    assert sibling_candidates(cand, generate_candidates, covered=[5]) == []
    other = half(SCALE, 5, "+ 10", "- 10", "binop")  # no sibling line holds '+' and '10'
    assert sibling_candidates(other, generate_candidates, covered=range(1, 6)) == []


def test_the_judge_puts_a_half_fix_after_its_completion_on_equal_evidence() -> None:
    cand = half(GRID, 6, "= 0", "= c", "constant-to-variable")
    whole = sibling_candidates(cand, generate_candidates, covered=range(1, 8))[0]
    tests = {
        "t_ok": {"outcome": "passed", "lines": [["m.py", n] for n in range(1, 8)]},
        "t_bug": {"outcome": "failed", "lines": [["m.py", 1]]},
    }
    spectrum = {"tests": tests}
    ordered, _ = rank_plausible([cand, whole], spectrum, ["t_bug"], lambda c: spectrum, limit=6)
    assert ordered == [whole, cand]
    # without the completion's link, the smaller half fix wins on size
    whole.completes = ()
    ordered, _ = rank_plausible([cand, whole], spectrum, ["t_bug"], lambda c: spectrum, limit=6)
    assert ordered == [cand, whole]


def test_a_completion_never_votes_with_its_half_against_another_patch() -> None:
    """A wrong half fix and its completion would agree on every extra input and outvote the fix."""
    from fixloop.repair.agree import Probe

    src = "def band(w):\n    if w < 5:\n        return 1\n    if w < 9:\n        return 2\n    return 3\n"
    wrong = Candidate("m.py", src.replace("return 1", "return -1"), "neg", "n", 3, 0.5, 0.9, src)
    whole = Candidate(
        "m.py",
        wrong.new_source.replace("return 2", "return -2"),
        "neg+sibling",
        "n",
        3,
        0.5,
        0.9,
        src,
    )
    whole.completes = wrong.key
    right = Candidate("m.py", src.replace("w < 5", "w <= 5"), "cmp", "c", 2, 0.5, 0.2, src)
    tests = {
        "t_ok": {"outcome": "passed", "lines": [["m.py", n] for n in range(1, 7)]},
        "t_bug": {"outcome": "failed", "lines": [["m.py", 1]]},
    }
    spectrum = {"tests": tests}
    outs = {
        id(wrong): ["-1", "-1", "2", "3"],
        id(whole): ["-1", "-1", "-2", "3"],
        id(right): ["1", "1", "2", "3"],
    }

    def probe(cs: list[Candidate]) -> dict[int, Probe]:
        return {
            id(c): Probe(
                ("m.py", "band"), outs[id(c)], ["int"] * 4, ["1", "2", "2", "3"], ["int"] * 4
            )
            for c in cs
        }

    ordered, notes = rank_plausible(
        [wrong, whole, right], spectrum, ["t_bug"], lambda c: spectrum, limit=6, probe=probe
    )
    assert ordered == [right, whole, wrong]
    assert not any("agrees on" in n for n in notes)  # two contenders: no vote
