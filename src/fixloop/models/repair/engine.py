"""The offline repair model: generate-and-validate program repair behind the model interface.

:class:`RepairModel` is a model callable (``model(system, messages, tools) -> reply``) that plays
the role of a language model through the same tools and the same gate, in the line of GenProg
(Le Goues et al., "GenProg: A Generic Method for Automatic Software Repair", TSE 2012), PraPR
(Ghanbari et al., "Practical Program Repair via Bytecode Mutation", ISSTA 2019) and TBar (Liu et
al., "TBar: Revisiting Template-based Automated Program Repair", ISSTA 2019):

1. **Localize** (:mod:`.localize`): one traced run of the suite in the sandbox over a scratch copy
   of the workspace; lines ranked by Ochiai, failure tracebacks and the functions the failing
   tests call.
2. **Generate** (:mod:`.templates`): fix templates on the syntax tree of the suspicious lines;
   each candidate is ranked by ``suspiciousness x template prior``.
3. **Screen** (:mod:`.screen`): a warm pytest process in the sandbox forks one child per
   candidate; a candidate is *plausible* when the failing tests pass and then the full suite
   passes in the scratch copy. A second round combines partial fixes (two changes that each fix
   some failing tests) and repeats a change at identical sites (multi-location bugs).
4. **Apply through the tools**: the winning candidate (among the plausible ones found within a
   small extra budget, the smallest diff) is applied with ``edit_file`` calls, checked with
   ``run_tests`` on the failing tests, then the model ends its turn. The gate decides. If an edit
   is refused, the tests still fail, or the gate rejects the claim, the edits are reverted (again
   through ``edit_file``) and the next plausible candidate is tried, within ``max_attempts``.
   When nothing is plausible the model ends its turn saying so, with the best candidates tried.

The model never writes the workspace (``ctx.root``) directly: it reads it, and writes only its
scratch folder (``ctx.scratch_dir``), through the sandbox for anything that runs code.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import stat
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fixloop.models.repair.candidate import Candidate, minimal_edits
from fixloop.models.repair.localize import Suspect, by_file, rank
from fixloop.models.repair.screen import ScreenResult, WarmScreener, is_test_path
from fixloop.prompts import GIVE_UP_PREFIX

#: The templates' entry point: ``(source, path, suspicious, *, max_candidates) -> [Candidate]``.
Generator = Callable[..., list[Candidate]]

_IGNORE = shutil.ignore_patterns(
    ".git",
    "__pycache__",
    "*.pyc",
    ".venv",
    "venv",
    ".tox",
    "node_modules",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".fixloop",
)
_DEFAULT_PYTEST_ARGS = ("-q", "-p", "no:cacheprovider")


class AnalysisError(Exception):
    """The engine could not analyse the workspace (no context, the traced run failed)."""


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


def _default_generator() -> Generator:
    from fixloop.models.repair.templates import generate_candidates

    return generate_candidates


def merge_sources(base: str, a: str, b: str) -> str | None:
    """Combine two changes of the same file: ``b``'s changed hunks applied on ``a``.

    Args:
        base: the original text; ``a`` and ``b`` two changed versions of it.

    Returns:
        the text with both changes, or None when their hunks overlap or touch.
    """
    la, lb, lbase = a.splitlines(True), b.splitlines(True), base.splitlines(True)
    ha = [op for op in difflib.SequenceMatcher(None, lbase, la, autojunk=False).get_opcodes()]
    hb = [op for op in difflib.SequenceMatcher(None, lbase, lb, autojunk=False).get_opcodes()]
    ca = [(i1, i2) for tag, i1, i2, _, _ in ha if tag != "equal"]
    cb = [(i1, i2, j1, j2) for tag, i1, i2, j1, j2 in hb if tag != "equal"]
    for i1, i2, _, _ in cb:
        for k1, k2 in ca:
            if i1 <= k2 and k1 <= i2:  # overlapping or adjacent
                return None
    # walk base, taking a's version of its hunks and b's version of its own
    out: list[str] = []
    ia = {i1: (i2, j1, j2) for tag, i1, i2, j1, j2 in ha if tag != "equal"}
    ib = {i1: (i2, j1, j2) for i1, i2, j1, j2 in cb}
    i = 0
    while i <= len(lbase):
        if i in ia:
            i2, j1, j2 = ia.pop(i)
            out.extend(la[j1:j2])
            if i2 > i:
                i = i2
                continue
        if i in ib:
            i2, j1, j2 = ib.pop(i)
            out.extend(lb[j1:j2])
            if i2 > i:
                i = i2
                continue
        if i < len(lbase):
            out.append(lbase[i])
        i += 1
    return "".join(out)


def replicate(cand: Candidate) -> Candidate | None:
    """The same one-line change made at every other line with the same text (multi-location).

    A candidate that changes exactly one line from ``old`` to ``new`` is extended to all other
    lines of the file whose stripped text is ``old.strip()`` (indentation kept).

    Returns:
        the extended candidate, or None when the change is not a one-line change or there is no
        other identical line.
    """
    a = cand.old_source.splitlines(True)
    b = cand.new_source.splitlines(True)
    ops = [
        op
        for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        if op[0] != "equal"
    ]
    if len(ops) != 1 or ops[0][0] != "replace":
        return None
    _, i1, i2, j1, j2 = ops[0]
    if i2 - i1 != 1 or j2 - j1 != 1:
        return None
    old, new = a[i1], b[j1]
    key = old.strip()
    if not key:
        return None
    ind_old = old[: len(old) - len(old.lstrip())]
    body_new = new[len(ind_old) :] if new.startswith(ind_old) else new.lstrip()
    out, hits = list(b), 0
    for k, line in enumerate(a):
        if k != i1 and line.strip() == key:
            indent = line[: len(line) - len(line.lstrip())]
            out[k] = indent + body_new
            hits += 1
    if not hits:
        return None
    return Candidate(
        path=cand.path,
        new_source="".join(out),
        template=f"{cand.template}+everywhere",
        description=f"{cand.description} (at {hits + 1} identical lines)",
        line=cand.line,
        prior=cand.prior,
        score=cand.score,
        old_source=cand.old_source,
    )


def combine(a: Candidate, b: Candidate) -> Candidate | None:
    """Both candidates' changes together (same file merged, other files in ``also``).

    Returns:
        the combined candidate, or None when the changes overlap.
    """
    if a.also or b.also:
        return None
    if a.path == b.path:
        merged = merge_sources(a.old_source, a.new_source, b.new_source)
        if merged is None or merged in (a.new_source, b.new_source):
            return None
        return Candidate(
            path=a.path,
            new_source=merged,
            template=f"{a.template}+{b.template}",
            description=f"{a.description}; {b.description}",
            line=min(a.line, b.line),
            prior=a.prior * b.prior,
            score=(a.score + b.score) / 2,
            old_source=a.old_source,
        )
    return Candidate(
        path=a.path,
        new_source=a.new_source,
        template=f"{a.template}+{b.template}",
        description=f"{a.description}; {b.path}: {b.description}",
        line=a.line,
        prior=a.prior * b.prior,
        score=(a.score + b.score) / 2,
        old_source=a.old_source,
        also=(b,),
    )


def _make_writable(top: Path) -> None:
    """Give the owner write access in the scratch copy (the screening server rewrites files
    there; inside the sandbox no capability overrides a read-only mode)."""
    for dirpath, dirnames, filenames in os.walk(top):
        for name in [*dirnames, *filenames]:
            p = Path(dirpath) / name
            if p.is_symlink():
                continue
            mode = p.stat().st_mode
            want = mode | stat.S_IWUSR | stat.S_IRUSR | (stat.S_IXUSR if p.is_dir() else 0)
            if want != mode:
                p.chmod(want)


def order_candidates(cands: list[Candidate], line_decay: float = 1.0) -> list[Candidate]:
    """Screening order: ``score`` (suspiciousness x prior), the k-th best candidate of the same
    line weighted by ``line_decay ** k``, so that the budget spreads over the suspicious lines
    (localization ties whole blocks) instead of trying every template of one line first.

    Ties go to the smaller diff, then to the generator's order.
    """
    order = {id(c): i for i, c in enumerate(cands)}
    by_line: dict[tuple[str, int], list[Candidate]] = {}
    for c in sorted(cands, key=lambda c: (-c.score, c.diff_lines, order[id(c)])):
        by_line.setdefault((c.path, c.line), []).append(c)
    weight = {
        id(c): c.score * (line_decay**k) for group in by_line.values() for k, c in enumerate(group)
    }
    return sorted(cands, key=lambda c: (-weight[id(c)], c.diff_lines, order[id(c)]))


def _pytest_args(runner: Any) -> list[str]:
    cmd = getattr(runner, "test_cmd", None)
    if cmd:
        parts = list(cmd) if not isinstance(cmd, str) else cmd.split()
        for i, p in enumerate(parts):
            if p == "pytest" or p.endswith("/pytest") or p == "py.test":
                args = parts[i + 1 :]
                if "no:cacheprovider" not in args:
                    args += ["-p", "no:cacheprovider"]
                return args
    return list(_DEFAULT_PYTEST_ARGS)


def _python(root: Path, runner: Any, configured: str | None) -> str:
    if configured:
        return configured
    for attr in ("python",):
        value = getattr(runner, attr, None)
        if isinstance(value, str) and value:
            return value
    try:
        from fixloop.testrun import find_python

        return find_python(root)
    except ImportError:
        return sys.executable


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return "" if content is None else str(content)


_FAIL_RX = re.compile(
    r"\b[1-9]\d* (failed|errors?)\b|\((failed|collection_error|timed_out|no_tests_collected|"
    r"internal_error|interrupted|usage_error)\)",
)


def shows_failures(content: str, is_error: bool) -> bool:
    """Whether a ``run_tests`` result shows failing tests (read as the tool wrote it).

    Returns True on an error result, a non-zero "N failed"/"N errors" count, or a failing
    outcome in parentheses (``"(failed)"``, ``"(collection_error)"`` ...); False otherwise.
    """
    return is_error or bool(_FAIL_RX.search(content))


class RepairModel:
    """The offline repair engine as a model callable (see the module docstring).

    Args:
        max_candidates: most candidates screened over all rounds.
        time_budget_s: wall-clock budget of screening, seconds.
        extra_candidates: after the first plausible candidate, how many more to screen looking
            for a smaller plausible patch; ``extra_s`` caps that extra search in seconds.
        max_plausible: stop screening after this many plausible candidates.
        max_attempts: plausible candidates tried through the tools and the gate.
        max_lines: most suspicious lines handed to the templates.
        per_file_candidates: ``max_candidates`` passed to the templates for one file.
        combine_top: partial fixes combined pairwise in the second round.
        pairs: most two-location pairs (:func:`templates.pair_candidates`) in the second round.
        pair_pool: how many of the best single candidates are paired.
        line_decay: weight of the k-th candidate of one line, ``line_decay ** k``
            (:func:`order_candidates`).
        fork: False makes the screening server run one pytest subprocess per candidate.
        python: the interpreter for screening (default: the test runner's).
        generator: the candidate generator (default :func:`templates.generate_candidates`).

    Attributes:
        name: ``"repair"``.
        analysis: the :class:`Analysis` after the first call (None before).
    """

    name = "repair"

    def __init__(
        self,
        *,
        max_candidates: int = 300,
        time_budget_s: float = 40.0,
        extra_candidates: int = 6,
        extra_s: float = 4.0,
        max_plausible: int = 3,
        max_attempts: int = 3,
        max_lines: int = 60,
        per_file_candidates: int = 500,
        combine_top: int = 8,
        pairs: int = 100,
        pair_pool: int = 60,
        line_decay: float = 1.0,
        fork: bool = True,
        python: str | None = None,
        generator: Generator | None = None,
    ) -> None:
        self.max_candidates = max_candidates
        self.time_budget_s = time_budget_s
        self.extra_candidates = extra_candidates
        self.extra_s = extra_s
        self.max_plausible = max_plausible
        self.max_attempts = max_attempts
        self.max_lines = max_lines
        self.per_file_candidates = per_file_candidates
        self.combine_top = combine_top
        self.pairs = pairs
        self.pair_pool = pair_pool
        self.line_decay = line_decay
        self.fork = fork
        self.python = python
        self._generator = generator
        self.ctx: Any = None
        self.analysis: Analysis | None = None
        # the state machine over calls
        self._state = "init"
        self._attempt = -1
        self._current: Candidate | None = None
        self._originals: dict[str, str] = {}
        self._pending: dict[str, Any] | None = None
        self._ids = 0
        self._edits_this_phase = 0
        self._log: list[str] = []  # what happened to each attempt, for the final text
        self._final_text = ""

    # ---------------------------------------------------------------------------------------
    # model interface
    # ---------------------------------------------------------------------------------------

    def bind(self, ctx: Any) -> None:
        """Receive the run's :class:`fixloop.types.ModelContext` (called before the first call)."""
        self.ctx = ctx

    def __call__(
        self, system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """One step: analyse on the first call, then apply, check, claim, or revert.

        Returns:
            a reply in Anthropic's content-block shape with zero usage and ``cost_usd`` 0.0.
        """
        tool_names = {t.get("name") for t in tools or []}
        if self._state == "init":
            try:
                self.analysis = self.analyze()
            except Exception as exc:  # noqa: BLE001 - any failure ends the run honestly
                self._state = "done"
                self._final_text = (
                    f"{GIVE_UP_PREFIX} the repair engine could not analyse the project: {exc}"
                )
                return self._end(self._final_text)
            if not self.analysis.failing:
                self._state = "done"
                self._final_text = (
                    f"{GIVE_UP_PREFIX} the repair engine found no failing test in a scratch copy "
                    "of the project; nothing to repair."
                )
                return self._end(self._final_text)
            self._state = "next"
        else:
            self._absorb(messages)
        return self._step(tool_names)

    # ---------------------------------------------------------------------------------------
    # analysis: localize, generate, screen
    # ---------------------------------------------------------------------------------------

    def generator(self) -> Generator:
        """The candidate generator in use (templates by default)."""
        if self._generator is None:
            self._generator = _default_generator()
        return self._generator

    def analyze(self) -> Analysis:
        """Localize, generate and screen in a scratch copy of ``ctx.root``.

        Returns:
            the :class:`Analysis`.

        Raises:
            AnalysisError: no context was bound.
            RuntimeError: the traced run of the suite produced nothing.
        """
        ctx = self.ctx
        if ctx is None:
            raise AnalysisError("no ModelContext was bound (the repair model needs the harness)")
        t0 = time.monotonic()
        root = Path(ctx.root)
        base = Path(ctx.scratch_dir) / "repair"
        work, engine_dir = base / "work", base / "engine"
        if work.exists():
            shutil.rmtree(work)
        shutil.copytree(root, work, ignore=_IGNORE, symlinks=True)
        _make_writable(work)
        runner = ctx.runner
        screener = WarmScreener(
            ctx.sandbox,
            work,
            engine_dir,
            python=_python(root, runner, self.python),
            pytest_args=_pytest_args(runner),
            limits=getattr(runner, "limits", None),
            fork=self.fork,
            env=dict(getattr(runner, "env", {}) or {}),
            extra_ro=[root],
        )
        an = Analysis()
        spectrum = screener.localize(wall_s=max(60.0, self.time_budget_s))
        tests = spectrum.get("tests", {})
        an.failing = [t for t, d in tests.items() if d.get("outcome") == "failed"]
        collect_errors = spectrum.get("collect_errors", [])
        if not an.failing and collect_errors:
            an.failing = [e.split("\n", 1)[0] for e in collect_errors if e.split("\n", 1)[0]]
        baseline = getattr(ctx, "baseline", None)
        if not an.failing and baseline is not None:
            an.failing = list(getattr(baseline, "failing_ids", []) or [])
            if an.failing:
                an.notes.append("the traced run saw no failure; using the baseline's failing ids")
        if not an.failing:
            an.seconds = time.monotonic() - t0
            return an

        an.localize_seconds = time.monotonic() - t0
        sources = self._sources(work, spectrum)
        failure_text = getattr(baseline, "output", "") if baseline is not None else ""
        an.suspects = rank(
            spectrum, sources, failure_text=failure_text, root=root, limit=self.max_lines
        )
        cands = self._generate(work, an.suspects, sources)
        an.generated = len(cands)
        an.generate_seconds = time.monotonic() - t0 - an.localize_seconds

        # screening budgets
        suite_s = float(spectrum.get("seconds", 1.0))
        timeout_full = max(5.0, 3.0 * suite_s + 2.0)
        timeout_failing = max(3.0, 2.0 * suite_s + 1.0)
        deadline = time.monotonic() + self.time_budget_s  # the screening budget

        def remaining() -> float:
            return deadline - time.monotonic()

        def run_round(batch: list[Candidate], share: float) -> list[Tried]:
            left = self.max_candidates - len(an.tried)
            if not batch or left <= 0 or remaining() <= 0.5:
                return []
            s0 = time.monotonic()
            results = screener.screen(
                batch,
                an.failing,
                deadline_s=max(0.5, remaining() * share),
                max_candidates=left,
                max_plausible=self.max_plausible,
                extra_after_first=self.extra_candidates,
                extra_s=self.extra_s,
                timeout_failing_s=timeout_failing,
                timeout_full_s=timeout_full,
                suite_s=suite_s,
            )
            an.screen_seconds += time.monotonic() - s0
            got = [Tried(batch[r.index], r) for r in results]
            an.tried.extend(got)
            return got

        first = run_round(cands, 0.75)
        if not any(t.result.plausible for t in first):
            # second round: combinations backed by evidence (partial fixes), then the singles
            # not reached yet, then the templates' two-location pairs
            evidence, pairs = self._second_round(first, cands)
            screened = {id(t.candidate) for t in first}
            rest = [c for c in cands if id(c) not in screened]
            run_round([*evidence, *rest, *pairs], 1.0)

        plausible = [t.candidate for t in an.tried if t.result.plausible]
        order = {id(c): i for i, c in enumerate(plausible)}
        plausible.sort(key=lambda c: (c.diff_lines, c.diff_chars, order[id(c)]))
        an.plausible = plausible
        if len(an.tried) >= self.max_candidates:
            an.notes.append(f"candidate budget used up ({self.max_candidates})")
        if remaining() <= 0:
            an.notes.append(f"time budget used up ({self.time_budget_s:.0f} s)")
        an.seconds = time.monotonic() - t0
        return an

    def _sources(self, work: Path, spectrum: dict[str, Any]) -> dict[str, str]:
        files: set[str] = set()
        for d in spectrum.get("tests", {}).values():
            files.update(f for f, _ in d.get("lines", []))
        files.update(f for f, _ in spectrum.get("import_lines", []))
        out: dict[str, str] = {}
        for rel in sorted(files):
            p = work / rel
            if is_test_path(rel) or not p.is_file():
                continue
            try:
                out[rel] = p.read_bytes().decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
        return out

    def _generate(
        self, work: Path, suspects: Sequence[Suspect], sources: dict[str, str]
    ) -> list[Candidate]:
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
                made = gen(source, path, lines, max_candidates=self.per_file_candidates)
            except Exception:  # noqa: BLE001 - one file's template failure must not end the run
                continue
            floor = min(lines.values()) if lines else 0.0
            for c in made:
                if not c.old_source:
                    c.old_source = source
                if c.new_source == c.old_source or c.key in seen or is_test_path(c.path):
                    continue
                seen.add(c.key)
                if c.score <= 0:
                    c.score = lines.get(c.line, 0.5 * floor) * c.prior
                out.append(c)
        return order_candidates(out, self.line_decay)

    def _second_round(
        self, first: list[Tried], cands: list[Candidate]
    ) -> tuple[list[Candidate], list[Candidate]]:
        """Combinations for multi-location bugs: (partial fixes paired and changes repeated at
        identical lines, the templates' two-location pairs)."""
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
                from fixloop.models.repair.templates import pair_candidates
            except ImportError:
                return evidence, []
            # bounded: pairing is quadratic in the lines and the candidates per line
            singles = [c for c in cands if not c.also][: self.pair_pool]
            for c in pair_candidates(singles, per_line=6, mixed_per_line=2, limit=self.pairs):
                add(c)
        return evidence, out

    # ---------------------------------------------------------------------------------------
    # the state machine: apply -> run_tests -> claim -> (rejected) revert -> next
    # ---------------------------------------------------------------------------------------

    def _absorb(self, messages: list[dict[str, Any]]) -> None:
        pending, self._pending = self._pending, None
        if pending is None:
            return
        last = messages[-1] if messages else {}
        content = last.get("content") if isinstance(last, dict) else None
        blocks = content if isinstance(content, list) else []
        result = next(
            (
                b
                for b in blocks
                if isinstance(b, dict)
                and b.get("type") == "tool_result"
                and b.get("tool_use_id") == pending.get("id")
            ),
            None,
        )
        kind = pending["kind"]
        if kind == "end_turn":
            if self._state == "claimed":
                text = _text_of(content)
                self._note(f"the gate rejected it: {_first_line(text)}")
                self._state = "revert"
            return
        if result is None:
            self._note(f"no result came back for {pending['kind']}")
            self._state = "revert" if kind != "revert_edit" else "stuck"
            return
        text, is_error = _text_of(result.get("content")), bool(result.get("is_error"))
        if kind == "edit":
            if is_error:
                self._note(f"edit_file was refused: {_first_line(text)}")
                self._state = "revert"
        elif kind == "revert_edit":
            if is_error:
                self._note(f"reverting failed: {_first_line(text)}")
                self._state = "stuck"
        elif kind == "run_tests":
            if shows_failures(text, is_error):
                self._note(f"run_tests still failed: {_first_line(text)}")
                self._state = "revert"
            else:
                self._state = "claim"

    def _note(self, text: str) -> None:
        if self._current is not None:
            self._log.append(f"{self._current.template} at {self._current.where()}: {text}")
        else:
            self._log.append(text)

    def _step(self, tool_names: set[Any]) -> dict[str, Any]:
        an = self.analysis
        if an is None:  # the analysis failed and the run was told so: stay ended
            self._state = "done"
            return self._end(self._final_text or f"{GIVE_UP_PREFIX} no analysis of the project")
        for _ in range(4 + 2 * self.max_attempts):
            if self._state == "next":
                self._attempt += 1
                if self._attempt >= min(self.max_attempts, len(an.plausible)):
                    self._state = "done"
                    self._final_text = self._failure_text()
                    return self._end(self._final_text)
                self._current = an.plausible[self._attempt]
                self._originals = {}
                for path in self._current.paths:
                    self._originals[path] = self._read(path) or ""
                self._edits_this_phase = 0
                self._state = "apply"
            if self._state == "apply":
                reply = self._converge(self._targets(self._current), kind="edit")
                if reply is not None:
                    return reply
                self._state = "test" if "run_tests" in tool_names else "claim"
            if self._state == "test":
                self._state = "testing"
                return self._tool("run_tests", {"target": self._test_target()}, kind="run_tests")
            if self._state == "claim":
                self._state = "claimed"
                self._pending = {"kind": "end_turn"}
                return self._end(self._claim_text())
            if self._state == "revert":
                reply = self._converge(self._originals, kind="revert_edit")
                if reply is not None:
                    return reply
                self._state = "next"
                continue
            if self._state == "stuck":
                self._state = "done"
                self._final_text = self._failure_text(stuck=True)
                return self._end(self._final_text)
            if self._state in ("done", "testing", "claimed"):
                # called again after the end: the gate rejected an honest "not fixed"
                return self._end(self._final_text or self._failure_text())
        self._state = "done"
        self._final_text = self._failure_text()
        return self._end(self._final_text)

    def _targets(self, cand: Candidate | None) -> dict[str, str]:
        if cand is None:
            return {}
        out = {cand.path: cand.new_source}
        for extra in cand.also:
            out.update(self._targets(extra))
        return out

    def _read(self, rel: str) -> str | None:
        p = Path(self.ctx.root) / rel
        try:
            return p.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def _converge(self, targets: dict[str, str], *, kind: str) -> dict[str, Any] | None:
        """The next edit_file call that brings a file closer to its target, or None when done."""
        for path, target in targets.items():
            current = self._read(path)
            if current is None or current == target:
                continue
            self._edits_this_phase += 1
            if self._edits_this_phase > 50:
                self._note("too many edits; giving up on this candidate")
                self._state = "stuck" if kind == "revert_edit" else "revert"
                return None
            old, new = minimal_edits(current, target)[0]
            return self._tool("edit_file", {"path": path, "old": old, "new": new}, kind=kind)
        self._edits_this_phase = 0
        return None

    def _test_target(self) -> str:
        an = self.analysis
        files = {t.split("::", 1)[0] for t in (an.failing if an else [])}
        return files.pop() if len(files) == 1 else ""

    def _tool(self, name: str, args: dict[str, Any], *, kind: str) -> dict[str, Any]:
        self._ids += 1
        tid = f"repair_{self._ids}"
        self._pending = {"kind": kind, "id": tid}
        text = ""
        if kind == "edit" and self._current is not None and self._edits_this_phase == 1:
            c = self._current
            text = f"Applying candidate {self._attempt + 1}: {c.template} at {c.where()}: {c.description}"
        elif kind == "revert_edit" and self._edits_this_phase == 1:
            text = "Reverting that candidate."
        content: list[dict[str, Any]] = []
        if text:
            content.append({"type": "text", "text": text})
        content.append({"type": "tool_use", "id": tid, "name": name, "input": args})
        return {"stop_reason": "tool_use", "content": content, "usage": _usage()}

    def _end(self, text: str) -> dict[str, Any]:
        return {
            "stop_reason": "end_turn",
            "content": [{"type": "text", "text": text}],
            "usage": _usage(),
        }

    def _claim_text(self) -> str:
        c, an = self._current, self.analysis
        assert c is not None and an is not None
        return (
            f"Changed {', '.join(c.paths)}: {c.template} at {c.where()} ({c.description}). "
            f"In a scratch copy this made the {len(an.failing)} failing test(s) pass and the full "
            f"suite pass. {an.timing()} The gate's run decides."
        )

    def _failure_text(self, stuck: bool = False) -> str:
        an = self.analysis
        lines = []
        if stuck:
            lines.append("I could not revert my last edit; the files may hold a partial candidate.")
        if an is not None and an.plausible:
            lines.append(
                f"No fix verified: {min(len(an.plausible), self.max_attempts)} plausible "
                f"candidate(s) tried through the tools did not hold."
            )
        else:
            n = len(an.tried) if an else 0
            lines.append(
                f"No plausible patch found ({n} candidates screened); the failing tests still "
                "fail." + (f" {an.timing()}" if an else "")
            )
        lines.extend(f"- {entry}" for entry in self._log[-5:])
        if an is not None and an.tried:
            lines.append("Best candidates tried:")
            for t in an.best_tried(5):
                r, c = t.result, t.candidate
                still = ", ".join(r.still_failing[:3]) or ", ".join(r.suite_failed[:3]) or "-"
                lines.append(
                    f"- {c.template} at {c.where()} ({c.description}): {r.status}, "
                    f"{r.fixed}/{r.total} failing tests pass; still failing: {still}"
                )
        if an is not None and an.notes:
            lines.append("Notes: " + "; ".join(an.notes))
        return f"{GIVE_UP_PREFIX} " + "\n".join(lines)


def _first_line(text: str, width: int = 160) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:width]
    return ""


def _usage() -> dict[str, Any]:
    return {"input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0}
