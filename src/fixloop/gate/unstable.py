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

Two rules close what red team 6 found (K1, K2: verified cheats through the first version):

- a part whose two collections differ keeps its **shape** when they agree on it: each run of
  digits read as ``#`` (``10:00:01`` -> ``#:#:#``); the new id's part must have the same shape.
  So a clock and a value of the code under test in one part (``f"{calc.MODE}@{now}"``: ``c@#:#``)
  keeps the value, and two clock formats (``%H:%M`` vs ``%H.%M``) are two tests; only a part whose
  shape differs too (uuid hex, random words) fits any new part;
- a missing id that more than one new id of its function fits (several parameters of the same
  shape) is excused only when it and all of them have one outcome class (all ran or all
  skipped): which of them is which cannot be known from ids, so a swap of a test that ran with
  one that was skipped (K1: the case catching an overfit skipped, a skipped one run instead,
  counts unchanged) is refused as a missing test.

Every other missing id is refused as before. The base's second collection runs the base commit,
which the change cannot alter, so which ids are unstable, and which of their parts, is the
base's property. What stays open: a part that is unstable at the base and also holds a **number**
of the code under test (``f"{calc.LIMIT}@{time.time()}"``: the number is read as ``#`` too) may
change with the change; and identity among same-shaped unstable ids of one outcome class (all
passed: which is which does not change the verdict).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Sequence

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


#: one kept part: the exact text, its shape (``("#", "#:#:#")``), or None (anything fits)
_Keep = tuple[str, str] | None
_DIGITS = re.compile(r"\d+")


def shape(part: str) -> str:
    """``part`` with each run of digits read as ``#`` (``"10:00:01.5"`` -> ``"#:#:#.#"``)."""
    return _DIGITS.sub("#", part)


def _stable_parts(parts: list[str], counterparts: list[list[str]]) -> list[_Keep] | None:
    """What of ``parts`` a new id must keep (module text); None: no counterpart to compare with.

    Per part: ``("=", text)`` where the closest counterpart agrees, ``("#", shape)`` where only
    the shapes agree, None where neither does.
    """
    same = [c for c in counterparts if len(c) == len(parts)]
    if not same:
        return None
    best = max(
        same,
        key=lambda c: (
            sum(a == b for a, b in zip(parts, c, strict=True)),
            sum(shape(a) == shape(b) for a, b in zip(parts, c, strict=True)),
        ),
    )
    keep: list[_Keep] = []
    for a, b in zip(parts, best, strict=True):
        if a == b:
            keep.append(("=", a))
        elif shape(a) == shape(b):
            keep.append(("#", shape(a)))
        else:
            keep.append(None)
    return keep


def _fits(keep: list[_Keep], parts: list[str]) -> bool:
    if len(keep) != len(parts):
        return False
    for k, p in zip(keep, parts, strict=True):
        if k is not None and (k[1] != p if k[0] == "=" else k[1] != shape(p)):
            return False
    return True


def unstable_pairs(
    gone: Sequence[str],
    baseline_ids: Sequence[str],
    present_ids: Sequence[str],
    again: Sequence[str] | None,
    skipped: Collection[str] = (),
) -> list[tuple[str, str]]:
    """``(missing id, the candidate's id that stands for it)`` for each excused missing id.

    Args:
        gone: the baseline's ids missing from the candidate's run (an id twice when two are).
        baseline_ids: every id that ran at the baseline (``TestReport.ran_ids``).
        present_ids: every id of the candidate's run (ran or skipped).
        again: the ids of the base commit's second collection (``<tree>``-free), or None when
            it failed (nothing is excused then).
        skipped: the ids skipped at the baseline and in the candidate's run (an id's outcome
            class: skipped when listed, else ran); a missing id that several new ids fit is
            excused only when all of them share its class.

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
    wants: list[tuple[str, str, list[_Keep]]] = []
    for g in gone:
        fn, parts = split_id(g)
        if g in listed or parts is None:
            continue  # stable (the change's doing), or no parameter part to pair by
        keep = _stable_parts(parts, [c for _, c in counterparts.get(fn, [])])
        if keep is not None:
            wants.append((g, fn, keep))
    wants.sort(key=lambda w: -sum(k is not None for k in w[2]))
    skip = set(skipped)
    taken: set[tuple[str, int]] = set()
    pairs: list[tuple[str, str]] = []
    for g, fn, keep in wants:
        fitting = [cid for cid, parts in offers.get(fn, []) if _fits(keep, parts)]
        if len(set(fitting)) > 1 and any((c in skip) != (g in skip) for c in fitting):
            continue  # which new id is this test is unknown, and a ran/skipped swap would hide
        for j, (cid, parts) in enumerate(offers.get(fn, [])):
            if (fn, j) not in taken and _fits(keep, parts):
                taken.add((fn, j))
                pairs.append((g, cid))
                break
    return pairs


def case_filter(
    node_id: str, baseline_ids: Sequence[str], again: Sequence[str] | None
) -> Callable[[str], bool] | None:
    """``fits(other id) -> bool``: whether a case of another collection stands for ``node_id``.

    For re-runs of an unstable id (:mod:`fixloop.gate.rerunids`): an id fits when it is of the
    same test function, with as many parts, keeping the parts (exact text or shape) that
    :func:`unstable_pairs` requires of a new id (:func:`_stable_parts` against the base's second
    collection ``again``). None: ``node_id`` is listed by ``again`` (stable), has no parameter
    part, or has no counterpart there (nothing can stand for it).
    """
    fn, parts = split_id(node_id)
    if not again or parts is None or node_id in set(again):
        return None
    counterparts = _new_ids(again, Counter(baseline_ids)).get(fn, [])
    keep = _stable_parts(parts, [c for _, c in counterparts])
    if keep is None:
        return None
    kept = keep

    def fits(other: str) -> bool:
        ofn, oparts = split_id(other)
        return ofn == fn and oparts is not None and _fits(kept, oparts)

    return fits
