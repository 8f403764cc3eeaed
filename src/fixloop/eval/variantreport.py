"""The variants side by side, in each report: Markdown, HTML and the terminal.

Only an eval with named variants (``--variant``/``--variants``) has these sections; the summary
then holds ``variants`` (:func:`fixloop.eval.variants.variant_summary`) and ``task_variants``
(:func:`fixloop.eval.variants.task_matrix`). Columns: resolved runs with the 95% Wilson
interval, pass@k, plausible-but-overfit runs, cost per resolved task, mean steps, false success
claims; and per task, which variants resolved it (resolved runs / runs).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from rich.console import Console
from rich.markup import escape as rich_escape
from rich.table import Table

from fixloop.eval.metrics import fmt_cost, fmt_pct


def _settings(v: dict[str, Any]) -> str:
    parts = [f"model={v['model']}", *(f"{k}={val}" for k, val in v["settings"].items())]
    return ", ".join(parts)


def variant_rows(summary: dict[str, Any]) -> list[list[str]]:
    """One row of plain cells per variant (the header is :data:`HEADER`)."""
    rows = []
    for name, v in summary.get("variants", {}).items():
        lo, hi = v["resolve_ci95"]
        rows.append(
            [
                name,
                _settings(v),
                f"{v['resolved_runs']}/{v['runs']} {fmt_pct(v['resolve_rate'])} "
                f"[{fmt_pct(lo)}, {fmt_pct(hi)}]",
                ", ".join(f"@{k} {fmt_pct(p)}" for k, p in v["pass_at_k"].items()),
                str(v["overfit_runs"]),
                fmt_cost(v["cost_per_resolved"]),
                f"{v['mean_steps']:.1f}",
                str(v["false_success_claims"]),
            ]
        )
    return rows


#: The columns of the variants table.
HEADER = [
    "variant",
    "settings",
    "resolved (95% Wilson)",
    "pass@k",
    "overfit",
    "cost per resolved",
    "steps",
    "false claims",
]


def _cell(c: list[int]) -> str:
    return f"{c[0]}/{c[1]}" if c[1] else "-"


def matrix_rows(summary: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The per-task table: header (task, one column per variant) and rows of ``c/n`` cells."""
    names = list(summary.get("variants", {}))
    rows = [
        [tid, *(_cell(cells[n]) for n in names)]
        for tid, cells in summary.get("task_variants", {}).items()
    ]
    return ["task", *names], rows


def markdown_lines(summary: dict[str, Any]) -> list[str]:
    """The Markdown section ``## Variants`` ([] without named variants)."""
    if not summary.get("variants"):
        return []
    lines = ["## Variants", "", "| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += [
        "| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in variant_rows(summary)
    ]
    head, rows = matrix_rows(summary)
    lines += ["", "Resolved runs per task and variant:", ""]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return [*lines, ""]


def html_section(summary: dict[str, Any], tr: Any) -> list[str]:
    """The HTML section ``Variants`` ([] without named variants).

    Args:
        summary: the summary.
        tr: the report's row helper ``tr(cells, head=False) -> str`` (cells already escaped).
    """
    if not summary.get("variants"):
        return []
    out = ['<section><h2>Variants</h2><table id="variants">', tr(HEADER, head=True)]
    out += [tr([escape(c) for c in r]) for r in variant_rows(summary)]
    head, rows = matrix_rows(summary)
    out += ["</table>", "<h3>Resolved runs per task and variant</h3>"]
    out += ['<table id="task-variants">', tr([escape(h) for h in head], head=True)]
    for r in rows:
        cells = [escape(r[0])]
        for c in r[1:]:
            ok = c != "-" and not c.startswith("0/")
            cells.append(f'<span class="{"ok" if ok else "bad"}">{escape(c)}</span>')
        out.append(tr(cells))
    return [*out, "</table></section>"]


def print_variants(summary: dict[str, Any], console: Console) -> None:
    """The variants table and the per-task one, with rich (nothing without named variants)."""
    if not summary.get("variants"):
        return
    table = Table(title="variants")
    for col in HEADER:
        table.add_column(col, overflow="fold")
    for r in variant_rows(summary):
        table.add_row(*(rich_escape(c) for c in r))
    console.print(table)
    head, rows = matrix_rows(summary)
    per_task = Table(title="resolved runs per task and variant")
    for col in head:
        per_task.add_column(col, no_wrap=col == "task")
    for r in rows:
        per_task.add_row(*(rich_escape(c) for c in r))
    console.print(per_task)


def variant_names(records: Sequence[dict[str, Any]]) -> list[str]:
    """The variant names found in ``records``, in first-seen order ("" left out)."""
    return list(dict.fromkeys(str(r.get("variant")) for r in records if r.get("variant")))


__all__ = [
    "HEADER",
    "html_section",
    "markdown_lines",
    "matrix_rows",
    "print_variants",
    "variant_names",
    "variant_rows",
]
