"""Extra inputs for methods and properties: the passing tests' own scenarios, one literal varied.

:mod:`.agree` probes a module-level function on the tests' literal arguments, varied. Most
programs keep their logic in classes (a property, a method called on an object the test built),
where there is no function to call with new arguments. Here the *scenario* of a passing test is
the input: each test module is rewritten so that

- one numeric literal of the module (a test body's, a helper's default, a module constant such
  as a shared flight log, the computed side of an ``assert``; never an expected value: that
  side of an assert is no longer there, see below) is
  varied (``v + 1``, ``v - 1``: the tests' neighbourhood, where the original code is trusted),
  one at a time, a *variant* per change;
- every ``assert E`` records the value the test computed instead of checking it (the left side
  of a one-operator comparison, each operand's computed side of an ``and`` of comparisons, else
  ``E`` itself), so that a variant with another expected value still runs to its end;

and every passing test function without parameters (no fixtures) of the module runs in each
variant, under the original code and under each plausible patch (:mod:`.agree_probe`'s
``scenarios`` mode, one sandboxed run, each patch in a forked child). A variant's output is a
digest of what its tests recorded (and the exception that ended one). The :class:`.agree.Probe`
it gives feeds the same measures as the function probes: above all :func:`.agree.departure`,
the share of variants where a patch's recorded values differ from the original code's, the
semantic distance of Qlose (D'Antoni, Samanta, Singh, CAV 2016) measured on the inputs the tests
themselves build (PATCH-SIM's test generation, Xiong et al. ICSE 2018, here by mutating the
passing tests' inputs, as in "Better test cases for better automated program repair", Yang et
al. FSE 2017). The judge (:func:`.overfit.rank_plausible`) takes no agreement votes from them
and counts departure as none or some. A correct fix leaves the passing tests'
neighbourhoods alone where the bug is not; a patch fitted to the visible tests (a default
tolerance set to zero, a ``-`` turned into ``+`` where the tested difference happens to equal the
sum) changes them. Why a reviewer accepts it on a program never seen: the variants are drawn from
the program's own tests, the comparison is against the program's own original behaviour, and it
only breaks ties the traced evidence left.

Standard library only on the probe side; the rewriting happens here, on the host.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fixloop.repair import agree_probe
from fixloop.repair.agree import SCENARIOS, Probe, probe_outputs
from fixloop.repair.candidate import Candidate
from fixloop.repair.screen_bytecode import write_source
from fixloop.workspace import is_test_file

__all__ = ["contender_probes", "scenario_probes", "scenario_variants", "value_changes"]

#: the recording function's name in a rewritten test module
RECORD = agree_probe.RECORD
#: most variants per analysis, most literals varied per test module, largest module rewritten
MAX_VARIANTS = 60
MAX_LITERALS = 24
MAX_MODULE_CHARS = 40_000
#: most test calls per patch over all variants (a variant runs all of its module's tests)
MAX_CALLS = 600


def _varied(value: int | float) -> list[int | float]:
    """Values next to a numeric literal: ``v + 1`` and ``v - 1``.

    Near, not far (no doubling): the passing tests' neighbourhood is where the original code is
    trusted; a far value may cross into the bug's region, where the right fix departs too.
    """
    return [value + 1, value - 1]


class _Asserts(ast.NodeTransformer):
    """``assert E`` -> ``__fixloop_rec(<the computed side of E>)`` (see the module docstring)."""

    @staticmethod
    def computed(e: ast.expr) -> ast.expr:
        if isinstance(e, ast.Compare) and len(e.ops) == 1:
            return e.left
        if isinstance(e, ast.BoolOp) and isinstance(e.op, ast.And):
            return ast.Tuple([_Asserts.computed(v) for v in e.values], ast.Load())
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
            return e.operand
        return e

    def visit_Assert(self, node: ast.Assert) -> ast.stmt:
        call = ast.Call(ast.Name(RECORD, ast.Load()), [self.computed(node.test)], [])
        return ast.copy_location(ast.Expr(call), node)


def _literals(tree: ast.Module, run: Sequence[str]) -> list[ast.Constant]:
    """The numeric literals of a rewritten module (asserts already recording), in source order.

    The expected side of an assert is gone by then (only the computed side is recorded), so no
    expected value is varied. Literals of a test function that does not run (``run``: the names
    that do) are left out: varying them changes nothing that is recorded.
    """
    skip: set[int] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            if node.name not in run:
                skip.update(id(n) for n in ast.walk(node))
    found = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant)
        and isinstance(n.value, int | float)
        and not isinstance(n.value, bool)
        and id(n) not in skip
    ]
    found.sort(key=lambda n: (n.lineno, n.col_offset))
    return found[:MAX_LITERALS]


def _test_names(tree: ast.Module, rel: str, passing: set[str]) -> list[str]:
    """Top-level test functions of the module without parameters that passed on the original."""
    out = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test"):
            continue
        a = node.args
        if a.args or a.posonlyargs or a.kwonlyargs or a.vararg or a.kwarg:
            continue
        if f"{rel}::{node.name}" in passing:
            out.append(node.name)
    return out


def scenario_variants(
    root: Path, passing: Sequence[str], *, varied_too: bool = True
) -> list[dict[str, Any]]:
    """The variants of the test modules under ``root`` (see the module docstring).

    Args:
        root: the work tree (test files found with :func:`fixloop.workspace.is_test_file`).
        passing: ids of the tests that passed on the original code (``path::name``).
        varied_too: also the variants with one literal varied (else the modules unvaried).

    Returns:
        at most ``MAX_VARIANTS`` variants (and ``MAX_CALLS`` test calls in all), ``{"file": relative path, "source": rewritten module
        text, "tests": [test function names]}``: first each module unvaried (the tests' own
        scenario), then one per varied literal. Empty when no module has a passing test without
        parameters.
    """
    ids = set(passing)
    plain: list[dict[str, Any]] = []
    varied: list[dict[str, Any]] = []
    for p in sorted(root.rglob("*.py")):
        rel = p.relative_to(root).as_posix()
        if not is_test_file(rel) or "/." in f"/{rel}":
            continue
        try:
            text = p.read_text(encoding="utf-8")
            if len(text) > MAX_MODULE_CHARS:
                continue
            tree = ast.parse(text)
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        names = _test_names(tree, rel, ids)
        if not names:
            continue
        tree = ast.fix_missing_locations(_Asserts().visit(tree))
        plain.append({"file": rel, "source": ast.unparse(tree), "tests": names})
        for lit in _literals(tree, names) if varied_too else []:
            old = lit.value
            assert isinstance(old, int | float)  # _literals keeps numbers only
            for new in _varied(old):
                lit.value = new
                varied.append({"file": rel, "source": ast.unparse(tree), "tests": names})
            lit.value = old
    out: list[dict[str, Any]] = []
    calls = 0
    for v in plain + varied:
        if len(out) >= MAX_VARIANTS or calls + len(v["tests"]) > MAX_CALLS:
            break
        out.append(v)
        calls += len(v["tests"])
    return out


def scenario_probes(
    screener: Any, cands: Sequence[Candidate], *, wall_s: float, passing: Sequence[str]
) -> dict[int, Probe]:
    """``id(candidate)`` -> its :class:`.agree.Probe` on the scenario variants.

    One sandboxed run of :mod:`.agree_probe` (``scenarios`` mode): the original code (id -1),
    then each candidate in a forked child. The probes share the group ``("scenarios", "")``;
    ``types`` are ``"list"`` (the tests ran) or ``"!"`` (one raised); no reach is recorded, so
    :func:`.agree.varies` says nothing about them.

    Args:
        screener: the :class:`~fixloop.repair.screen.WarmScreener` (sandbox, work tree).
        cands: the candidates to compare.
        wall_s: the sandboxed run's wall-clock limit, seconds.
        passing: ids of the tests that passed on the original code (only their scenarios run).

    Returns:
        the probes; empty when there is no variant or the run gave no original outputs.
    """
    variants = scenario_variants(Path(screener.work_root), passing)
    if len(variants) < 2 or not cands:
        return {}
    return _run_variants(screener, cands, variants, wall_s=wall_s, watch=False)


def _run_variants(
    screener: Any,
    cands: Sequence[Candidate],
    variants: list[dict[str, Any]],
    *,
    wall_s: float,
    watch: bool,
) -> dict[int, Probe]:
    """One sandboxed ``scenarios`` run of ``variants`` (:func:`scenario_probes`).

    ``watch``: the digests also hold the values the patched files' functions returned.
    """
    root = Path(screener.work_root)
    engine = Path(screener.engine_dir)
    script = engine / agree_probe.PROBE_NAME
    shutil.copyfile(Path(agree_probe.__file__), script)
    out = engine / "scenario.jsonl"
    out.unlink(missing_ok=True)
    job = {
        "root": str(root),
        "paths": [str(root / d) for d in screener.package_dirs] + [str(root)],
        "scenarios": variants,
        "candidates": [{"id": -1, "files": {}}]
        + [
            {"id": i, "files": {c.path: c.new_source, **{x.path: x.new_source for x in c.also}}}
            for i, c in enumerate(cands)
        ],
        "out": str(out),
        "per_call_s": 2.0,
    }
    paths = {c.path for c in cands} | {x.path for c in cands for x in c.also}
    if watch:
        job["watch"] = sorted(str(root / rel) for rel in paths)
    job_path = engine / "scenario-job.json"
    job_path.write_text(json.dumps(job), encoding="utf-8")
    originals = {rel: (root / rel).read_bytes() for rel in paths if (root / rel).exists()}
    try:
        screener.sandbox.run(
            [screener.python, str(script), str(job_path)],
            cwd=root.parent,
            limits=screener.run_limits(wall_s),
            ro_paths=screener.extra_ro,
            rw_paths=[engine, root],
            env={**screener.env, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"},
            log_path=engine / "scenario.log",
        )
    finally:
        for rel, data in originals.items():  # a run killed mid-candidate cannot restore
            if (root / rel).read_bytes() != data:
                write_source(str(root / rel), data)
    rows: dict[int, tuple[list[str], list[str]]] = {}
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            try:
                d = json.loads(line)
                rows[int(d["id"])] = ([str(x) for x in d["out"]], [str(x) for x in d["types"]])
            except (ValueError, KeyError, TypeError):
                continue
    base = rows.get(-1)
    if base is None or len(base[0]) != len(variants):
        return {}
    got: dict[int, Probe] = {}
    for i, c in enumerate(cands):
        if i in rows and len(rows[i][0]) == len(variants):
            got[id(c)] = Probe(
                SCENARIOS, rows[i][0], rows[i][1], base_out=base[0], base_types=base[1]
            )
    return got


def contender_probes(
    screener: Any,
    cands: Sequence[Candidate],
    *,
    wall_s: float,
    passing: Sequence[str],
) -> dict[int, Probe]:
    """The extra-input probes of the judge's contenders (:func:`.overfit.rank_plausible`).

    The function probes of :func:`.agree.probe_outputs` when they cover every contender on one
    function; else the scenario probes (:func:`scenario_probes`) of all of them, so that every
    contender is measured on the same inputs (methods and properties included); else whatever
    the function probes gave.

    Args:
        screener: the :class:`~fixloop.repair.screen.WarmScreener`.
        cands: the contenders.
        wall_s: each sandboxed run's limit, seconds.
        passing: ids of the tests that passed on the original code.
    """
    probes = probe_outputs(screener, cands, wall_s=wall_s)
    groups = {probes[id(c)].group if id(c) in probes else None for c in cands}
    if len(groups) == 1 and None not in groups:
        return probes
    scen = scenario_probes(screener, cands, wall_s=wall_s, passing=passing)
    return scen if len(scen) == len(cands) else probes


def value_changes(
    screener: Any, cands: Sequence[Candidate], *, wall_s: float, passing: Sequence[str]
) -> dict[int, bool]:
    """``id(candidate)`` -> do the passing tests' own calls return other values with the patch?

    The passing tests run unvaried (their own scenarios, one variant per test module), under
    the original code and under each patch, and every value the patched files' functions
    return while they run is compared (:mod:`.agree_probe`'s ``watch``). This is PATCH-SIM's
    premise (Xiong et al., ICSE 2018: a correct patch leaves the passing tests' behaviour
    alone) measured on values rather than on the lines run: a patch that turns a FIFO queue
    into a LIFO one keeps every line of the passing tests' paths, but their calls now return
    the items in another order, which their asserts happen not to look at. Issue 19 asks for
    exactly this comparison ("compare their traces or return values before and after").

    Args:
        screener: the :class:`~fixloop.repair.screen.WarmScreener`.
        cands: the patches to compare.
        wall_s: the sandboxed run's limit, seconds.
        passing: ids of the tests that passed on the original code.

    Returns:
        a verdict for every candidate the run measured (others absent: no evidence); empty
        when no test module has a passing test without parameters. The original code runs
        twice; a test module whose values differ between those two runs counts for no patch.
    """
    variants = scenario_variants(Path(screener.work_root), passing, varied_too=False)
    if not variants or not cands:
        return {}
    # the original code runs a second time as if it were a patch: a test module whose values
    # differ between two runs of the same code (a clock, a random draw) gives no evidence
    again = dataclasses.replace(cands[0], new_source=cands[0].old_source, also=())
    probes = _run_variants(screener, [*cands, again], variants, wall_s=wall_s, watch=True)
    twin = probes.pop(id(again), None)
    if twin is None:
        return {}
    steady = [a == b for a, b in zip(twin.out, twin.base_out, strict=False)]
    return {
        k: any(s and a != b for s, a, b in zip(steady, p.out, p.base_out, strict=False))
        for k, p in probes.items()
    }
