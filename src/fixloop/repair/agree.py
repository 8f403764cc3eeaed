"""Extra inputs for plausible patches: do the candidates agree with each other off the tests?

Overfitting patches pass the visible tests and differ elsewhere; independent correct patches
tend to compute the same function. Following the test-generation side of PATCH-SIM (Xiong et
al., ICSE 2018) and the "agreement among plausible patches" heuristic of patch-ranking work
(e.g. Yang, Zhikhartsev, Liu, Tan: "Better test cases for better automated program repair",
FSE 2017), this module makes new inputs from the literals of the tests' own calls of the changed
function, varied (integers +-1, doubled, zero, negated; strings emptied, extended, upper-cased;
sequences emptied, reversed, extended), runs the function on them under each plausible patch in
the sandbox (:mod:`.agree_probe`), and scores each patch by the share of inputs where its
output is the plurality output of all patches probed.

Only module-level functions of a flat or src-layout module are probed, only when at least three
plausible patches change the same function (with two, agreement is symmetric and says nothing),
and only on literal arguments found in the test files. Anything else: no score (neutral).
"""

from __future__ import annotations

import ast
import json
import shutil
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fixloop.repair import agree_probe
from fixloop.repair.candidate import Candidate
from fixloop.workspace import is_test_file

MAX_INPUTS = 30
MIN_CANDIDATES = 3


def changed_function(cand: Candidate) -> str | None:
    """The name of the module-level function holding the candidate's first change, or None."""
    if cand.also or not cand.path.endswith(".py"):
        return None
    try:
        tree = ast.parse(cand.old_source)
    except SyntaxError:
        return None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            lo = min([node.lineno] + [d.lineno for d in node.decorator_list])
            if lo <= cand.line <= (node.end_lineno or node.lineno):
                return node.name
    return None


def _vary(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, 0, -value, value * 2]
    if isinstance(value, float):
        return [value * 2, -value, 0.0]
    if isinstance(value, str):
        return ["", value + value[:1], value.upper()]
    if isinstance(value, (list, tuple)):
        kind = type(value)
        return [kind(), kind(reversed(value)), kind(list(value) + list(value[:1]))]
    return []


def extra_inputs(root: Path, func: str) -> list[str]:
    """Literal ``(args, kwargs)`` texts from the tests' calls of ``func``, then varied ones."""
    seen: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    for p in sorted(root.rglob("*.py")):
        rel = p.relative_to(root).as_posix()
        if not is_test_file(rel) or "/." in f"/{rel}":
            continue
        try:
            tree = ast.parse(p.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            if name != func or any(isinstance(a, ast.Starred) for a in node.args):
                continue
            try:
                args = tuple(ast.literal_eval(a) for a in node.args)
                kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
            if len(kwargs) != len(node.keywords) or (args, kwargs) in seen:
                continue
            seen.append((args, kwargs))
    out: list[str] = []
    for args, kwargs in seen[:10]:
        for i, v in enumerate(args):
            for w in _vary(v):
                text = repr((args[:i] + (w,) + args[i + 1 :], kwargs))
                if text not in out:
                    out.append(text)
    for args, kwargs in seen:  # the tests' own inputs last (they all pass them already)
        text = repr((args, kwargs))
        if text not in out:
            out.append(text)
    good = []
    for text in out:
        try:
            ast.literal_eval(text)
        except (ValueError, SyntaxError):
            continue
        good.append(text)
    return good[:MAX_INPUTS]


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


def agreement(screener: Any, plausible: Sequence[Candidate], *, wall_s: float) -> dict[int, float]:
    """``id(candidate)`` -> share of extra inputs where it gives the plurality output.

    Args:
        screener: the :class:`~fixloop.repair.screen.WarmScreener` (sandbox, interpreter, work
            tree, engine folder).
        plausible: the plausible candidates to compare.
        wall_s: the sandboxed run's wall-clock limit, seconds.

    Returns:
        scores for the candidates of the most common changed function (at least
        ``MIN_CANDIDATES`` of them); empty when nothing could be compared.
    """
    funcs = {id(c): changed_function(c) for c in plausible}
    keys = Counter((c.path, funcs[id(c)]) for c in plausible if funcs[id(c)])
    if not keys:
        return {}
    (path, func), n = keys.most_common(1)[0]
    group = [c for c in plausible if (c.path, funcs[id(c)]) == (path, func)]
    if n < MIN_CANDIDATES or func is None:
        return {}
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
        "candidates": [{"id": i, "files": {c.path: c.new_source}} for i, c in enumerate(group)],
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
                (root / rel).write_bytes(data)
    return score_outputs(group, out)


def score_outputs(group: Sequence[Candidate], out: Path) -> dict[int, float]:
    """Agreement scores from the probe's result lines (see :func:`agreement`)."""
    rows: dict[int, list[str]] = {}
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            try:
                d = json.loads(line)
                rows[int(d["id"])] = [str(x) for x in d["out"]]
            except (ValueError, KeyError, TypeError):
                continue
    if len(rows) < MIN_CANDIDATES:
        return {}
    width = max(len(v) for v in rows.values())
    scores = {i: 0.0 for i in rows}
    for k in range(width):
        votes = Counter(v[k] for v in rows.values() if k < len(v))
        top, count = votes.most_common(1)[0]
        if count * 2 <= len(rows):
            continue  # no majority: no evidence either way
        for i, v in rows.items():  # (where everyone agrees, everyone scores: order unchanged)
            if k < len(v) and v[k] == top:
                scores[i] += 1.0
    return {id(group[i]): s / width for i, s in scores.items() if i < len(group)}
