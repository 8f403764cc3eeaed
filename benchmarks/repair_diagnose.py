"""Why did the offline repair engine pick what it picked? One task at a time, with the evidence.

For each task of a bug suite (format: ../shared/benchdata/README.md), this runs the engine's
analysis directly (as ``bugsuite.py --direct`` does) and prints:

- where the reference fix (``solution.patch``, compared as the same syntax tree) stands: its rank
  among the generated candidates, whether it was screened and with what result;
- every plausible patch in the engine's final order, with its template, place, diff size, dead
  stores (:mod:`fixloop.repair.deadstore`) and whether the task's hidden tests pass with it
  (plain pytest in a temporary copy, no sandbox: the suite's own trusted tasks);
- the engine's notes (the behaviour distances, the agreement on extra inputs, budgets hit).

A diagnostic for tuning the ranking on development suites; it never reads a suite it is not
given. Usage::

    python benchmarks/repair_diagnose.py --suite benchmarks/data/heldout --tasks a,b [--top 12]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bugsuite  # noqa: E402
from template_coverage import apply_patch, parse_patch, run_tests, same_program  # noqa: E402

from fixloop.repair import RepairEngine  # noqa: E402
from fixloop.repair.deadstore import candidate_dead_stores  # noqa: E402


class RecordingEngine(RepairEngine):
    """The engine, keeping the candidates it generated (in screening order) for the report."""

    generated: list[Any]

    def _generate(self, *args: Any, **kwargs: Any) -> list[Any]:
        self.generated = super()._generate(*args, **kwargs)
        return self.generated


def expected_sources(task: Path) -> dict[str, str]:
    """``{path: fixed text}`` of the task's reference fix."""
    out = {}
    for rel, hunks in parse_patch((task / "solution.patch").read_text()).items():
        path = task / "repo" / rel
        if path.is_file():
            out[rel] = apply_patch(path.read_text(), hunks)[0]
    return out


def _is_fix(cand: Any, expected: dict[str, str]) -> bool:
    want = expected.get(cand.path)
    return want is not None and not cand.also and same_program(cand.new_source, want)


@contextlib.contextmanager
def task_port(task: Path, sandbox: Any, prefix: str) -> Iterator[tuple[Any, str]]:
    """The engine's port on a fresh copy of ``task``'s buggy repository, and the task's kind.

    The copy is made in a temporary folder (``prefix`` starts its name), committed, and its tests
    run once for the baseline; the port (:func:`fixloop.models.repair.port_from_context`) is valid
    inside the ``with`` only: the folder is removed after. Shared by this script and
    ``choice_study.py``.
    """
    from fixloop.models.repair import port_from_context
    from fixloop.types import ModelContext

    kind, test_cmd = bugsuite._task_meta(task.parent, task)
    with tempfile.TemporaryDirectory(prefix=f"{prefix}-{task.name}-") as tmp:
        work = Path(tmp)
        repo = work / "repo"
        bugsuite._make_repo(task / "repo", repo)
        runner = bugsuite._runner(repo, sandbox, test_cmd, work / "logs")
        baseline = runner.run("", pristine=True)
        scratch = work / "scratch"
        scratch.mkdir()
        ctx = ModelContext(
            root=repo,
            task="",
            sandbox=sandbox,
            runner=runner,
            scratch_dir=scratch,
            baseline=baseline,
        )
        yield port_from_context(ctx), kind


def diagnose(task: Path, sandbox: Any, top: int, engine_args: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run the engine on one task and print the evidence (see the module docstring)."""
    expected = expected_sources(task)
    with task_port(task, sandbox, "diagnose") as (port, _kind):
        engine = RecordingEngine(**(engine_args or {}))
        t0 = time.monotonic()
        an = engine.analyze(port)
        seconds = time.monotonic() - t0
    gen = getattr(engine, "generated", [])
    print(
        f"== {task.name} ({_kind}): {len(gen)} generated, {len(an.tried)} screened, "
        f"{len(an.plausible)} plausible, {seconds:.1f} s"
    )
    fix_rank = next((i for i, c in enumerate(gen, 1) if _is_fix(c, expected)), None)
    tried_at = next((i for i, t in enumerate(an.tried, 1) if _is_fix(t.candidate, expected)), None)
    if fix_rank is None:
        print("  reference fix: NOT generated")
    else:
        c = gen[fix_rank - 1]
        status = an.tried[tried_at - 1].result.status if tried_at else "not screened"
        print(
            f"  reference fix: generated at {fix_rank} ({c.template}, score {c.score:.3f}), "
            f"screened at {tried_at}: {status}"
        )
    first_plausible = next((i for i, t in enumerate(an.tried, 1) if t.result.plausible), None)
    print(f"  first plausible screened at {first_plausible}")
    verdicts = []
    for k, c in enumerate(an.plausible[:top], 1):
        hidden = all(run_tests(task, x.path, x.new_source) for x in (c, *c.also))
        verdicts.append(hidden)
        mark = "FIX" if _is_fix(c, expected) else ("ok " if hidden else "bad")
        print(
            f"  {k:2}. {mark} {c.template:24} {c.where():22} lines {c.diff_lines} "
            f"dead {candidate_dead_stores(c)}  {c.description[:70]}"
        )
    for note in an.notes:
        print(f"     note: {note[:160]}")
    return {
        "task": task.name,
        "fix_rank": fix_rank,
        "screened_at": tried_at,
        "plausible": len(an.plausible),
        "chosen_ok": verdicts[0] if verdicts else None,
    }


def main(argv: list[str] | None = None) -> int:
    """Command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", type=Path, default=bugsuite.DEFAULT_SUITE)
    ap.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    ap.add_argument("--top", type=int, default=12, help="plausible patches shown per task")
    ap.add_argument(
        "--extra-candidates",
        type=int,
        default=None,
        help="the engine's extra_candidates (default: the engine's own)",
    )
    args = ap.parse_args(argv)
    if not args.suite.is_dir():
        print(f"suite not found: {args.suite}")
        return 0
    from fixloop.sandbox import make_sandbox

    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    sandbox = make_sandbox("auto")
    eargs = {} if args.extra_candidates is None else {"extra_candidates": args.extra_candidates}
    rows = [diagnose(t, sandbox, args.top, eargs) for t in bugsuite.select_tasks(args.suite, args.tasks)]
    ok = sum(1 for r in rows if r["chosen_ok"])
    print(f"chosen patch passes the hidden tests: {ok}/{len(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
