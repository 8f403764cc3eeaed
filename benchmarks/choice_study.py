"""How ambiguous is the engine's choice among plausible patches? Data for the precision setting.

For each task of one or more bug suites (format: ../shared/benchdata/README.md) this runs the
engine's analysis directly (as ``repair_diagnose.py`` does) and writes one JSON line per task:

- every plausible patch the judge saw (:func:`fixloop.repair.overfit.rank_plausible`), with its
  ranking key, its traced behaviour change, whether the task's hidden tests pass with it and
  whether it is the reference fix;
- for the best few (the final order; the judge's order when it declined), their outputs on the
  extra inputs or the passing tests' varied scenarios (:func:`.agree_scenario.contender_probes`)
  and whether the passing tests' own calls return other values
  (:func:`.agree_scenario.value_changes`): do the best two *disagree* in behaviour?

The extra probes run only here, after the judge has ordered the patches, so the engine's choice
is the one it makes without the study. A diagnostic for tuning on development suites; it never
reads a suite it is not given. Usage::

    python benchmarks/choice_study.py --suite DIR [--suite DIR ...] [--tasks a,b] --out FILE.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bugsuite  # noqa: E402
from repair_diagnose import _is_fix, expected_sources, task_port  # noqa: E402
from template_coverage import run_tests  # noqa: E402

from fixloop.repair import RepairEngine, overfit  # noqa: E402

CAPTURE: dict[str, Any] = {}
_ORIGINAL = overfit.rank_plausible


def _recording(plausible: Any, before: Any, failing: Any, trace: Any, **kw: Any) -> Any:
    """``rank_plausible`` keeping its evidence, then probing the best few (study only)."""
    rec: dict[str, Any] = {}
    ordered, notes = _ORIGINAL(plausible, before, failing, trace, record=rec, **kw)
    keys = rec.get("keys", {})
    pool = list(ordered) or sorted(
        (c for c in plausible if id(c) in keys), key=lambda c: keys[id(c)]
    )
    pool = pool[:4]
    probes: dict[int, Any] = {}
    values: dict[int, bool] = {}
    if len(pool) >= 2:
        try:
            probes = kw["probe"](pool) if kw.get("probe") else {}
        except Exception as exc:  # noqa: BLE001 - a study: record and go on
            CAPTURE["probe_error"] = str(exc)
        try:
            values = kw["values"](pool) if kw.get("values") else {}
        except Exception as exc:  # noqa: BLE001
            CAPTURE["values_error"] = str(exc)
    CAPTURE.update(
        plausible=list(plausible),
        ordered=list(ordered),
        rec=rec,
        pool=pool,
        probes=probes,
        values=values,
    )
    return ordered, notes


overfit.rank_plausible = _recording


def _probe_json(p: Any) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "group": list(p.group),
        "out": [o[:120] for o in p.out],
        "base_out": [o[:120] for o in p.base_out],
        "reach": list(p.reach),
    }


def study(task: Path, sandbox: Any) -> dict[str, Any]:
    """One task's record (see the module docstring)."""
    CAPTURE.clear()
    expected = expected_sources(task)
    t0 = time.monotonic()
    with task_port(task, sandbox, "study") as (port, kind):
        an = RepairEngine().analyze(port)
    seconds = time.monotonic() - t0
    rec = CAPTURE.get("rec", {})
    keys = rec.get("keys", {})
    judged = rec.get("judged", {})
    probes = CAPTURE.get("probes", {})
    values = CAPTURE.get("values", {})
    pool_ids = [id(c) for c in CAPTURE.get("pool", [])]
    cands = []
    for c in CAPTURE.get("plausible", []) or list(an.plausible):
        b = judged.get(id(c))
        cands.append(
            {
                "template": c.template,
                "where": c.where(),
                "path": c.path,
                "line": c.line,
                "diff_lines": c.diff_lines,
                "description": c.description[:100],
                "completes": bool(c.completes),
                "hidden": all(run_tests(task, x.path, x.new_source) for x in (c, *c.also)),
                "fix": _is_fix(c, expected),
                "key": keys.get(id(c)),
                "behaviour": None
                if b is None
                else {
                    "distance": b.distance,
                    "exercised": b.exercised,
                    "broke": b.broke,
                    "slow": b.slow,
                    "changed_tests": b.changed_tests,
                },
                "final_rank": next((i for i, o in enumerate(an.plausible) if o is c), None),
                "pool_rank": pool_ids.index(id(c)) if id(c) in pool_ids else None,
                "probe": _probe_json(probes.get(id(c))),
                "values_changed": values.get(id(c)),
            }
        )
    chosen = an.plausible[0] if an.plausible else None
    hidden_chosen = None
    if chosen is not None:
        hidden_chosen = next((x["hidden"] for x in cands if x["final_rank"] == 0), None)
        if hidden_chosen is None:
            hidden_chosen = all(
                run_tests(task, x.path, x.new_source) for x in (chosen, *chosen.also)
            )
    outcome = "not_fixed" if chosen is None else ("resolved" if hidden_chosen else "overfit")
    return {
        "suite": task.parent.name,
        "task": task.name,
        "kind": kind,
        "outcome": outcome,
        "seconds": round(seconds, 1),
        "screened": len(an.tried),
        "notes": [n[:200] for n in an.notes],
        "declined": any(n.startswith("declined") for n in an.notes),
        "cands": cands,
        "errors": {k: v for k, v in CAPTURE.items() if k.endswith("_error")},
    }


def main(argv: list[str] | None = None) -> int:
    """Command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", type=Path, action="append", required=True)
    ap.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    ap.add_argument("--out", type=Path, required=True, help="JSON lines, appended")
    args = ap.parse_args(argv)
    from fixloop.sandbox import make_sandbox

    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    sandbox = make_sandbox("auto")
    done = set()
    if args.out.is_file():
        for line in args.out.read_text().splitlines():
            r = json.loads(line)
            done.add((r["suite"], r["task"]))
    for suite in args.suite:
        if not suite.is_dir():
            print(f"suite not found: {suite}")
            continue
        for task in bugsuite.select_tasks(suite, args.tasks):
            if (suite.name, task.name) in done:
                continue
            try:
                row = study(task, sandbox)
            except Exception as exc:  # noqa: BLE001 - one task's failure must not end the study
                row = {
                    "suite": suite.name,
                    "task": task.name,
                    "outcome": "error",
                    "error": str(exc),
                }
            with args.out.open("a") as fh:
                fh.write(json.dumps(row) + "\n")
            print(
                f"{suite.name}/{task.name}: {row['outcome']} {row.get('seconds', '')}", flush=True
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
