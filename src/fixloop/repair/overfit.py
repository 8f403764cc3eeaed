"""Choosing among plausible patches: the one that changes the passing tests' behaviour least.

A plausible patch passes the failing tests and keeps the passing ones, yet it may only fit the
visible tests (overfitting). Following PATCH-SIM (Xiong, Liu, Zeng, Zhang, Hao, Mei: "Identifying
Patch Correctness in Test-Based Program Repair", ICSE 2018), a correct patch tends to leave the
executions of the passing tests alone while it changes those of the failing tests; an overfitting
one often changes the paths of passing tests too. And a patch that makes the failing tests much
slower (``n ** 0.5`` -> ``n + 0.5`` looping many more times) is suspect however it passes.

:func:`rank_plausible` runs the traced suite (the localization run's per-test line coverage and
per-test seconds, :meth:`~fixloop.repair.screen.WarmScreener.localize`) on each of the first few
plausible patches, then orders them:

1. patches whose failing tests run more than ``SLOW_FACTOR`` (3x) slower than on the original
   code (scaled by the machine's load as the passing tests show it, plus ``SLOW_FLOOR_S`` of
   noise allowance per failing test: :func:`slow_limit`) are dropped, and so are deletions
   (:data:`.priors.DELETIONS`) that leave a computed value or a parameter unread (:mod:`.deadstore`):
   removed functionality, the plausible-but-wrong patch of Qi et al. (ISSTA 2015) and an
   anti-pattern of Tan et al. (FSE 2016); with no other plausible patch, none is returned;
   then the traced ones first, and among them the fewest *unfilled collections* left
   (:mod:`.unfilled`: a container the code queries and nothing fills, IntelliJ's "mismatched
   query and update of collection"; the code's own reads say it must be filled, so an inserted
   ``self._cache[key] = value`` goes before an in-place ``count = 0`` -> ``-1`` that the
   path distance below prefers), then a patch that turns a counter's update into the store of
   a constant (``n += 1`` -> ``n = 1``: :func:`.rank_intent.counter_to_constant`, the
   degenerate patch of Qi et al. ISSTA 2015 read from the source) or that makes a loop's
   accumulator forget the earlier iterations (``s += e`` -> ``s = e`` in the loop, or a reset
   ``s = 0`` put in the loop's own body: :func:`.rank_loops.stops_accumulating`) after those
   that do not, or that inserts the inverse of an update nested deeper than that update
   (``-= 1`` under an ``if`` its ``+= 1`` does not have: :func:`.rank_pairs.deeper_than_twin`,
   paired operations on the same paths, Engler et al. SOSP 2001);
2. the smallest *behaviour change* of the passing tests first: per passing test, the Jaccard
   distance between the line sets it covered before and after (the patched file's lines mapped
   back to the original's through the diff, so an inserted line is a change, a shifted one is
   not; an inserted ``if`` that a passing test evaluates without entering its branches is no
   change of that test's path: the guard of a final ``if current: out.append(current)`` or of a
   guard clause is false on the passing tests' states; one it enters changes the path by the
   branch's lines only, the header being a check, so a guarded insertion is no bigger a change
   than the same lines unguarded), summed over the passing tests;
3. then the fewest dead stores left (:mod:`.deadstore`: a computed local or a parameter nobody
   reads; static evidence of intent, so it comes before the agreement of patches that may all be
   wrong);
4. then a change that some passing test runs (and still passes) before one that only the failing
   tests reach: the passing tests then check the edited code in other states too, while a change
   no passing test runs is checked by the failing tests alone (an edited line counts as the same
   place as before for the distance of 2., so a fix inside a condition the passing tests evaluate
   is not a path change; ``elif w < LIMIT`` -> ``<=`` beside an edit of a return only the failing
   test reaches); but first, when the best patches differ in this, a patch under which the
   passing tests' own calls return other values than on the original code
   (:func:`.agree_scenario.value_changes`: PATCH-SIM's comparison on values, the path being
   the same) goes after those that change none: the passing tests ran its change and did not
   notice what it changed, which is no check (``queue.append`` -> ``appendleft`` reverses the
   items a passing test's calls return while its assert counts them only);
5. then a patch that adds a default or a value whose type the program's own annotations or
   method calls contradict (``extras or ""`` for ``extras: list[str] | None`` that the class
   ``.append``s to: :func:`.rank_types.type_clash`) after those that add none;
   then, among the *contenders* (the patches tied with the best on 1.-4.; patches already
   behind on that evidence get no vote), evidence from extra inputs (:mod:`.agree`: the tests'
   literal arguments of the changed function, varied, run under the original code and each
   contender): first the smallest share of inputs where the patch returns another kind of value
   than the original (``ignored = negated`` -> ``ignored = path`` turns a boolean function into
   one returning strings, which ``assert is_ignored(...)`` accepts); then a *degenerate* patch
   (one output on every extra input that runs its changed lines, :func:`.agree.varies`: the
   "plausible but degenerate" patch of Qi et al. ISSTA 2015, ``total +=`` -> ``total *=`` on a
   zero total makes a checksum always valid; not a patch whose changed lines all return a
   literal, constant there by construction) after the contenders whose outputs vary there,
   and without a vote; then agreement (the share of inputs where a patch gives the plurality
   output of the contenders that are not degenerate, when at least three change the same
   function); then the smallest departure from the original's outputs (the
   semantic distance of Qlose, D'Antoni et al. CAV 2016: ``<`` -> ``<=`` at the tested weight
   keeps the other weights' postage, ``BANDS[1]`` -> ``BANDS[-1]`` changes a whole band).
   For methods, the inputs are the passing tests' own scenarios, one literal moved by +-1
   (:mod:`.agree_scenario`); there they give no agreement votes (mutants of one line agree with
   each other there by construction: ``2`` -> ``8``, ``2`` -> ``10`` against ``and`` -> ``or``,
   bugsuite-dev prime-check) and departure counts as none or some: a patch that computes what
   the original computes on every neighbour of the passing tests goes first (the bug confined
   to the failing test's region); when every contender departs somewhere (a bug that touches
   half the inputs, such as every even number called prime) the measure says nothing;
   then a deletion that removes every read of a name the function's docstring names after
   the patches that keep it (:func:`.rank_docs.drops_documented`: the docstring as the
   specification, ``and any(self.overgrown)`` dropped from "no hedge along it overgrown");
   then a patch that flips a parameter's boolean default after those that do not
   (:func:`.rank_defaults.flips_default`: a default is the contract of every call omitting
   the flag, the failing test shows one call);
   then, among patches that change the same condition, the one that changes its outcome on
   the fewest points of a small integer grid (:mod:`.rank_condition`, Qlose's semantic
   distance on the condition: ``len(g) == 0`` widened to ``<= 1`` before moved to ``== 1``);
6. then, still tied, a patch that adds a read of an attribute the failing tests replace
   (``monkeypatch.setattr(os, "sep", ...)``: ``"/"`` -> ``os.sep`` before ``"/"`` -> the value
   the test set: :mod:`.rank_intent`, the hard-coded-output overfitting of Smith et al. FSE
   2015), then a patch that adds a ``raise E`` to a function whose docstring names ``E``
   (:mod:`.rank_docs`: the comment as the specification, @tComment and Jdoctor);
7. then the fewest diff lines (a patch under an inserted ``if`` just before the same patch
   bare when both are plausible: it changes behaviour only where its condition holds,
   :func:`_sizes`), then a patch that adds or replaces code before one of the same size that
   deletes code (:func:`.rank_intent.is_deletion`: the anti-delete patterns of Tan et al. FSE
   2016; dropping ``round(x, 2)``'s digits passes a test whose expected mean happens to be
   whole), then the screening score (``Candidate.score``: suspiciousness x
   the template's prior learned from mutation runs), then the change in the smaller syntax
   subtree (:func:`.rank_intent.changed_subtree`: a ``None`` guard of the one comparison before
   the same guard of the whole condition), then the fewest characters, then the order
   given: among same-sized edits of one line
   the characters say little (``2`` -> ``8`` is "smaller" than ``and`` -> ``or``), the prior
   says how often such an edit is the fix.

*Declining*: when the first two are tied on 2.-4. and on the kind of value (both traced) and
agreement was measured but no contender gives the majority output on ``DECLINE_BELOW`` of the
extra inputs, the evidence cannot choose among patches that compute different functions; no
patch is returned (the notes say why) rather than one picked by its size. An honest "not fixed"
is worth more to the user than a plausible patch that is as likely wrong as right.

A ``+sibling`` completion (:mod:`.siblings`: a plausible one-site patch with the same edit at a
sibling line that a passing test runs; Hercules, Saha et al. ICSE 2019) takes no part in 2.-7.:
it is put just before its half fix when its traced evidence is as good and its sibling edit
replaces the same kind of code (:func:`.rank_intent.same_kind_of_site`; the visible tests often
check one site of a bug made twice, the hidden ones reject the half fix) and is not another
condition of the same ``if``/``elif`` chain (:func:`.rank_intent.same_case_chain`: another case
of one case analysis, not a copy of the bug), else last; so a wrong
half fix's completion never outvotes another patch.

Candidates past the first ``limit`` keep their order after the traced ones (the cost is bounded:
one traced run each).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fixloop.repair.agree import (
    SCENARIOS,
    Probe,
    agreement_among,
    departure,
    returns_literal,
    type_shift,
    varies,
)
from fixloop.repair.candidate import Candidate
from fixloop.repair.deadstore import candidate_dead_stores
from fixloop.repair.overfit_lines import _edits, _guard_heads, _guards, _lines, _maps, _sizes
from fixloop.repair.priors import DELETIONS
from fixloop.repair.rank_condition import condition_ranks
from fixloop.repair.rank_defaults import flips_default
from fixloop.repair.rank_docs import documented_raise, drops_documented
from fixloop.repair.rank_intent import (
    changed_subtree,
    counter_to_constant,
    is_deletion,
    patched_names,
    reads_patched,
    same_case_chain,
    same_kind_of_site,
)
from fixloop.repair.rank_loops import stops_accumulating
from fixloop.repair.rank_pairs import deeper_than_twin
from fixloop.repair.rank_types import type_clash
from fixloop.repair.screen_bytecode import write_source
from fixloop.repair.unfilled import candidate_unfilled

SLOW_FACTOR = 3.0
SLOW_FLOOR_S = 1.0  # noise allowance per failing test: a loaded machine delays a traced test
#: most the passing tests' own slowdown (the machine's load between the two traced runs) scales
#: the allowed time of the failing tests
SLOW_LOAD_CAP = 4.0
#: behaviour distances closer than this count as equal (then the smaller diff wins)
DISTANCE_TIE = 0.05
#: the best patch is declined when the traced evidence ties it with the next one and no patch
#: gives the majority output on this share of the extra inputs
DECLINE_BELOW = 0.5


@dataclass
class Behaviour:
    """What the traced run of one plausible patch showed.

    Attributes:
        distance: the summed Jaccard distance of the passing tests' line sets (0: unchanged).
        changed_tests: how many passing tests covered other lines than before.
        failing_s: seconds of the (originally) failing tests with the patch.
        original_failing_s: the same on the original code.
        slow: the patch made the failing tests more than ``SLOW_FACTOR`` times slower.
        broke: tests that passed before and did not in the traced run (a flaky plausible).
        exercised: passing tests that ran an edited or inserted line of the patch and still
            passed (0: only the failing tests reach the change, nothing else checks it).
    """

    distance: float = 0.0
    changed_tests: int = 0
    failing_s: float = 0.0
    original_failing_s: float = 0.0
    slow: bool = False
    broke: int = 0
    exercised: int = 0

    def words(self) -> str:
        """One phrase for the analysis notes."""
        return (
            f"{self.changed_tests} passing test(s) changed path (distance {self.distance:.2f}), "
            f"{self.exercised} ran the change, failing tests {self.failing_s:.2f} s vs {self.original_failing_s:.2f} s"
        )


def compare(
    before: dict[str, Any], after: dict[str, Any], cand: Candidate, failing: Sequence[str]
) -> Behaviour:
    """The behaviour change of a patch: two spectra of the traced run, before and after.

    Args:
        before: the spectrum on the original code (``{"tests": {id: {"outcome", "lines",
            "seconds"}}}``, see :meth:`~fixloop.repair.screen.WarmScreener.localize`).
        after: the spectrum with the patch applied.
        cand: the patch (its files' line shifts are undone before comparing).
        failing: the originally failing test ids.

    Returns:
        the :class:`Behaviour`.
    """
    tb, ta = before.get("tests", {}), after.get("tests", {})
    maps = _maps(cand)
    edits = _edits(cand)
    guards = _guards(cand)
    fail = set(failing)
    out = Behaviour()
    n_failing = 0
    passing_s = [0.0, 0.0]  # the passing tests' seconds before and after: the load's measure
    for tid, d0 in tb.items():
        d1 = ta.get(tid)
        if tid in fail:
            n_failing += 1
            out.original_failing_s += float(d0.get("seconds", 0.0) or 0.0)
            if d1 is not None:
                out.failing_s += float(d1.get("seconds", 0.0) or 0.0)
            continue
        if d0.get("outcome") != "passed" or d1 is None:
            continue
        if d1.get("outcome") != "passed":
            out.broke += 1
            continue
        passing_s[0] += float(d0.get("seconds", 0.0) or 0.0)
        passing_s[1] += float(d1.get("seconds", 0.0) or 0.0)
        l0 = {(f, int(ln)) for f, ln in d0.get("lines", [])}
        l1 = _lines(d1, maps, _guard_heads(d1, guards))
        if any(int(ln) in edits.get(f, ()) for f, ln in d1.get("lines", [])):
            out.exercised += 1
        union = l0 | l1
        if union and l0 != l1:
            out.distance += len(l0 ^ l1) / len(union)
            out.changed_tests += 1
    out.slow = out.failing_s > slow_limit(out.original_failing_s, n_failing, *passing_s)
    return out


def slow_limit(
    original_s: float, n_failing: int, passing_before: float, passing_after: float
) -> float:
    """Seconds past which a patch's traced failing tests count as slow (:attr:`Behaviour.slow`).

    ``SLOW_FACTOR`` times the original's traced failing seconds, times the load factor (how much
    slower the passing tests, which the patch does not speed up or slow down by design, ran in
    the patch's traced run: at least 1, at most ``SLOW_LOAD_CAP``; measured only when they took
    0.05 s or more), plus ``SLOW_FLOOR_S`` per failing test: a traced failing test that passes
    now runs code it never reached when it failed early (imports, tracing of the rest of the
    test), which costs a noise allowance per test, not per run. (A correct patch of a real
    project's cache was dropped at one second for the whole run: 3.46 s traced against 0.63 s,
    while plain pytest ran 0.31 s against 0.32 s.)
    """
    load = 1.0
    if passing_before >= 0.05:
        load = min(SLOW_LOAD_CAP, max(1.0, passing_after / passing_before))
    return SLOW_FACTOR * original_s * load + SLOW_FLOOR_S * max(1, n_failing)


def rank_plausible(
    plausible: Sequence[Candidate],
    before: dict[str, Any],
    failing: Sequence[str],
    trace: Callable[[Candidate], dict[str, Any] | None],
    *,
    limit: int = 3,
    deadline: float | None = None,
    probe: Callable[[list[Candidate]], dict[int, Probe]] | None = None,
    patched: frozenset[str] = frozenset(),
    values: Callable[[list[Candidate]], dict[int, bool]] | None = None,
    record: dict[str, Any] | None = None,
) -> tuple[list[Candidate], list[str]]:
    """Order plausible patches by behaviour change (see the module docstring); drop slow ones.

    Args:
        plausible: plausible candidates in screening order.
        before: the traced run's spectrum on the original code.
        failing: the originally failing test ids.
        trace: runs the traced suite with a candidate applied and returns its spectrum (None:
            the run failed; the candidate then keeps its place, unjudged).
        limit: at most this many candidates are traced (the first ones by the smallest diff, and
            the best-scored one: :func:`_traced_first`).
        deadline: a ``time.monotonic()`` value after which no further trace starts.
        probe: runs the contenders (the patches the traced evidence ties with the best) on
            extra inputs (``id`` -> :class:`~.agree.Probe`; :func:`.agree.probe_outputs`): their
            type shift, agreement and departure from the original break the tie.
        patched: attribute names the failing tests replace (:func:`.rank_intent.patched_names`):
            a patch that adds a read of one goes first among patches still tied after 5.
        values: runs the passing tests unvaried under the original and each given patch and
            says per ``id`` whether their calls returned other values
            (:func:`.agree_scenario.value_changes`); asked only when the best patches tied on
            1.-3. differ in whether a passing test runs them (4.).
        record: when given, filled with the evidence of the choice: ``"order"`` (the ranking
            key of each patch in the final order, a list of lists), ``"probes"`` (``id`` ->
            :class:`~.agree.Probe` of the contenders) and ``"keys"`` (``id`` -> key).

    Returns:
        ``(ordered candidates, notes)``: the slow ones left out, each judgement noted; no
        candidate when the evidence declines to choose (see the module docstring).
    """
    order = {id(c): i for i, c in enumerate(plausible)}
    by_size = sorted(
        plausible,
        key=lambda c: (candidate_dead_stores(c), c.diff_lines, c.diff_chars, order[id(c)]),
    )
    if len(by_size) < 2 and not before.get("tests"):
        return by_size, []
    judged: dict[int, Behaviour] = {}
    notes: list[str] = []
    for c in _traced_first(by_size, limit):
        if deadline is not None and time.monotonic() > deadline:
            notes.append("behaviour comparison stopped at the time budget")
            break
        after = trace(c)
        if after is None:
            continue
        b = compare(before, after, c, failing)
        judged[id(c)] = b
        verdict = "dropped: failing tests over 3x slower" if b.slow else "kept"
        notes.append(f"{c.template} at {c.where()}: {b.words()}; {verdict}")
    kept = [c for c in by_size if not (id(c) in judged and judged[id(c)].slow)]
    for c in [c for c in kept if c.template in DELETIONS and candidate_dead_stores(c) > 0]:
        kept.remove(c)
        notes.append(
            f"{c.template} at {c.where()}: dropped: the deletion leaves a computed value or a "
            f"parameter unread (removed functionality)"
        )

    changed_values: dict[int, bool] = {}

    def traced_key(c: Candidate) -> tuple[int, int, int, float, int, int, int]:
        b = judged.get(id(c))
        dead = candidate_dead_stores(c)
        unfilled = candidate_unfilled(c)
        constant = (
            1 if counter_to_constant(c) or stops_accumulating(c) or deeper_than_twin(c) else 0
        )
        if b is None:
            return (1, unfilled, constant, 0.0, dead, 0, 0)
        bucket = round(b.distance / DISTANCE_TIE) * DISTANCE_TIE
        moved = 1 if changed_values.get(id(c)) else 0
        return (0, unfilled, constant, bucket + b.broke, dead, moved, 0 if b.exercised else 1)

    # a +sibling completion (siblings.py) takes its half fix's place at the end; it neither
    # competes with nor votes against the other patches (a wrong half fix's completion would
    # agree with it)
    wholes = [c for c in kept if c.completes]
    kept = [c for c in kept if not c.completes]
    size = _sizes(kept)
    kept.sort(key=lambda c: (traced_key(c), size[id(c)], -c.score, c.diff_chars, order[id(c)]))
    # 4. decides between the best patches: first ask whether the ones the passing tests run
    # change what those tests' calls return (a path kept, values changed: no check at all)
    tied = [c for c in kept if traced_key(c)[:5] == traced_key(kept[0])[:5]] if kept else []
    mixed = {judged[id(c)].exercised > 0 for c in tied if id(c) in judged}
    if values is not None and len(mixed) == 2 and (deadline is None or time.monotonic() < deadline):
        try:
            changed_values.update(values(tied[: limit + 2]))
        except (OSError, RuntimeError, ValueError) as exc:
            notes.append(f"passing tests' return values not compared: {exc}")
        for c in tied[: limit + 2]:
            if changed_values.get(id(c)):
                notes.append(
                    f"{c.template} at {c.where()}: the passing tests' calls return other values"
                )
        kept.sort(key=lambda c: (traced_key(c), size[id(c)], -c.score, c.diff_chars, order[id(c)]))
    # the contenders: the patches the traced evidence cannot tell from the best one
    contenders = [c for c in kept if kept and traced_key(c) == traced_key(kept[0])][: limit + 2]
    probes: dict[int, Probe] = {}
    if probe is not None and len(contenders) >= 2:
        if deadline is None or time.monotonic() < deadline:
            try:
                probes = probe(contenders)
            except (OSError, RuntimeError, ValueError) as exc:
                notes.append(f"extra-input comparison failed: {exc}")
    # degenerate patches (one output on every input that runs the change) lose to patches whose
    # outputs vary there, and give no votes: several of them agree with each other by nature
    vary = {
        id(c): None if returns_literal(c) else varies(probes[id(c)])
        for c in contenders
        if id(c) in probes
    }
    collapsed: set[int] = set()
    if any(vary.values()):
        collapsed = {k for k, v in vary.items() if v is False}
    # scenario probes (agree_scenario.py): no votes (mutants of one line agree with each other
    # on the tests' neighbourhood by construction), and departure counts only as none or some
    scenario = any(p.group == SCENARIOS for p in probes.values())
    agreed = (
        {}
        if scenario
        else agreement_among(probes, [c for c in contenders if id(c) not in collapsed])
    )
    groups = {probes[id(c)].group if id(c) in probes else None for c in contenders}
    if len(groups) != 1 or None in groups:
        probes = {}  # kind and departure measured on different inputs, or not for some
    for c in contenders:
        p = probes.get(id(c))
        said = [f"agrees on {agreed[id(c)]:.0%}"] if id(c) in agreed else []
        if p is not None:
            said.append(f"returns another kind of value on {type_shift(p):.0%}")
            said.append(f"departs from the original on {departure(p):.0%}")
        if id(c) in collapsed:
            said.append("returns one value on every input that runs the change (degenerate)")
        if said:
            notes.append(f"{c.template} at {c.where()}: on extra inputs {', '.join(said)}")

    narrower = condition_ranks(kept)  # the same condition changed less (rank_condition.py)

    def key(c: Candidate) -> tuple[Any, ...]:
        p = probes.get(id(c))
        shift = round(type_shift(p), 1) if p is not None else 0.0
        agree_rank = -round(agreed.get(id(c), 0.0), 1)
        depart = round(departure(p), 2) if p is not None else 0.0
        if scenario and p is not None:
            depart = 0.0 if departure(p) == 0 else 1.0
        return (
            *traced_key(c),
            type_clash(c),
            shift,
            1 if id(c) in collapsed and p is not None else 0,
            agree_rank,
            depart,
            1 if drops_documented(c) else 0,
            1 if flips_default(c) else 0,
            narrower.get(id(c), 0),
            0 if reads_patched(c, patched) else 1,
            0 if documented_raise(c) else 1,
            size[id(c)],
            1 if is_deletion(c) else 0,
            -c.score,
            changed_subtree(c),
            c.diff_chars,
            order[id(c)],
        )

    ordered = sorted(kept, key=key)
    if record is not None:
        record["keys"] = {id(c): list(key(c)) for c in ordered}
        record["order"] = [list(key(c)) for c in ordered]
        record["probes"] = dict(probes)
        record["judged"] = dict(judged)
    if len(ordered) >= 2 and agreed:
        top, runner_up = ordered[0], ordered[1]
        share = max(agreed.values())
        n = len(traced_key(top)) + 3  # the traced evidence, type clash, kind of value, degeneracy
        if key(top)[:n] == key(runner_up)[:n] and key(top)[0] == 0 and share < DECLINE_BELOW:
            notes.append(
                f"declined: {len(ordered)} plausible patches that the tests cannot tell apart "
                f"(same behaviour change, dead stores, checked lines and kind of result) "
                f"disagree on extra inputs; none gives the majority output on more than "
                f"{share:.0%} of them"
            )
            return [], notes
    return _with_completions(ordered, wholes, traced_key), notes


def _traced_first(by_size: list[Candidate], limit: int) -> list[Candidate]:
    """The plausible patches to trace: the first ``limit`` by size, and the best-scored one.

    With more plausible patches than ``limit``, the one the search ranked best (the highest
    ``Candidate.score``: suspiciousness x the template's prior, the screening order) takes the
    last place if the sizes left it out: an untraced patch goes after every traced one, so a
    fix a few characters longer than several wrong one-token patches (``and`` -> ``or`` beside
    ``<`` -> ``>``, ``2`` -> ``8``, ``2`` -> ``10``) would lose without being looked at.
    """
    chosen = list(by_size[:limit])
    if len(by_size) > limit and limit > 0:
        best = max(by_size, key=lambda c: c.score)
        if all(best is not c for c in chosen):
            chosen[-1] = best
    return chosen


def _with_completions(
    ordered: list[Candidate], wholes: list[Candidate], traced_key: Callable[[Candidate], Any]
) -> list[Candidate]:
    """``ordered`` with each ``+sibling`` completion just before its half fix.

    Only when the traced evidence of the completion is as good as its half's, its sibling
    edit replaces the same kind of code (:func:`.rank_intent.same_kind_of_site`) and lies in no
    other condition of the half fix's ``if``/``elif`` chain (:func:`.rank_intent.same_case_chain`;
    else it goes
    last, as does a completion whose half is not in ``ordered``): the same edit at a sibling line
    a passing test runs, where the visible tests check one site of a bug made twice.
    """
    out = list(ordered)
    for w in wholes:
        at = next((i for i, c in enumerate(out) if c.key == w.completes), None)
        if (
            at is not None
            and traced_key(w) <= traced_key(out[at])
            and same_kind_of_site(out[at], w)
            and not same_case_chain(out[at], w)
        ):
            out.insert(at, w)
        else:
            out.append(w)
    return out


def traced_with(
    screener: Any, cand: Candidate, *, wall_s: float, per_test_s: float | None
) -> dict[str, Any] | None:
    """The traced suite's spectrum with ``cand`` written into the screener's work tree.

    The files are restored afterwards (also on error). Returns None when the traced run failed.
    """
    root = screener.work_root
    files = {cand.path: cand.new_source}
    for extra in cand.also:
        files[extra.path] = extra.new_source
    saved: dict[str, bytes | None] = {}
    try:
        for rel, text in files.items():
            p = root / rel
            saved[rel] = p.read_bytes() if p.exists() else None
            write_source(str(p), text.encode("utf-8"))
        return dict(screener.localize(wall_s=wall_s, per_test_s=per_test_s))
    except (RuntimeError, OSError, ValueError):
        return None
    finally:
        for rel, data in saved.items():
            write_source(str(root / rel), data)


def _passing_near(spectrum: dict[str, Any], cands: Sequence[Candidate]) -> list[str]:
    """Ids of the tests that passed on the original code and ran a line of a patched file."""
    files = {c.path for c in cands} | {x.path for c in cands for x in c.also}
    return [
        str(t)
        for t, d in spectrum.get("tests", {}).items()
        if d.get("outcome") == "passed" and any(f in files for f, _ in d.get("lines", []))
    ]


def judge(
    limit: int,
    plausible: list[Candidate],
    an: Any,
    screener: Any,
    spectrum: dict[str, Any],
    port: Any,
) -> list[Candidate]:
    """The engine's call: :func:`rank_plausible` with traced runs of the screener's work tree.

    Args:
        limit: most plausible patches traced.
        plausible: the plausible candidates, smallest first.
        an: the engine's :class:`~fixloop.repair.engine.Analysis` (``failing``, ``budget_s``;
            the judgements go to its ``notes``).
        screener: the :class:`~fixloop.repair.screen.WarmScreener` of the analysis.
        spectrum: the traced run's spectrum on the original code.
        port: the :class:`~fixloop.repair.port.RepairPort` (the traced run's limits).

    Returns:
        the plausible candidates, best first, the slow ones left out.
    """
    from fixloop.repair.agree_scenario import contender_probes, value_changes
    from fixloop.repair.budgets import trace_limits

    wall_s, per_test_s = trace_limits(port)
    ordered, notes = rank_plausible(
        plausible,
        spectrum,
        an.failing,
        lambda c: traced_with(screener, c, wall_s=wall_s, per_test_s=per_test_s),
        limit=limit,
        deadline=time.monotonic() + max(0.5 * float(an.budget_s or 0.0), 5.0),
        probe=lambda cs: contender_probes(
            screener, cs, wall_s=max(10.0, wall_s), passing=_passing_near(spectrum, cs)
        ),
        patched=patched_names(Path(screener.work_root), an.failing),
        values=lambda cs: value_changes(
            screener, cs, wall_s=max(10.0, wall_s), passing=_passing_near(spectrum, cs)
        ),
    )
    an.notes.extend(notes)
    return ordered
