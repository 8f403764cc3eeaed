"""Oracle-localization helpers shared by the template tests of tests/repair.

Each template test writes a small buggy program and its fixed twin, marks the lines holding a
needle as suspicious (suspiciousness 1.0, the oracle localization), and asks which candidates of
:func:`fixloop.repair.templates.generate_candidates` equal the fixed program (compared as syntax
trees, so formatting does not matter).
"""

from __future__ import annotations

import ast
import textwrap

from fixloop.repair.templates import generate_candidates


def src_of(text: str) -> str:
    """``text`` dedented, leading newlines dropped (a triple-quoted program as a module)."""
    return textwrap.dedent(text).lstrip("\n")


def suspicious(buggy: str, needles: list[str]) -> dict[int, float]:
    """``{line: 1.0}`` for every 1-based line of ``buggy`` holding one of ``needles``.

    Raises AssertionError when no line holds any (a test naming a needle that is not there).
    """
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if any(n in ln for n in needles)}
    assert lines
    return lines


def fixing(buggy: str, fixed: str, needles: list[str]) -> list[str]:
    """Templates whose candidate (the lines holding ``needles`` suspicious) is ``fixed``."""
    buggy, fixed = src_of(buggy), src_of(fixed)
    want = ast.dump(ast.parse(fixed))
    return [
        c.template
        for c in generate_candidates(buggy, "mod.py", suspicious(buggy, needles))
        if ast.dump(ast.parse(c.new_source)) == want
    ]


def templates_of(buggy: str, needles: list[str]) -> set[str]:
    """The templates of every candidate for the lines holding ``needles``."""
    buggy = src_of(buggy)
    return {c.template for c in generate_candidates(buggy, "mod.py", suspicious(buggy, needles))}


def ranked_fixes(buggy: str, fixed: str, needle: str) -> list[tuple[int, str]]:
    """``(rank, template)`` of the candidates for the first line holding ``needle`` that are
    ``fixed`` (rank: 0-based position in the generated order)."""
    buggy, fixed = src_of(buggy), src_of(fixed)
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if needle in ln)
    want = ast.dump(ast.parse(fixed))
    cands = generate_candidates(buggy, "mod.py", {line: 1.0})
    return [
        (k, c.template) for k, c in enumerate(cands) if ast.dump(ast.parse(c.new_source)) == want
    ]


def templates_on(buggy: str, needle: str) -> list[tuple[str, str]]:
    """``(template, description)`` of every candidate for the first line holding ``needle``."""
    buggy = src_of(buggy)
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if needle in ln)
    return [(c.template, c.description) for c in generate_candidates(buggy, "mod.py", {line: 1.0})]
