"""Extra inputs for plausible patches: do the candidates agree with each other off the tests?

Overfitting patches pass the visible tests and differ elsewhere; independent correct patches
tend to compute the same function. Following the test-generation side of PATCH-SIM (Xiong et
al., ICSE 2018) and the "agreement among plausible patches" heuristic of patch-ranking work
(e.g. Yang, Zhikhartsev, Liu, Tan: "Better test cases for better automated program repair",
FSE 2017), this module makes new inputs from the literals of the tests' own calls of the changed
function, varied (integers +-1, doubled, zero, negated; strings emptied, extended, upper-cased,
prefixed, cut, one digit changed; sequences emptied, reversed, extended), runs the function on
them under the original code and under each plausible patch in the sandbox (:mod:`.agree_probe`,
:func:`probe_outputs`), and gives three measures per patch:

- :func:`agreement_among`: the share of inputs where its output is the plurality output of the
  patches compared (at least three on the same function: with two, agreement is symmetric and
  says nothing);
- :func:`type_shift`: the share of inputs where it returns another kind of value than the
  original code (a boolean function turned into one returning strings);
- :func:`departure`: the share of inputs where its output differs from the original code's (the
  semantic distance of Qlose: D'Antoni, Samanta, Singh, "Qlose: Program Repair with
  Quantitative Objectives", CAV 2016), a tie-breaker only: a patch fitted to the tested input
  also departs little;
- :func:`varies`: whether its outputs vary over the inputs that run its changed lines. A patch
  that makes the function return one value on every input reaching the change (``total +=`` ->
  ``total *=`` on a zero total, so a checksum test always holds) is the "plausible but
  degenerate" patch of Qi, Long, Achour, Rinard ("An Analysis of Patch Plausibility and
  Correctness for Generate-and-Validate Patch Generation Systems", ISSTA 2015): it passes a test
  that expects that value and ignores the input.

Only module-level functions of a flat or src-layout module are probed, and only on literal
arguments found in the test files. Anything else: no probe (neutral).
"""

from __future__ import annotations

import ast
import difflib
import json
import shutil
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fixloop.repair import agree_probe
from fixloop.repair.agree_inputs import extra_inputs
from fixloop.repair.candidate import Candidate
from fixloop.repair.screen_bytecode import write_source

__all__ = [
    "SCENARIOS",
    "Probe",
    "agreement",
    "agreement_among",
    "changed_function",
    "departure",
    "extra_inputs",
    "probe_outputs",
    "returns_literal",
    "type_shift",
    "varies",
]

MIN_CANDIDATES = 3
#: the :attr:`Probe.group` of the scenario probes (:mod:`.agree_scenario`)
SCENARIOS = ("scenarios", "")


def changed_function(cand: Candidate, root: Path | None = None) -> str | None:
    """The module-level function to probe for the candidate's first change, or None.

    The function holding the change. With the work tree ``root``, when the tests never call that
    function with inputs :func:`extra_inputs` can make (a helper), or when the change is in a
    module-level statement (a constant, a compiled pattern), the module's first function that
    reads the helper's or the statement's name and that the tests do call: a caller of the
    changed code, so that its outputs can differ.
    """
    if cand.also or not cand.path.endswith(".py"):
        return None
    try:
        tree = ast.parse(cand.old_source)
    except SyntaxError:
        return None
    funcs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    holder: ast.stmt | None = None
    for node in tree.body:
        lo = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        if lo <= cand.line <= (node.end_lineno or node.lineno):
            holder = node
            break
    if isinstance(holder, ast.FunctionDef):
        if root is None or extra_inputs(root, holder.name):
            return holder.name
        names = {holder.name}
    elif isinstance(holder, (ast.Assign, ast.AnnAssign)) and root is not None:
        targets = holder.targets if isinstance(holder, ast.Assign) else [holder.target]
        names = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    else:
        return None
    for f in funcs:
        reads = {n.id for n in ast.walk(f) if isinstance(n, ast.Name)}
        if f is not holder and reads & names and root is not None and extra_inputs(root, f.name):
            return f.name
    return holder.name if isinstance(holder, ast.FunctionDef) else None


def _module_name(path: str, package_dirs: Sequence[str]) -> str:
    rel = path[:-3]
    for d in package_dirs:
        d = d.strip("/")
        if d and rel.startswith(d + "/"):
            rel = rel[len(d) + 1 :]
            break
    if rel.endswith("/__init__"):
        rel = rel[: -len("/__init__")]
    return rel.replace("/", ".")


@dataclass
class Probe:
    """One plausible patch's outputs on the extra inputs of its changed function.

    Attributes:
        group: ``(path, function)`` probed (patches of one group saw the same inputs).
        out: per input, ``repr`` of the result (cut to 300 characters) or ``"!Exception"``.
        types: per input, the result's type name, ``"!"`` for an exception.
        base_out: the same for the original code (the unpatched function).
        base_types: the original code's type names.
        reach: per input, 1 when the call ran a line the patch changed or inserted, else 0
            (empty: not recorded, e.g. a pure deletion).
    """

    group: tuple[str, str]
    out: list[str]
    types: list[str]
    base_out: list[str] = field(default_factory=list)
    base_types: list[str] = field(default_factory=list)
    reach: list[int] = field(default_factory=list)


def probe_outputs(
    screener: Any, plausible: Sequence[Candidate], *, wall_s: float, max_groups: int = 3
) -> dict[int, Probe]:
    """``id(candidate)`` -> its :class:`Probe`, and the original code's outputs beside it.

    The candidates are grouped by changed function (:func:`changed_function`); each group's
    function runs on its extra inputs (:func:`extra_inputs`) under the original code and under
    each patch of the group, in one sandboxed run of :mod:`.agree_probe` per group.

    Args:
        screener: the :class:`~fixloop.repair.screen.WarmScreener` (sandbox, interpreter, work
            tree, engine folder).
        plausible: the plausible candidates to probe.
        wall_s: each sandboxed run's wall-clock limit, seconds.
        max_groups: most functions probed (the groups with the most candidates first).

    Returns:
        probes of the candidates whose function could be run on extra inputs (others absent).
    """
    root = Path(screener.work_root)
    funcs = {id(c): changed_function(c, root) for c in plausible}
    keys = Counter((c.path, funcs[id(c)]) for c in plausible if funcs[id(c)])
    out: dict[int, Probe] = {}
    for (path, func), _n in keys.most_common(max_groups):
        if func is None:
            continue
        group = [c for c in plausible if (c.path, funcs[id(c)]) == (path, func)]
        rows = _probe_group(screener, path, func, group, wall_s)
        base = rows.get(-1)
        if base is None:
            continue
        for i, c in enumerate(group):
            if i in rows:
                outs, types, reach = rows[i]
                out[id(c)] = Probe(
                    (path, func), outs, types, base_out=base[0], base_types=base[1], reach=reach
                )
    return out


def changed_lines(cand: Candidate) -> list[int]:
    """1-based lines of ``cand.new_source`` that the patch changed or inserted (none: deleted)."""
    a = cand.old_source.splitlines(keepends=True)
    b = cand.new_source.splitlines(keepends=True)
    out: list[int] = []
    for tag, _i1, _i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            out.extend(range(j1 + 1, j2 + 1))
    return out


def _probe_group(
    screener: Any, path: str, func: str, group: Sequence[Candidate], wall_s: float
) -> dict[int, tuple[list[str], list[str], list[int]]]:
    """Run ``func`` on its extra inputs under the original (id -1) and each patch (its index)."""
    root = Path(screener.work_root)
    inputs = extra_inputs(root, func)
    if not inputs:
        return {}
    dirs = screener.package_dirs
    engine = Path(screener.engine_dir)
    script = engine / agree_probe.PROBE_NAME
    shutil.copyfile(Path(agree_probe.__file__), script)
    out = engine / "agree.jsonl"
    out.unlink(missing_ok=True)
    job = {
        "root": str(root),
        "paths": [str(root / d) for d in dirs] + [str(root)],
        "module": _module_name(path, dirs),
        "func": func,
        "inputs": inputs,
        "candidates": [{"id": -1, "files": {}}]
        + [
            {"id": i, "files": {c.path: c.new_source}, "lines": {c.path: changed_lines(c)}}
            for i, c in enumerate(group)
        ],
        "out": str(out),
        "per_call_s": 1.0,
    }
    job_path = engine / "agree-job.json"
    job_path.write_text(json.dumps(job), encoding="utf-8")
    originals = {path: (root / path).read_bytes()}
    try:
        screener.sandbox.run(
            [screener.python, str(script), str(job_path)],
            cwd=root.parent,
            limits=screener.run_limits(wall_s),
            ro_paths=screener.extra_ro,
            rw_paths=[engine, root],
            env={**screener.env, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"},
            log_path=engine / "agree.log",
        )
    finally:
        for rel, data in originals.items():  # a run killed mid-candidate cannot restore
            if (root / rel).read_bytes() != data:
                write_source(str(root / rel), data)
    rows: dict[int, tuple[list[str], list[str], list[int]]] = {}
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            try:
                d = json.loads(line)
                outs = [str(x) for x in d["out"]]
                types = [str(x) for x in d.get("types", ["?"] * len(outs))]
                reach = [int(x) for x in d.get("reach", [])]
                rows[int(d["id"])] = (outs, types, reach if len(reach) == len(outs) else [])
            except (ValueError, KeyError, TypeError):
                continue
    return rows


def agreement(screener: Any, plausible: Sequence[Candidate], *, wall_s: float) -> dict[int, float]:
    """``id(candidate)`` -> share of extra inputs where it gives the plurality output.

    :func:`probe_outputs`, then :func:`agreement_among` the candidates.

    Returns:
        scores for the candidates of the most common changed function (at least
        ``MIN_CANDIDATES`` of them); empty when nothing could be compared.
    """
    return agreement_among(probe_outputs(screener, plausible, wall_s=wall_s), plausible)


def agreement_among(probes: dict[int, Probe], cands: Sequence[Candidate]) -> dict[int, float]:
    """Agreement scores of ``cands`` (:func:`score_rows`) within their most common probed group.

    Returns:
        ``id(candidate)`` -> share; empty when fewer than ``MIN_CANDIDATES`` of the candidates
        were probed on one function.
    """
    groups = Counter(probes[id(c)].group for c in cands if id(c) in probes)
    if not groups:
        return {}
    group, n = groups.most_common(1)[0]
    if n < MIN_CANDIDATES:
        return {}
    members = [c for c in cands if id(c) in probes and probes[id(c)].group == group]
    rows = {i: probes[id(c)].out for i, c in enumerate(members)}
    return {id(members[i]): s for i, s in score_rows(rows).items()}


#: type names counted as one kind of value (a fix may turn an int result into a float)
_TYPE_KIND = {"int": "number", "float": "number", "NoneType": ""}


def departure(p: Probe) -> float:
    """Share of the extra inputs where the patch's output differs from the original code's."""
    n = min(len(p.out), len(p.base_out))
    if not n:
        return 0.0
    return sum(1 for a, b in zip(p.out[:n], p.base_out[:n], strict=True) if a != b) / n


def type_shift(p: Probe) -> float:
    """Share of the extra inputs where the patch returns another kind of value than the original.

    Only inputs where both return a value other than None count (an exception, or None, is the
    absence of a value a fix may well fill); ``int`` and ``float`` are one kind. A patch that
    makes a function of booleans return strings (``ignored = negated`` -> ``ignored = path``)
    passes ``assert is_ignored(...)`` and is wrong.
    """
    n = min(len(p.types), len(p.base_types))
    if not n:
        return 0.0
    shifted = 0
    for a, b in zip(p.types[:n], p.base_types[:n], strict=True):
        ka, kb = _TYPE_KIND.get(a, a), _TYPE_KIND.get(b, b)
        if ka and kb and "!" not in (ka, kb) and ka != kb:
            shifted += 1
    return shifted / n


def returns_literal(cand: Candidate) -> bool:
    """Is every line the patch changed or inserted a ``return <literal>`` (or a ``raise``)?

    Such a patch is constant where its line runs by construction (``return ""`` ->
    ``return "0"`` in the branch of a zero duration): one output there is no sign of a
    degenerate patch (:func:`varies`).
    """
    new = cand.new_source.splitlines()
    lines = changed_lines(cand)
    if not lines:
        return False
    for ln in lines:
        text = new[ln - 1].strip() if ln <= len(new) else ""
        if text.startswith("raise"):
            continue
        try:
            node = ast.parse(text).body
        except SyntaxError:
            return False
        if not (
            len(node) == 1
            and isinstance(node[0], ast.Return)
            and (node[0].value is None or _literal(node[0].value))
        ):
            return False
    return True


def _literal(e: ast.expr) -> bool:
    try:
        ast.literal_eval(e)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


#: inputs that must run a patch's changed lines before :func:`varies` says anything
MIN_REACHED = 2


def varies(p: Probe) -> bool | None:
    """Do the patch's outputs vary over the extra inputs that run its changed lines?

    Returns:
        True: two or more different outputs (an exception counts as an output); False: one
        output on every such input, at least ``MIN_REACHED`` distinct inputs (a degenerate
        patch, see the module docstring); None: too few such inputs, or no reach recorded.
    """
    if not p.reach or len(p.reach) != len(p.out):
        return None
    got = [o for o, r in zip(p.out, p.reach, strict=True) if r and o != "!input"]
    if len(got) < MIN_REACHED:
        return None
    return len(set(got)) > 1


def score_rows(rows: dict[int, list[str]]) -> dict[int, float]:
    """Per row, the share of inputs where it gives the majority output of all rows.

    An input where no output has a strict majority gives no evidence (no row scores); where
    every row agrees, every row scores (a uniform shift: the order unchanged). Empty with fewer
    than ``MIN_CANDIDATES`` rows.
    """
    if len(rows) < MIN_CANDIDATES:
        return {}
    width = max(len(v) for v in rows.values())
    if not width:
        return {}
    scores = {i: 0.0 for i in rows}
    for k in range(width):
        votes = Counter(v[k] for v in rows.values() if k < len(v))
        top, count = votes.most_common(1)[0]
        if count * 2 <= len(rows):
            continue  # no majority: no evidence either way
        for i, v in rows.items():
            if k < len(v) and v[k] == top:
                scores[i] += 1.0
    return {i: s / width for i, s in scores.items()}
