"""Parametrize ids that change at every collection of the base commit (realproj4 R1).

A test parametrized with the clock, a random number or a uuid (marshmallow 3.23.1:
``test_invalid_datetime_deserialization[13:08:31 2026-12-02]``) has another id in every run,
changed code or not, so "no longer collected" (:func:`fixloop.gate.reasons.no_longer_collected`)
refused every fix of such a project. Only when ids of the baseline are missing from the
candidate's run, the gate collects the **base** commit once more (a fresh checkout,
``--collect-only``: :func:`fixloop.testrun.collect.collected_ids`) and :func:`unstable_pairs`
pairs each missing id with a new id of the candidate's run:

- an id the base's second collection lists too is stable: the change made it disappear, it is
  never excused (a changed parametrize value keeps the base's ids, so it stays refused);
- a missing id is unstable only when the base's second collection lists, for the same test
  function, an id with as many ``-``-separated parts (pytest joins a test's parameter ids with
  ``-``) that is not the baseline's: its counterpart, the one agreeing with it in the most
  parts. The parts where the two collections of the base agree are the id's stable parts;
- an unstable id is excused only by a new id of the candidate's run (one the baseline does not
  have) of the same test function, with as many parts and the same stable parts; each new id
  excuses one missing id at most, so the function keeps at least its baseline count of ids.

Every other missing id is refused as before. The base's second collection runs the base commit,
which the change cannot alter, so which ids are unstable, and which of their parts, is the
base's property. What stays open: a part that is unstable at the base (it holds the clock) and
also holds a value of the code under test (``f"{calc.MODE}@{time.time()}"``) may change with the
change, as any value the tests read from the code under test may.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence

#: ``(new id, its parts)`` offers or counterparts, per test function
_ByFunction = dict[str, list[tuple[str, list[str]]]]


def split_id(node_id: str) -> tuple[str, list[str] | None]:
    """``(the test function's id, the parameter id's ``-``-separated parts)`` of a node id.

    ``tests/t.py::test_f[1-a b]`` -> ``("tests/t.py::test_f", ["1", "a b"])``; an id without a
    parameter part (``[...]`` ending the last ``::`` name) -> ``(node_id, None)``.
    """
    head, sep, last = node_id.rpartition("::")
    name, bracket, param = last.partition("[")
    if not bracket or not param.endswith("]"):
        return node_id, None
    return f"{head}{sep}{name}", param[:-1].split("-")


def _new_ids(ids: Sequence[str], baseline: Counter[str]) -> _ByFunction:
    """The parametrized ids of ``ids`` beyond the baseline's (as many times as beyond)."""
    out: _ByFunction = defaultdict(list)
    for tid, n in (Counter(ids) - baseline).items():
        fn, parts = split_id(tid)
        if parts is not None:
            out[fn] += [(tid, parts)] * n
    return out


def _stable_parts(parts: list[str], counterparts: list[list[str]]) -> list[str | None] | None:
    """``parts`` with the parts its closest counterpart does not share as None; None: no peer."""
    same = [c for c in counterparts if len(c) == len(parts)]
    if not same:
        return None
    best = max(same, key=lambda c: sum(a == b for a, b in zip(parts, c, strict=True)))
    return [a if a == b else None for a, b in zip(parts, best, strict=True)]


def _fits(keep: list[str | None], parts: list[str]) -> bool:
    return len(keep) == len(parts) and all(
        k is None or k == p for k, p in zip(keep, parts, strict=True)
    )


def unstable_pairs(
    gone: Sequence[str],
    baseline_ids: Sequence[str],
    present_ids: Sequence[str],
    again: Sequence[str] | None,
) -> list[tuple[str, str]]:
    """``(missing id, the candidate's id that stands for it)`` for each excused missing id.

    Args:
        gone: the baseline's ids missing from the candidate's run (an id twice when two are).
        baseline_ids: every id that ran at the baseline (``TestReport.ran_ids``).
        present_ids: every id of the candidate's run (ran or skipped).
        again: the ids of the base commit's second collection (``<tree>``-free), or None when
            it failed (nothing is excused then).

    Returns:
        the pairs, most specific missing ids (the most stable parts) served first; a missing
        id not named is not excused. The rules: the module docstring.
    """
    if not again or not gone:
        return []
    listed = set(again)
    base = Counter(baseline_ids)
    counterparts = _new_ids(again, base)
    offers = _new_ids(present_ids, base)
    wants: list[tuple[str, str, list[str | None]]] = []
    for g in gone:
        fn, parts = split_id(g)
        if g in listed or parts is None:
            continue  # stable (the change's doing), or no parameter part to pair by
        keep = _stable_parts(parts, [c for _, c in counterparts.get(fn, [])])
        if keep is not None:
            wants.append((g, fn, keep))
    wants.sort(key=lambda w: -sum(k is not None for k in w[2]))
    taken: set[tuple[str, int]] = set()
    pairs: list[tuple[str, str]] = []
    for g, fn, keep in wants:
        for j, (cid, parts) in enumerate(offers.get(fn, [])):
            if (fn, j) not in taken and _fits(keep, parts):
                taken.add((fn, j))
                pairs.append((g, cid))
                break
    return pairs
