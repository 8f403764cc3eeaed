"""Fault localization: rank the project's lines by how suspicious they are.

Three kinds of evidence, gathered by one traced run of the full suite in the sandbox
(:meth:`fixloop.repair.screen.WarmScreener.localize`), are combined:

1. **Spectrum-based localization, Ochiai** (Abreu, Zoeteweij and van Gemund, "On the accuracy of
   spectrum-based fault localization", TAIC PART 2007): for a line ``s`` executed by ``ef(s)``
   failing and ``ep(s)`` passing tests, out of ``F`` failing tests in all,
   ``ochiai(s) = ef / sqrt(F * (ef + ep))``, in [0, 1].
2. **Failure tracebacks**: the project frames (test files excluded) of each failing test's
   exception, innermost first; the innermost frame weighs most (``0.75 ** depth``).
3. **Functions the failing tests call directly**: lines of those functions that the failing test
   executed get a small bonus.
4. **Shared words**: lines sharing identifiers with the failing line of a failing test
   (``assert acc.history == ...``) get a small bonus (IR-based localization, Zhou et al. 2012).

Lines run only at import time (module constants, class attributes, tables) are not attributed to
any test, so spectra cannot see them; a module-level assignment takes a share of the score of the
suspicious lines that use its name (a light def-use link), so a wrong constant can still be found.
When the traced run yields nothing (it could not run), the locations in the failure text alone are
used (:func:`traceback_locations`).

Scores are normalized so that the best line scores 1.0.
"""

from __future__ import annotations

import ast
import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fixloop.workspace import is_test_file as is_test_path

#: Weights of the evidence kinds in the combined score (before normalization).
W_OCHIAI = 0.70
W_TRACEBACK = 0.25
W_CALLED = 0.05
W_TEXT = 0.08
#: Share of a using line's score a module-level definition gets.
GLOBAL_SHARE = 0.85
#: Factor on the traceback evidence of a ``raise`` statement of the project's own.
RAISE_FACTOR = 0.3
#: Factor on a function's first (``def`` or decorator) line.
DEF_LINE_FACTOR = 0.9


@dataclass
class Suspect:
    """One suspicious line.

    Attributes:
        path: POSIX path relative to the project root.
        line: 1-based line number.
        score: suspiciousness in [0, 1]; higher is more suspicious.
        reasons: short tags of the evidence ("ochiai=0.71", "traceback#0", "called", "global").
    """

    path: str
    line: int
    score: float
    reasons: list[str] = field(default_factory=list)


def ochiai(ef: int, ep: int, total_failed: int) -> float:
    """The Ochiai coefficient (Abreu et al. 2007): ``ef / sqrt(total_failed * (ef + ep))``.

    Args:
        ef: failing tests that executed the element.
        ep: passing tests that executed the element.
        total_failed: all failing tests.

    Returns:
        a float in [0, 1]; 0.0 when the element was run by no failing test.
    """
    if ef <= 0 or total_failed <= 0:
        return 0.0
    return ef / math.sqrt(total_failed * (ef + ep))


_NATIVE = re.compile(r'File "([^"]+\.py)", line (\d+)')
_PYTEST = re.compile(r"^([^\s:][^:\n]*\.py):(\d+):", re.MULTILINE)


#: pytest's section header of one test's report (``____ TestK.test_a[1] ____``), or of its
#: fixture's error (``____ ERROR at setup of test_a ____``)
_SECTION = re.compile(r"^_{3,} (?:ERROR at (?:setup|teardown) of )?(.+?) _{3,}$")


def _section_title(node_id: str) -> str:
    """How pytest's report headers name a test: the node id's parts after the file, dotted."""
    parts = node_id.split("::")
    return ".".join(parts[1:]) if len(parts) > 1 else node_id


def sections_of(output: str, test_ids: Iterable[str]) -> str:
    """The parts of pytest's output about ``test_ids`` only (their tracebacks).

    With ``--target`` the baseline's output also holds the tracebacks of failing tests the run
    is not about; their locations must not become suspects. Keeps the text before the first
    test section (the header, collection errors) and each section whose header names one of
    ``test_ids`` (pytest's ``TestK.test_a[1]`` for ``f.py::TestK::test_a[1]``); drops the other
    tests' sections. A section is a header line of underscores up to the next header or the
    next ``====`` line.

    Args:
        output: pytest's output (long or short tracebacks).
        test_ids: the node ids to keep.

    Returns:
        the kept text; ``output`` itself when it has no test section (nothing to tell apart).
    """
    titles = {_section_title(t) for t in test_ids}
    lines = output.splitlines(keepends=True)
    if not any(_SECTION.match(line.rstrip("\n")) for line in lines):
        return output
    out: list[str] = []
    keep = True
    for line in lines:
        m = _SECTION.match(line.rstrip("\n"))
        if m:
            keep = m.group(1) in titles or m.group(1).startswith("ERROR collecting")
        elif line.startswith("===="):
            keep = True
        if keep:
            out.append(line)
    return "".join(out)


def traceback_locations(text: str, root: Path | None = None) -> list[tuple[str, int]]:
    """Project locations named in test output, in order of appearance, test files left out.

    Understands Python's native traceback lines (``File "x.py", line 3``) and pytest's long and
    short forms (``x.py:3: AssertionError``).

    Args:
        text: test output (a TestReport's ``output`` or a collection error's text).
        root: the project root, to make absolute paths relative; paths outside it are dropped.

    Returns:
        ``(relpath, line)`` pairs without duplicates.
    """
    found: list[tuple[int, str, int]] = []
    for rx in (_NATIVE, _PYTEST):
        for m in rx.finditer(text):
            found.append((m.start(), m.group(1), int(m.group(2))))
    found.sort()
    out: list[tuple[str, int]] = []
    base = str(root.resolve()) + "/" if root is not None else None
    for _, path, line in found:
        rel = path.replace("\\", "/")
        if rel.startswith("/"):
            if base is None or not rel.startswith(base):
                continue
            rel = rel[len(base) :]
        if "site-packages/" in rel or rel.startswith("<") or is_test_path(rel):
            continue
        if (rel, line) not in out:
            out.append((rel, line))
    return out


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_COMMON = frozenset(
    "self cls assert return def if else elif for in is not and or None True False len str int "
    "float list dict set tuple pytest raises approx with as lambda import from print".split()
)


def _identifiers(text: str) -> set[str]:
    """Identifiers of a line of code, keywords, builtins and 1-2 letter names left out."""
    code = text.split("#", 1)[0]
    return {w for w in _WORD.findall(code) if len(w) > 2 and w not in _COMMON}


def _function_spans(source: str) -> dict[int, int]:
    """Map each function's first line (decorators included, as ``co_firstlineno``) to its end."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    spans: dict[int, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            spans[first] = node.end_lineno or node.lineno
            spans.setdefault(node.lineno, node.end_lineno or node.lineno)
    return spans


def _global_definitions(source: str) -> list[tuple[str, int, int]]:
    """Module-level assignments: ``(name, first_line, last_line)``."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    out: list[tuple[str, int, int]] = []

    def visit(body: Iterable[ast.stmt]) -> None:
        for node in body:
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = list(node.targets)
            elif isinstance(node, ast.AnnAssign | ast.AugAssign):
                targets = [node.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        out.append((n.id, node.lineno, node.end_lineno or node.lineno))

    visit(tree.body)
    return out


def rank(
    spectrum: Mapping[str, Any],
    sources: Mapping[str, str] | None = None,
    *,
    failure_text: str = "",
    root: Path | None = None,
    limit: int | None = None,
) -> list[Suspect]:
    """Rank project lines by suspiciousness.

    Args:
        spectrum: the dict of :meth:`WarmScreener.localize` (``tests`` with per-test
            ``outcome``, ``lines``, ``calls``, ``frames``; ``collect_errors``).
        sources: project sources by relative path (for function spans and module-level
            definitions); files missing here get no such evidence.
        failure_text: extra test output to take traceback locations from (e.g. the baseline's).
        root: the project root, for absolute paths in ``failure_text``.
        limit: keep at most this many suspects.

    Returns:
        :class:`Suspect` objects, most suspicious first (ties: traceback depth, then path and
        line). Empty when nothing points anywhere.
    """
    sources = sources or {}
    tests = spectrum.get("tests", {}) or {}
    failed = [t for t, d in tests.items() if d.get("outcome") == "failed"]
    passed = [t for t, d in tests.items() if d.get("outcome") == "passed"]
    ef: dict[tuple[str, int], int] = defaultdict(int)
    ep: dict[tuple[str, int], int] = defaultdict(int)
    for t in failed:
        for f, ln in tests[t].get("lines", []):
            ef[(f, int(ln))] += 1
    for t in passed:
        for f, ln in tests[t].get("lines", []):
            ep[(f, int(ln))] += 1

    score: dict[tuple[str, int], float] = defaultdict(float)
    reasons: dict[tuple[str, int], list[str]] = defaultdict(list)
    depth_of: dict[tuple[str, int], int] = {}

    for key, n in ef.items():
        o = ochiai(n, ep.get(key, 0), len(failed))
        if o > 0:
            score[key] += W_OCHIAI * o
            reasons[key].append(f"ochiai={o:.2f}")

    # tracebacks: from the traced run, the collection errors, and any extra failure text
    tb_bonus: dict[tuple[str, int], float] = {}
    for t in failed:
        for depth, (f, ln) in enumerate(tests[t].get("frames", [])):
            key = (f, int(ln))
            tb_bonus[key] = max(tb_bonus.get(key, 0.0), 0.75**depth)
            depth_of[key] = min(depth_of.get(key, depth), depth)
    texts = [*spectrum.get("collect_errors", []), failure_text]
    for text in texts:
        locs = traceback_locations(text, root)
        for depth, key in enumerate(reversed(locs)):  # text order is outermost first
            tb_bonus[key] = max(tb_bonus.get(key, 0.0), 0.75**depth)
            depth_of[key] = min(depth_of.get(key, depth), depth)
    text_at = {f: src.splitlines() for f, src in sources.items()}

    def line_text(key: tuple[str, int]) -> str:
        lines = text_at.get(key[0], [])
        return lines[key[1] - 1].strip() if 1 <= key[1] <= len(lines) else ""

    for key, b in tb_bonus.items():
        if line_text(key).startswith("raise"):
            b *= RAISE_FACTOR  # the code's own check fired: the cause is usually upstream
        score[key] += W_TRACEBACK * b
        reasons[key].append(f"traceback#{depth_of[key]}")

    # functions the failing tests call directly
    spans = {f: _function_spans(src) for f, src in sources.items()}
    for t in failed:
        covered = {(f, int(ln)) for f, ln in tests[t].get("lines", [])}
        for f, first, _name in tests[t].get("calls", []):
            end = spans.get(f, {}).get(int(first))
            if end is None:
                continue
            for key in covered:
                if key[0] == f and int(first) <= key[1] <= end and "called" not in reasons[key]:
                    score[key] += W_CALLED
                    reasons[key].append("called")

    # words of the failing tests' own failing lines (``assert acc.history == ...``) in the code:
    # a light text-similarity link in the manner of IR-based localization (Zhou et al., "Where
    # should the bugs be fixed?", ICSE 2012), used only to order lines the other evidence found
    words: set[str] = set()
    for t in failed:
        words |= _identifiers(tests[t].get("test_line", ""))
    if words and sources:
        text_of = {f: src.splitlines() for f, src in sources.items()}
        for key in list(score):
            lines = text_of.get(key[0])
            if not lines or not 1 <= key[1] <= len(lines):
                continue
            shared = words & _identifiers(lines[key[1] - 1])
            if shared:
                score[key] += W_TEXT * min(1.0, len(shared) / 2)
                reasons[key].append("words:" + ",".join(sorted(shared)[:3]))

    # a function's ``def`` line counts as executed by every call (the tracer's call event); only
    # its signature (defaults) can be wrong there, so it ranks just below the body it heads
    for key in list(score):
        if key[1] in spans.get(key[0], {}):
            score[key] *= DEF_LINE_FACTOR

    # module-level definitions used by suspicious lines
    if score and sources:
        by_file_lines = {f: src.splitlines() for f, src in sources.items()}
        used: list[tuple[tuple[str, int], float, str]] = [
            (k, v, by_file_lines.get(k[0], [""] * k[1])[k[1] - 1] if k[1] >= 1 else "")
            for k, v in score.items()
            if k[0] in by_file_lines and 1 <= k[1] <= len(by_file_lines[k[0]])
        ]
        for f, src in sources.items():
            if is_test_path(f):
                continue
            for name, first, last in _global_definitions(src):
                word = re.compile(rf"\b{re.escape(name)}\b")
                best = 0.0
                for key, v, text in used:
                    if (key[0] != f or not first <= key[1] <= last) and word.search(text):
                        best = max(best, v)
                if best <= 0:
                    continue
                for ln in range(first, last + 1):
                    key = (f, ln)
                    share = GLOBAL_SHARE * best
                    if share > score.get(key, 0.0):
                        score[key] = share
                        reasons[key].append(f"global:{name}")

    if not score:
        return []
    top = max(score.values())
    out = [
        Suspect(f, ln, round(v / top, 6), reasons[(f, ln)])
        for (f, ln), v in score.items()
        if v > 0 and not is_test_path(f)
    ]
    out.sort(key=lambda s: (-s.score, depth_of.get((s.path, s.line), 99), s.path, s.line))
    return out[:limit] if limit else out


def by_file(suspects: Iterable[Suspect]) -> dict[str, dict[int, float]]:
    """Group suspects as ``{path: {line: score}}`` (the templates' ``suspicious`` argument)."""
    out: dict[str, dict[int, float]] = defaultdict(dict)
    for s in suspects:
        out[s.path][s.line] = max(out[s.path].get(s.line, 0.0), s.score)
    return dict(out)
