"""The offline repair engine: generate-and-validate program repair over a :class:`RepairPort`.

In the line of GenProg (Le Goues et al., "GenProg: A Generic Method for Automatic Software Repair",
TSE 2012), PraPR (Ghanbari et al., "Practical Program Repair via Bytecode Mutation", ISSTA 2019)
and TBar (Liu et al., "TBar: Revisiting Template-based Automated Program Repair", ISSTA 2019),
:meth:`RepairEngine.analyze` works in a scratch copy of the workspace:

1. **Localize** (:mod:`.localize`): one traced run of the suite under isolation; lines ranked by
   Ochiai, failure tracebacks and the functions the failing tests call.
2. **Generate** (:mod:`.templates`): fix templates on the syntax tree of the suspicious lines;
   each candidate is ranked by ``suspiciousness x template prior``.
3. **Screen** (:mod:`.screen`): a warm pytest process forks one child per candidate; a candidate
   is *plausible* when the failing tests pass and then the full suite passes in the scratch copy.
   A second round combines partial fixes (two changes that each fix some failing tests) and
   repeats a change at identical sites (multi-location bugs); a plausible one-site change is
   completed by the same edit at its sibling sites (:mod:`.siblings`).

The engine never writes the workspace (``port.root``): it reads it, and writes only
``port.scratch_dir``, through ``port.runner`` for anything that runs code. Applying a plausible
candidate through the tools and the gate is the model adapter's part
(:class:`fixloop.models.repair.RepairModel`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fixloop.repair.budgets import (
    import_failure,
    rescaled_budget,
    screen_budget,
    screen_per_test,
    suite_seconds,
)
from fixloop.repair.candidate import Candidate
from fixloop.repair.combine import combine, replicate
from fixloop.repair.compact import generate_compact
from fixloop.repair.deadstore import candidate_dead_stores
from fixloop.repair.handover import judge_room, past_budget, second_room, within_deadline
from fixloop.repair.localize import Suspect, by_file, rank
from fixloop.repair.overfit import judge
from fixloop.repair.port import RepairPort
from fixloop.repair.screen import ScreenResult, WarmScreener
from fixloop.repair.siblings import sibling_candidates
from fixloop.repair.templates_context_stmt import expected_literal_candidates, failing_literals
from fixloop.repair.templates_guards import none_check_boost
from fixloop.repair.templates_names import FailureHints, hinted_candidates, hints_from_spectrum
from fixloop.repair.traced import read_sources, scratch_copy, traced_spectrum, without_tests
from fixloop.targets import covers
from fixloop.workspace import is_test_file as is_test_path

#: The templates' entry point: ``(source, path, suspicious, *, max_candidates) -> [Candidate]``.
Generator = Callable[..., list[Candidate]]


@dataclass
class Tried:
    """A screened candidate and its result (for the report and for combinations)."""

    candidate: Candidate
    result: ScreenResult


@dataclass
class Analysis:
    """What localization and screening found.

    Attributes:
        failing: failing test node ids (as pytest names them from the workspace root).
        suspects: ranked suspicious lines.
        generated: candidates generated (after dedup).
        tried: screened candidates with their results, in screening order.
        plausible: plausible candidates, best first (smallest diff, then screening order).
        seconds: wall-clock seconds of the whole analysis.
        screen_seconds: seconds spent in screening runs.
        localize_seconds: seconds of the copy and the traced run.
        generate_seconds: seconds of ranking and candidate generation.
        notes: human notes (budgets hit, fallbacks taken).
        budget_s: the screening budget used, seconds (given, or derived from the measured cost
            of a candidate: :func:`fixloop.repair.budgets.screen_budget`).
        per_test_s: the per-test limit of the screening runs, seconds (None: none).
        hung: tests the traced run's per-test limit stopped.
        import_error: set when the traced run in the scratch copy could not import the
            project (a line the baseline did not show): the analysis stops there and says so
            instead of screening candidates against an import failure.
        phases: where the analysis spent its time, ``{phase: [wall_s, cpu_s]}`` (CPU: this
            process and its finished children, the sandboxed runs; :func:`cpu_seconds`), phases
            ``copy``, ``trace``, ``rank``, ``generate``, ``screen``, ``second_round`` (building
            its combinations), ``judge``; on a loaded machine the CPU seconds are the steadier.
        unrelated: with ``--target`` (``RepairPort.targets``), the failing tests of the traced
            run that no target covers: left out of localization, and a candidate may leave them
            failing (:meth:`fixloop.repair.screen.WarmScreener.screen`'s ``unrelated``).
    """

    failing: list[str] = field(default_factory=list)
    suspects: list[Suspect] = field(default_factory=list)
    generated: int = 0
    tried: list[Tried] = field(default_factory=list)
    plausible: list[Candidate] = field(default_factory=list)
    seconds: float = 0.0
    screen_seconds: float = 0.0
    localize_seconds: float = 0.0
    generate_seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    budget_s: float = 0.0
    per_test_s: float | None = None
    hung: list[str] = field(default_factory=list)
    import_error: str = ""
    unrelated: list[str] = field(default_factory=list)
    phases: dict[str, list[float]] = field(default_factory=dict)

    def clock(self, phase: str, since: tuple[float, float]) -> tuple[float, float]:
        """Add the wall and CPU seconds from ``since`` (a :func:`cpu_seconds` pair) to ``phase``.

        Returns:
            the pair of now, the next phase's start.
        """
        now = (time.monotonic(), cpu_seconds())
        spent = self.phases.setdefault(phase, [0.0, 0.0])
        spent[0] += now[0] - since[0]
        spent[1] += now[1] - since[1]
        return now

    def timing(self) -> str:
        """One sentence: where the analysis spent its time."""
        return (
            f"Localized in {self.localize_seconds:.1f} s, generated {self.generated} candidates "
            f"in {self.generate_seconds:.1f} s, screened {len(self.tried)} in "
            f"{self.screen_seconds:.1f} s."
        )

    def best_tried(self, n: int = 5) -> list[Tried]:
        """The ``n`` most promising screened candidates (most failing tests fixed, then score)."""
        order = {"plausible": 0, "breaks_suite": 1, "partial": 2}
        ranked = sorted(
            self.tried,
            key=lambda t: (order.get(t.result.status, 3), -t.result.fixed, -t.candidate.score),
        )
        return ranked[:n]


def cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and of its children that have ended.

    The sandboxed runs (traced run, screening server and its forks) are children that have
    ended by the time their ``run`` returns, so a phase's difference counts them.
    """
    try:
        import resource
    except ImportError:  # not POSIX: this process only
        return time.process_time()
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _default_generator() -> Generator:
    from fixloop.repair.templates import generate_candidates

    return generate_candidates


#: plausible candidates completed at their sibling sites, and most completions screened
SIBLING_SOURCES = 6
SIBLING_MAX = 12

#: How far a seed moves a candidate's weight: each weight is multiplied by a factor drawn
#: uniformly from ``[1 - SEED_JITTER, 1 + SEED_JITTER]``.
SEED_JITTER = 0.5


def order_candidates(
    cands: list[Candidate], line_decay: float = 1.0, seed: int = 0
) -> list[Candidate]:
    """Order candidates for screening.

    Screening order: ``score`` (suspiciousness x prior), the k-th best candidate of the same line
    weighted by ``line_decay ** k``, so that the budget spreads over the suspicious lines
    (localization ties whole blocks) instead of trying every template of one line first.

    Ties go to the smaller diff, then to the generator's order. A non-zero ``seed`` (the attempts
    of ``--attempts``) multiplies each weight by a factor drawn from ``random.Random(seed)``
    within ``1 +- SEED_JITTER``, in the unseeded order: another search order over the same
    candidates, the same for the same seed. Seed 0 is the unseeded order.
    """
    order = {id(c): i for i, c in enumerate(cands)}
    by_line: dict[tuple[str, int], list[Candidate]] = {}
    for c in sorted(cands, key=lambda c: (-c.score, c.diff_lines, order[id(c)])):
        by_line.setdefault((c.path, c.line), []).append(c)
    weight = {
        id(c): c.score * (line_decay**k) for group in by_line.values() for k, c in enumerate(group)
    }
    if seed:
        rng = random.Random(seed)
        for c in sorted(cands, key=lambda c: (-weight[id(c)], c.diff_lines, order[id(c)])):
            weight[id(c)] *= rng.uniform(1.0 - SEED_JITTER, 1.0 + SEED_JITTER)
    return sorted(cands, key=lambda c: (-weight[id(c)], c.diff_lines, order[id(c)]))


class RepairEngine:
    """Localize, generate and screen candidate patches (see the module docstring).

    Args:
        max_candidates: most candidates screened over all rounds.
        time_budget_s: wall-clock budget of screening, seconds; None (the default) derives it
            from the measured cost of one candidate (:func:`.budgets.screen_budget`, sized by the
            port's :class:`~fixloop.types.RepairBudget`). The traced run's own limits are derived
            from the port's test-run and per-test limits (:func:`.budgets.trace_limits`).
        extra_candidates: after the first plausible candidate, how many more to screen looking
            for a smaller plausible patch; ``extra_s`` caps that extra search in seconds (None:
            a quarter of the screening budget, at least 1 s: an overfitting patch wins when the
            right one, a few places later in the order, is never screened).
        extra_elsewhere: then up to this many more, of lines with no plausible patch yet
            (:meth:`_elsewhere_round`).
        max_plausible: stop screening after this many plausible candidates.
        max_lines: most suspicious lines handed to the templates.
        per_file_candidates: ``max_candidates`` passed to the templates for one file.
        combine_top: partial fixes combined pairwise in the second round.
        pairs: most two-location pairs (:func:`templates.pair_candidates`) in the second round.
        pair_pool: how many of the best single candidates are paired.
        line_decay: weight of the k-th candidate of one line, ``line_decay ** k``
            (:func:`order_candidates`).
        fork: False makes the screening server run one pytest subprocess per candidate.
        generator: the candidate generator (default :func:`templates.generate_candidates`).
        seed: the search order's seed (:func:`order_candidates`; 0: the unseeded order).
        judge_plausible: plausible patches traced to compare their behaviour (:func:`.overfit.judge`).
    """

    def __init__(
        self,
        *,
        max_candidates: int = 300,
        time_budget_s: float | None = None,
        extra_candidates: int = 32,
        extra_elsewhere: int = 96,
        extra_s: float | None = None,
        max_plausible: int = 6,
        max_lines: int = 60,
        per_file_candidates: int = 500,
        combine_top: int = 8,
        pairs: int = 100,
        pair_pool: int = 60,
        line_decay: float = 1.0,
        fork: bool = True,
        generator: Generator | None = None,
        seed: int = 0,
        judge_plausible: int = 6,
    ) -> None:
        self.seed = seed
        self.judge_plausible = judge_plausible
        self.max_candidates = max_candidates
        self.time_budget_s = time_budget_s
        self.extra_candidates = extra_candidates
        self.extra_elsewhere = extra_elsewhere
        self.extra_s = extra_s
        self.max_plausible = max_plausible
        self.max_lines = max_lines
        self.per_file_candidates = per_file_candidates
        self.combine_top = combine_top
        self.pairs = pairs
        self.pair_pool = pair_pool
        self.line_decay = line_decay
        self.fork = fork
        self._generator = generator
        #: the templates' own generator also gets the failing tests' hints
        self._hinted = generator is None

    def generator(self) -> Generator:
        """The candidate generator in use (templates by default)."""
        if self._generator is None:
            self._generator = _default_generator()
        return self._generator

    def analyze(self, port: RepairPort) -> Analysis:
        """Localize, generate and screen in a scratch copy of ``port.root``.

        Args:
            port: the workspace, the scratch folder and the isolated command runner.

        Returns:
            the :class:`Analysis` (``failing`` empty when no test fails: nothing to repair).

        Raises:
            OSError: the scratch copy could not be made.
        """
        t0 = time.monotonic()
        mark = (t0, cpu_seconds())
        root = Path(port.root)
        base = Path(port.scratch_dir) / "repair"
        work, engine_dir = base / "work", base / "engine"
        scratch_copy(root, work)
        screener = WarmScreener(
            port.runner,
            work,
            engine_dir,
            python=port.python,
            pytest_args=port.pytest_args,
            limits=port.limits,
            fork=self.fork,
            env=dict(port.env),
            extra_ro=[root],
        )
        an = Analysis()
        mark = an.clock("copy", mark)
        spectrum = traced_spectrum(port, screener, an.notes)
        mark = an.clock("trace", mark)
        tests = spectrum.get("tests", {})
        an.hung = [str(t) for t in spectrum.get("hung", [])]
        an.failing = [t for t, d in tests.items() if d.get("outcome") == "failed"]
        if port.targets:  # the run is about the targets' failures only (``--target``)
            an.unrelated = [t for t in an.failing if not any(covers(g, t) for g in port.targets)]
            an.failing = [t for t in an.failing if t not in an.unrelated]
            spectrum = without_tests(spectrum, an.unrelated)
            # the baseline's, also those a selective traced run did not run (arrow 1.3.0)
            an.unrelated += [t for t in port.other_failing if t not in an.unrelated]
            tests = spectrum.get("tests", {})
        an.import_error = import_failure(spectrum, port.baseline_output)
        if an.import_error:
            an.notes.append(f"the analysis could not import the project: {an.import_error}")
            an.localize_seconds = an.seconds = time.monotonic() - t0
            return an
        collect_errors = spectrum.get("collect_errors", [])
        if not an.failing and collect_errors:
            an.failing = [e.split("\n", 1)[0] for e in collect_errors if e.split("\n", 1)[0]]
        if not an.failing and port.baseline_failing:
            an.failing = list(port.baseline_failing)
            if an.failing:
                an.notes.append("the traced run saw no failure; using the baseline's failing ids")
        if not an.failing:
            an.seconds = time.monotonic() - t0
            return an

        an.localize_seconds = time.monotonic() - t0
        sources = read_sources(work, spectrum)
        an.suspects = rank(
            spectrum, sources, failure_text=port.baseline_output, root=root, limit=self.max_lines
        )
        hints = hints_from_spectrum(spectrum) if self._hinted else None
        mark = an.clock("rank", mark)
        cands = self._generate(work, an.suspects, sources, hints, failing_literals(spectrum))
        mark = an.clock("generate", mark)
        an.generated = len(cands)
        an.generate_seconds = time.monotonic() - t0 - an.localize_seconds

        # screening budgets, from what the traced run measured
        an.per_test_s = screen_per_test(port, spectrum)
        suite_s = suite_seconds(spectrum, an.per_test_s, port.baseline_seconds)
        # a selective traced run's passing tests: screened after the failing ones, before the
        # full suite (a candidate breaking its neighbours costs no full run)
        near = (
            [t for t, d in tests.items() if d.get("outcome") == "passed"]
            if spectrum.get("selected")
            else []
        )
        if self.time_budget_s is not None:
            budget_s = float(self.time_budget_s)
        else:
            budget_s = screen_budget(port, spectrum, an.failing, an.per_test_s, screener.workers)
        an.budget_s = budget_s = within_deadline(port, budget_s, spectrum, an.notes)
        extra_s = self.extra_s if self.extra_s is not None else max(1.0, 0.25 * budget_s)
        timeout_full = max(5.0, 3.0 * suite_s + 2.0)
        timeout_failing = max(3.0, 2.0 * suite_s + 1.0)
        deadline = time.monotonic() + budget_s  # the screening budget

        def remaining() -> float:
            return deadline - time.monotonic()

        def run_round(batch: list[Candidate], share: float, room: int | None = None) -> list[Tried]:
            left = self.max_candidates - len(an.tried) if room is None else room
            if not batch or left <= 0 or remaining() <= 0.5:
                return []
            s0 = (time.monotonic(), cpu_seconds())
            results = screener.screen(
                batch,
                an.failing,
                deadline_s=max(0.5, remaining() * share),
                max_candidates=left,
                max_plausible=self.max_plausible,
                extra_after_first=self.extra_candidates,
                extra_s=extra_s,
                timeout_failing_s=timeout_failing,
                timeout_full_s=timeout_full,
                suite_s=suite_s,
                per_test_s=an.per_test_s,
                near=near,
                unrelated=an.unrelated,
            )
            an.screen_seconds += an.clock("screen", s0)[0] - s0[0]
            got = [Tried(batch[r.index], r) for r in results]
            an.tried.extend(got)
            return got

        screen_start = time.monotonic()
        first = run_round(cands, 0.75)
        if self.time_budget_s is None and first:
            # the budget sized again by the measured cost of a candidate (a loaded machine)
            again = rescaled_budget(
                port, [t.result.seconds for t in first], suite_s, screener.workers
            )
            if again > budget_s:
                an.budget_s = budget_s = again
                deadline = max(deadline, screen_start + again)
        hit = next((i for i, t in enumerate(first) if t.result.plausible), None)
        if hit is not None and len(first) < len(cands):
            # the first round's share of the budget ended the extra candidates after the first
            # plausible one early: the rest of them, within the (rescaled) budget, so that the
            # judge has its alternatives
            more = self.extra_candidates - (len(first) - 1 - hit)
            found = sum(1 for t in first if t.result.plausible)
            if more > 0 and found < self.max_plausible and remaining() > 0.5:
                screened = {id(t.candidate) for t in first}
                rest = [c for c in cands if id(c) not in screened]
                share = min(1.0, extra_s / remaining())  # at most the extra search's seconds
                run_round(rest, share, room=min(more, self.max_candidates - len(an.tried)))
        self._elsewhere_round(an, cands, run_round, extra_s, remaining)
        if not any(t.result.plausible for t in first):
            # second round: combinations backed by evidence (partial fixes), then the singles
            # not reached yet, then the templates' two-location pairs
            s2 = (time.monotonic(), cpu_seconds())
            evidence, pairs = self._second_round(first, cands)
            an.clock("second_round", s2)
            screened = {id(t.candidate) for t in first}
            rest = [c for c in cands if id(c) not in screened]
            deadline = max(deadline, time.monotonic() + second_room(port, spectrum, an.notes))
            run_round([*evidence, *rest, *pairs], 1.0)

        # the same edit at the sibling sites of a plausible one-site patch (two-site bugs whose
        # half fix passes the visible tests: siblings.py); a few candidates, screened at the
        # measured cost of one even when the budget is spent
        s3 = (time.monotonic(), cpu_seconds())
        sibs = self._sibling_round(an.tried, tests)
        an.clock("second_round", s3)
        if sibs:
            costs = sorted(t.result.seconds for t in an.tried) or [1.0]
            need = costs[len(costs) // 2] * len(sibs) + 1.0
            if remaining() < need:
                deadline = time.monotonic() + past_budget(port, need)
            run_round(sibs, 1.0, room=len(sibs))

        plausible = [t.candidate for t in an.tried if t.result.plausible]
        order = {id(c): i for i, c in enumerate(plausible)}
        plausible.sort(  # fewest dead stores (deadstore.py), then the smallest diff
            key=lambda c: (candidate_dead_stores(c), c.diff_lines, c.diff_chars, order[id(c)])
        )
        if plausible and self.judge_plausible > 0 and judge_room(port, an.notes):  # overfit.py
            j0 = (time.monotonic(), cpu_seconds())
            plausible = judge(self.judge_plausible, plausible, an, screener, spectrum, port)
            an.clock("judge", j0)
        an.plausible = plausible
        if len(an.tried) >= self.max_candidates:
            an.notes.append(f"candidate budget used up ({self.max_candidates})")
        if remaining() <= 0:
            an.notes.append(f"time budget used up ({budget_s:.0f} s)")
        an.seconds = time.monotonic() - t0
        return an

    def _elsewhere_round(
        self, an: Analysis, cands: list[Candidate], run_round: Any, extra_s: float, left: Any
    ) -> None:
        """Up to ``extra_elsewhere`` more candidates after the extra ones, off the plausible lines.

        Only candidates of lines where no plausible patch was found: an alternative at another
        place is another hypothesis of the fault's location for the judge, while more variants
        of a line that already has a plausible patch are mostly mutants fitting the same tests
        (bugsuite-dev prime-check: ``n < 2`` -> ``n > 2`` beside the fix ``and`` -> ``or``).
        heldout8: four right fixes 51-88 places after the first plausible one, each on another
        line. Within the extra search's seconds again.
        """
        lines = {(t.candidate.path, t.candidate.line) for t in an.tried if t.result.plausible}
        found = sum(1 for t in an.tried if t.result.plausible)
        if not lines or found >= self.max_plausible or self.extra_elsewhere <= 0 or left() <= 0.5:
            return
        done = {id(t.candidate) for t in an.tried}
        rest = [c for c in cands if id(c) not in done and (c.path, c.line) not in lines]
        room = min(self.extra_elsewhere, self.max_candidates - len(an.tried))
        run_round(rest, min(1.0, extra_s / left()), room=room)

    def _generate(
        self,
        work: Path,
        suspects: Sequence[Suspect],
        sources: dict[str, str],
        hints: FailureHints | None = None,
        literals: Sequence[str] = (),
    ) -> list[Candidate]:
        """Candidates of every suspicious file, in screening order (:func:`order_candidates`).

        With ``hints`` (the failing tests' texts), the candidates only those point at
        (:func:`.templates_names.hinted_candidates`) come before the generator's; with
        ``literals`` (the failing lines' strings), string literals replaced by them
        (:func:`.templates_context_stmt.expected_literal_candidates`) join them. The hints also
        scale scores (:meth:`.templates_names.FailureHints.boost`, and
        :func:`.templates_guards.none_check_boost` after a ``NoneType`` failure).
        """
        gen = self.generator()
        seen: set[tuple[str, ...]] = set()
        out: list[Candidate] = []
        for path, lines in by_file(suspects).items():
            source = sources.get(path)
            if source is None:
                p = work / path
                if not p.is_file():
                    continue
                source = p.read_bytes().decode("utf-8", errors="replace")
            try:
                made = generate_compact(gen, source, path, lines, self.per_file_candidates)
            except Exception:  # noqa: BLE001 - one file's template failure must not end the run
                continue
            if hints is not None:
                made = [*hinted_candidates(source, path, lines, hints), *made]
            none_seen = hints is not None and hints.none_used
            made += expected_literal_candidates(source, path, lines, literals, none_seen=none_seen)
            floor = min(lines.values()) if lines else 0.0
            for c in made:
                if not c.old_source:
                    c.old_source = source
                if c.new_source == c.old_source or c.key in seen or is_test_path(c.path):
                    continue
                seen.add(c.key)
                if c.score <= 0:
                    c.score = lines.get(c.line, 0.5 * floor) * c.prior
                if hints is not None:  # a DID NOT RAISE, a NoneType: the patches answering it
                    c.score *= hints.boost(c)
                    c.score *= none_check_boost(c.old_source, c.new_source, hints.none_used)
                out.append(c)
        return order_candidates(out, self.line_decay, self.seed)

    def _sibling_round(self, tried: list[Tried], tests: dict[str, Any]) -> list[Candidate]:
        """``+sibling`` completions (:func:`.siblings.sibling_candidates`) of the plausible ones.

        The first ``SIBLING_SOURCES`` plausible candidates are completed at sibling lines some
        passing test of the traced run covers; at most ``SIBLING_MAX`` new candidates.
        """
        covered: dict[str, set[int]] = {}
        for d in tests.values():
            if d.get("outcome") == "passed":
                for f, ln in d.get("lines", []):
                    covered.setdefault(str(f), set()).add(int(ln))
        seen = {t.candidate.key for t in tried}
        out: list[Candidate] = []
        plausible = [t.candidate for t in tried if t.result.plausible]
        for c in plausible[:SIBLING_SOURCES]:
            for s in sibling_candidates(c, self.generator(), covered.get(c.path, set())):
                if s.key not in seen and len(out) < SIBLING_MAX:
                    seen.add(s.key)
                    out.append(s)
        return out

    def _second_round(
        self, first: list[Tried], cands: list[Candidate]
    ) -> tuple[list[Candidate], list[Candidate]]:
        """Combinations for multi-location bugs.

        (partial fixes paired and changes repeated at identical lines, the templates' two-location
        pairs).
        """
        partial = [t for t in first if t.result.status == "partial"]
        partial.sort(key=lambda t: (-t.result.fixed, -t.candidate.score))
        partial = partial[: self.combine_top]
        out: list[Candidate] = []
        seen = {c.key for c in cands}

        def add(c: Candidate | None) -> None:
            if c is not None and c.key not in seen:
                seen.add(c.key)
                out.append(c)

        for t in partial:
            add(replicate(t.candidate))
        for i, a in enumerate(partial):
            for b in partial[i + 1 :]:
                # two partial fixes whose fixed tests differ are the likeliest pair
                if set(a.result.still_failing) == set(b.result.still_failing):
                    continue
                add(combine(a.candidate, b.candidate))
        for i, a in enumerate(partial):
            for b in partial[i + 1 :]:
                if set(a.result.still_failing) == set(b.result.still_failing):
                    add(combine(a.candidate, b.candidate))
        # repeated changes of the top single candidates that fixed nothing alone
        for t in first[:30]:
            if t.result.status != "partial":
                add(replicate(t.candidate))
        evidence, out = out, []
        # two-location pairs of the templates (the same fix at two lines first)
        if self.pairs > 0:
            try:
                from fixloop.repair.templates import pair_candidates
            except ImportError:
                return evidence, []
            # bounded: pairing is quadratic in the lines and the candidates per line
            singles = [c for c in cands if not c.also][: self.pair_pool]
            for c in pair_candidates(singles, per_line=6, mixed_per_line=2, limit=self.pairs):
                add(c)
        return evidence, out
