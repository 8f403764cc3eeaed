"""How far down the tests may change each of their globals (fixloop.testrun.inside.auditflow).

Red-team F21: ``for case in CASES: assert add(*case["args"]) == case["want"]`` handed the rows
on whole (any loop with a plain name as its target did), so the change rewrote each row's
``"want"`` in place and the watch of the test module's globals compared nothing of CASES. The
loop variable's own uses now decide how far down the table the code under test may reach.
"""

from __future__ import annotations

import ast

from fixloop.testrun.inside import auditflow as af
from fixloop.testrun.inside import auditglobals as ag


def _levels(src: str) -> dict[str, int]:
    return af.handed_names(ast.parse(src))


def test_a_loop_variable_only_read_or_unpacked_into_a_call_hands_on_the_arguments_only() -> None:
    levels = _levels(
        "def test_add_cases():\n"
        "    for case in CASES:\n"
        "        assert add(*case['args']) == case['want']\n"
    )
    assert levels["CASES"] == af.elements_at(3)  # rows, their args lists: compared
    assert af.cut_depth(levels["CASES"]) == 3


def test_a_loop_variable_handed_on_whole_hands_on_the_rows() -> None:
    levels = _levels("def test():\n    for rec in ROWS:\n        normalize(rec)\n")
    assert levels["ROWS"] == af.ELEMENTS
    levels = _levels("def test():\n    for rec, want in ROWS:\n        normalize(rec)\n")
    assert levels["ROWS"] == af.elements_at(2)
    levels = _levels("def test():\n    for row in ROWS:\n        pass\n")
    assert levels["ROWS"] == af.READ


def test_comprehensions_nested_loops_and_aliases() -> None:
    levels = _levels(
        "def test():\n"
        "    got = [add(*c['args']) for c in CASES]\n"
        "    for group in GROUPS:\n"
        "        for item in group['items']:\n"
        "            tidy(item)\n"
        "    for r in ALIASED:\n"
        "        keep = r\n"
        "    for x in SELF:\n"
        "        for x in x:\n"
        "            pass\n"
    )
    assert levels["CASES"] == af.elements_at(3)
    assert levels["GROUPS"] == af.elements_at(3)  # each group's items list compared
    assert levels["ALIASED"] == af.ELEMENTS
    assert levels["SELF"] <= af.ELEMENTS  # a name looping over itself: no endless recursion


def test_stores_and_mutators_below_the_top_keep_the_top_compared() -> None:
    levels = _levels(
        "def test():\n    NESTED['x'].append(1)\n    TABLE['a']['b'] = 2\n    FLAT['k'] = 3\n"
    )
    assert levels["NESTED"] == af.ELEMENTS
    assert levels["TABLE"] == af.ELEMENTS
    assert levels["FLAT"] == af.WRITTEN


def test_the_cut_fingerprints_see_a_rewritten_row_and_allow_a_tidied_argument() -> None:
    rows = [{"args": [2, 3], "want": 5}, {"args": [0, 4], "want": 4}]
    level = af.elements_at(3)
    before = ag._token("m", rows)
    rows[0]["args"].sort(reverse=True)  # the call gets the list's elements, not the list
    assert not ag._allowed(level, before, ag._token("m", rows))
    rows[0]["args"].sort()
    assert ag._token("m", rows) == before
    rows[0]["want"] = -1  # F21: the expected value rewritten in place
    assert not ag._allowed(level, before, ag._token("m", rows))
    rows[0]["want"] = 5
    nested = [{"args": [[3, 1]], "want": 1}]
    before = ag._token("m", nested)
    nested[0]["args"][0].sort()  # an element handed to the code, tidied in place: allowed
    assert ag._allowed(level, before, ag._token("m", nested))
    nested[0]["want"] = 3
    assert not ag._allowed(level, before, ag._token("m", nested))


def test_cut_fingerprints_stop_when_nothing_was_cut() -> None:
    flat = [(1, 2, 3), (4, 5, 6)]
    cuts = ag.cut_fingerprints(flat)
    assert len(cuts) == af.MAX_DEPTH and len(set(cuts)) == 1
    deep = [[[[[1]]]]]
    assert len(set(ag.cut_fingerprints(deep))) == af.MAX_DEPTH
