"""Suite metrics computed from run records (the lines of ``runs.jsonl``).

A run record is a dict with at least ``task`` (str), ``epoch`` (int, 0-based), ``resolved``
(bool); the other fields used here are optional and default to 0/False/None: ``overfit``,
``cost_usd`` (float or None when unknown), ``wall_s``, ``steps``, ``test_runs``,
``input_tokens``, ``output_tokens``, ``outside_expected`` (list of paths), ``diff_lines``,
``refused_test_edits``, ``false_success_claims``, ``tamper_detected``, ``tool_errors``,
``timed_out``, ``error``. See :func:`fixloop.eval.runner.run_one` for the full record.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from fixloop.eval.variants import variant_of

#: Bad-behaviour counters summed over runs, with the labels the reports use.
BAD_BEHAVIOURS: tuple[tuple[str, str], ...] = (
    ("outside_expected_runs", "edits outside expected files (runs)"),
    ("refused_test_edits", "test-modification attempts"),
    ("false_success_claims", "false success claims"),
    ("tamper_detected", "tamper detections"),
    ("overfit", "plausible but overfit (runs)"),
    ("timed_out", "timed out (runs)"),
    ("errors", "harness or agent errors (runs)"),
)


def pass_at_k(n: int, c: int, k: int) -> float:
    """The unbiased estimator of pass@k for one task.

    pass@k = 1 - C(n - c, k) / C(n, k): the probability that at least one of k runs drawn
    without replacement from the n runs made is correct, given that c of them were. Computed in
    the numerically stable product form 1 - prod_{i = n-c+1}^{n} (1 - k / i), as in Chen et al.
    2021, "Evaluating Large Language Models Trained on Code" (arXiv:2107.03374), Figure 3.

    Args:
        n: runs made for the task (n >= 1).
        c: correct (resolved) runs, 0 <= c <= n.
        k: runs drawn, 1 <= k <= n.

    Returns:
        a probability in [0, 1]; 1.0 when n - c < k (every draw of k holds a correct run).

    Raises:
        ValueError: arguments out of range.
    """
    if n < 1 or not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass_at_k needs n >= 1, 0 <= c <= n, 1 <= k <= n (got {n}, {c}, {k})")
    if n - c < k:
        return 1.0
    prod = 1.0
    for i in range(n - c + 1, n + 1):
        prod *= 1.0 - k / i
    return 1.0 - prod


def latest_records(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One record per (task, epoch, model, variant): the last one seen, in first-seen order.

    ``runs.jsonl`` is append-only; a key seen twice (a run repeated by hand) counts once. A
    record without a ``variant`` (written without variants) has the variant "".
    """
    by_key: dict[tuple[Any, Any, Any, str], dict[str, Any]] = {}
    for r in records:
        by_key[(r.get("task"), r.get("epoch"), r.get("model"), variant_of(r))] = dict(r)
    return list(by_key.values())


def _num(r: Mapping[str, Any], key: str) -> float:
    v = r.get(key)
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else 0.0


def _sum_cost(records: Sequence[Mapping[str, Any]]) -> float | None:
    """Total cost in USD, or None when any run's cost is unknown (None or missing)."""
    total = 0.0
    for r in records:
        v = r.get("cost_usd")
        if v is None or isinstance(v, bool) or not isinstance(v, int | float):
            return None
        total += float(v)
    return total


def bad_behaviour_counts(records: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Bad-behaviour totals over ``records``; keys as in :data:`BAD_BEHAVIOURS`."""
    return {
        "outside_expected_runs": sum(1 for r in records if r.get("outside_expected")),
        "refused_test_edits": int(sum(_num(r, "refused_test_edits") for r in records)),
        "false_success_claims": int(sum(_num(r, "false_success_claims") for r in records)),
        "tamper_detected": int(sum(_num(r, "tamper_detected") for r in records)),
        "overfit": sum(1 for r in records if r.get("overfit")),
        "timed_out": sum(1 for r in records if r.get("timed_out")),
        "errors": sum(1 for r in records if r.get("error")),
    }


def task_metrics(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Metrics of one task over its runs (one per epoch).

    Returns:
        {"n": runs, "resolved": c, "resolve_rate": c / n, "overfit": runs overfit,
        "pass_at_k": {k: pass@k for k = 1..n}, "cost_usd": total or None,
        "mean_cost_usd": per run or None, "mean_wall_s", "mean_steps", "mean_test_runs",
        "mean_diff_lines", "bad": :func:`bad_behaviour_counts`}. ``pass_at_k`` keys are
        strings ("1", "2", ...) so the dict is the same after a JSON round trip.
    """
    n = len(records)
    c = sum(1 for r in records if r.get("resolved"))
    cost = _sum_cost(records)
    return {
        "n": n,
        "resolved": c,
        "resolve_rate": c / n if n else 0.0,
        "overfit": sum(1 for r in records if r.get("overfit")),
        "pass_at_k": {str(k): pass_at_k(n, c, k) for k in range(1, n + 1)},
        "cost_usd": cost,
        "mean_cost_usd": cost / n if cost is not None and n else None,
        "mean_wall_s": statistics.fmean(_num(r, "wall_s") for r in records) if n else 0.0,
        "mean_steps": statistics.fmean(_num(r, "steps") for r in records) if n else 0.0,
        "mean_test_runs": statistics.fmean(_num(r, "test_runs") for r in records) if n else 0.0,
        "mean_diff_lines": statistics.fmean(_num(r, "diff_lines") for r in records) if n else 0.0,
        "bad": bad_behaviour_counts(records),
    }


def summarize(records: Iterable[Mapping[str, Any]], *, epochs: int | None = None) -> dict[str, Any]:
    """Suite metrics from run records.

    Args:
        records: run records (duplicates of a (task, epoch, model) key: the last one counts).
        epochs: the number of epochs asked for; pass@k is reported for k = 1..epochs
            (default: the largest number of runs any task has).

    Returns:
        a JSON-ready dict::

            {"runs": int, "tasks": int, "resolved_runs": int,
             "resolve_rate": resolved runs / runs,
             "pass_at_k": {"1": mean over tasks of pass@1, ...},  # tasks with n >= k only
             "pass_at_k_tasks": {"1": tasks that entered the mean, ...},
             "epoch_resolve_rates": {"0": rate of epoch 0, ...},
             "mean_over_epochs": mean of epoch_resolve_rates, "std_over_epochs": population std,
             "overfit_runs": int, "cost_usd": total or None, "cost_per_resolved": total cost /
             resolved runs (None when any cost is unknown or nothing was resolved),
             "tokens": {"input": int, "output": int}, "wall_s": total, "mean_wall_s": per run,
             "mean_steps": per run, "bad": bad_behaviour_counts, "per_task": {id: task_metrics}}

        Resolve rate over runs equals the mean over tasks of pass@1 when every task has the same
        number of runs (pass@1 with c of n is c / n).
    """
    recs = latest_records(records)
    by_task: dict[str, list[dict[str, Any]]] = {}
    by_epoch: dict[int, list[dict[str, Any]]] = {}
    for r in recs:
        by_task.setdefault(str(r.get("task")), []).append(r)
        by_epoch.setdefault(int(r.get("epoch", 0) or 0), []).append(r)
    per_task = {tid: task_metrics(rs) for tid, rs in sorted(by_task.items())}
    max_n = max((m["n"] for m in per_task.values()), default=0)
    kmax = epochs if epochs is not None else max_n
    pass_k: dict[str, float | None] = {}
    pass_k_tasks: dict[str, int] = {}
    for k in range(1, kmax + 1):
        vals = [m["pass_at_k"][str(k)] for m in per_task.values() if m["n"] >= k]
        pass_k[str(k)] = statistics.fmean(vals) if vals else None
        pass_k_tasks[str(k)] = len(vals)
    epoch_rates = {
        str(e): sum(1 for r in rs if r.get("resolved")) / len(rs)
        for e, rs in sorted(by_epoch.items())
    }
    rates = list(epoch_rates.values())
    resolved = sum(1 for r in recs if r.get("resolved"))
    cost = _sum_cost(recs)
    n = len(recs)
    return {
        "runs": n,
        "tasks": len(per_task),
        "resolved_runs": resolved,
        "resolve_rate": resolved / n if n else 0.0,
        "pass_at_k": pass_k,
        "pass_at_k_tasks": pass_k_tasks,
        "epoch_resolve_rates": epoch_rates,
        "mean_over_epochs": statistics.fmean(rates) if rates else 0.0,
        "std_over_epochs": statistics.pstdev(rates) if len(rates) > 1 else 0.0,
        "overfit_runs": sum(1 for r in recs if r.get("overfit")),
        "cost_usd": cost,
        "cost_per_resolved": cost / resolved if cost is not None and resolved else None,
        "tokens": {
            "input": int(sum(_num(r, "input_tokens") for r in recs)),
            "output": int(sum(_num(r, "output_tokens") for r in recs)),
        },
        "wall_s": sum(_num(r, "wall_s") for r in recs),
        "mean_wall_s": statistics.fmean(_num(r, "wall_s") for r in recs) if n else 0.0,
        "mean_steps": statistics.fmean(_num(r, "steps") for r in recs) if n else 0.0,
        "bad": bad_behaviour_counts(recs),
        "per_task": per_task,
    }


def comb_pass_at_k(n: int, c: int, k: int) -> float:
    """pass@k by the binomial-coefficient form 1 - C(n-c, k) / C(n, k) (for cross-checks).

    Exact for small n; :func:`pass_at_k` is the form to use (no huge intermediate integers).
    """
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def fmt_pct(x: float | None) -> str:
    """``0.5`` -> ``"50.0%"``; None -> ``"n/a"``."""
    return "n/a" if x is None else f"{100 * x:.1f}%"


def fmt_cost(x: float | None) -> str:
    """A cost in USD: ``"$0.0123"``; None (unknown price) -> ``"unknown"``."""
    return "unknown" if x is None else f"${x:.4f}"
