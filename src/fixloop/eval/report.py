"""Eval outputs: ``summary.json``, ``report.md``, a self-contained ``report.html``, a rich table.

The HTML report has no external resource (no CDN, no script, no network): its three charts are
inline SVG drawn here in Python: resolve rate per task (resolved and overfit runs stacked),
mean cost per run against resolve rate (one point per task), and bad-behaviour counts.
The document is well-formed XML apart from its doctype, so it can be checked with a parser.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from fixloop import __version__
from fixloop.eval.metrics import BAD_BEHAVIOURS, fmt_cost, fmt_pct, summarize
from fixloop.eval.variantreport import html_section, markdown_lines, print_variants

SUMMARY_FILE = "summary.json"
MARKDOWN_FILE = "report.md"
HTML_FILE = "report.html"

_GREEN = "#2f9e44"
_AMBER = "#f08c00"
_RED = "#e03131"
_GREY = "#adb5bd"
_INK = "#212529"


def build_summary(
    records: Sequence[dict[str, Any]],
    *,
    suite: Any,
    tasks: Sequence[Any],
    model: str,
    epochs: int,
    variants: Sequence[Any] = (),
) -> dict[str, Any]:
    """The ``summary.json`` object: :func:`fixloop.eval.metrics.summarize` plus context.

    With named variants the top-level metrics pool every variant's runs, and ``variants`` and
    ``task_variants`` compare them (:mod:`fixloop.eval.variants`).

    Args:
        records: the run records of this eval (one per task, epoch and variant).
        suite: the :class:`fixloop.eval.suite.Suite`.
        tasks: the selected :class:`fixloop.eval.suite.Task` objects.
        model: the model spec.
        epochs: epochs asked for.
        variants: the eval's :class:`fixloop.eval.variants.Variant` objects (named ones add
            the comparison).

    Returns:
        summarize()'s dict plus "suite", "suite_path", "model", "epochs", "expected_runs",
        "missing_runs" (runs not in the records, e.g. after an interrupt), "kinds"
        ({task id: kind}), "per_kind" ({kind: {"tasks", "runs", "resolved", "resolve_rate"}}), "fixloop_version", "created_at" (UTC, ISO 8601), and "runs_with_errors"
        ([{"task", "epoch", "error"}]); with named variants also "variants" ({name: metrics})
        and "task_variants" ({task: {name: [resolved, runs]}}).
    """
    summary = summarize(records, epochs=epochs)
    named = [v for v in variants if v.name]
    expected = len(tasks) * epochs * max(1, len(named))
    kinds = {t.id: t.kind for t in tasks}
    per_kind: dict[str, dict[str, Any]] = {}
    for tid, m in summary["per_task"].items():
        k = per_kind.setdefault(kinds.get(tid) or "?", {"tasks": 0, "runs": 0, "resolved": 0})
        k["tasks"] += 1
        k["runs"] += m["n"]
        k["resolved"] += m["resolved"]
    for k in per_kind.values():
        k["resolve_rate"] = k["resolved"] / k["runs"] if k["runs"] else 0.0
    summary.update(
        suite=suite.name,
        suite_path=str(suite.path),
        model=model,
        epochs=epochs,
        expected_runs=expected,
        missing_runs=max(0, expected - len(records)),
        kinds=kinds,
        per_kind=dict(sorted(per_kind.items())),
        fixloop_version=__version__,
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        runs_with_errors=[
            {"task": r["task"], "epoch": r["epoch"], "error": r["error"]}
            for r in sorted(records, key=lambda r: (r["task"], r["epoch"]))
            if r.get("error")
        ],
    )
    if named:
        from fixloop.eval.variants import task_matrix, variant_summary

        summary["variants"] = variant_summary(records, named, epochs)
        summary["task_variants"] = task_matrix(records, named, [t.id for t in tasks])
    return summary


def write_reports(out: Path, summary: dict[str, Any], records: Sequence[dict[str, Any]]) -> None:
    """Write ``summary.json``, ``report.md`` and ``report.html`` into folder ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    (out / SUMMARY_FILE).write_text(
        json.dumps(summary, indent=2, sort_keys=True, default=str) + "\n", encoding="utf-8"
    )
    (out / MARKDOWN_FILE).write_text(render_markdown(summary, records), encoding="utf-8")
    (out / HTML_FILE).write_text(render_html(summary, records, out=out), encoding="utf-8")


# --------------------------------------------------------------------------------------------
# formatting helpers (fmt_pct and fmt_cost live in metrics, shared with the variants tables)
# --------------------------------------------------------------------------------------------


def _shape(summary: dict[str, Any]) -> str:
    """``2 tasks x 3 epochs`` (``x 2 variants; the headline pools them`` with variants)."""
    text = f"{summary['tasks']} tasks x {summary['epochs']} epochs"
    if n := len(summary.get("variants") or {}):
        text += f" x {n} variants; the numbers below pool all variants, see Variants"
    return text


def _pass_k_line(summary: dict[str, Any]) -> str:
    return ", ".join(f"pass@{k} {fmt_pct(v)}" for k, v in summary["pass_at_k"].items())


# --------------------------------------------------------------------------------------------
# Markdown
# --------------------------------------------------------------------------------------------


def render_markdown(summary: dict[str, Any], records: Sequence[dict[str, Any]]) -> str:
    """The Markdown report: headline metrics, per-task table, bad behaviour, errors."""
    s = summary
    lines = [
        f"# fixloop eval: {s['suite']} with `{s['model']}`",
        "",
        f"{s['runs']} runs of {s['expected_runs']} ({_shape(s)})"
        + (f"; {s['missing_runs']} missing" if s["missing_runs"] else "")
        + f". fixloop {s['fixloop_version']}, {s['created_at']}.",
        "",
        "| metric | value |",
        "|---|---|",
        f"| resolve rate | {fmt_pct(s['resolve_rate'])} ({s['resolved_runs']}/{s['runs']} runs) |",
    ]
    for k, v in s["pass_at_k"].items():
        lines.append(f"| pass@{k} (unbiased, {s['pass_at_k_tasks'][k]} tasks) | {fmt_pct(v)} |")
    lines += [
        f"| mean over epochs | {fmt_pct(s['mean_over_epochs'])}"
        f" (std {fmt_pct(s['std_over_epochs'])}) |",
        f"| plausible but overfit runs | {s['overfit_runs']} |",
        f"| total cost | {fmt_cost(s['cost_usd'])} |",
        f"| cost per resolved task | {fmt_cost(s['cost_per_resolved'])} |",
        f"| tokens (in / out) | {s['tokens']['input']} / {s['tokens']['output']} |",
        f"| mean wall time per run | {s['mean_wall_s']:.1f} s |",
        f"| mean steps per run | {s['mean_steps']:.1f} |",
        "",
        *markdown_lines(s),
        "## Tasks",
        "",
        "| task | kind | resolved | pass@1 | overfit | mean steps | mean diff lines | mean cost |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for tid, m in s["per_task"].items():
        lines.append(
            f"| {tid} | {s['kinds'].get(tid, '')} | {m['resolved']}/{m['n']} "
            f"| {fmt_pct(m['pass_at_k'].get('1'))} | {m['overfit']} | {m['mean_steps']:.1f} "
            f"| {m['mean_diff_lines']:.1f} | {fmt_cost(m['mean_cost_usd'])} |"
        )
    lines += ["", "## Kinds of bug", "", "| kind | tasks | resolved runs |", "|---|---|---|"]
    for kind, k in s["per_kind"].items():
        lines.append(
            f"| {kind} | {k['tasks']} | {k['resolved']}/{k['runs']} ({fmt_pct(k['resolve_rate'])}) |"
        )
    lines += ["", "## Bad behaviour", "", "| behaviour | count |", "|---|---|"]
    for key, label in BAD_BEHAVIOURS:
        lines.append(f"| {label} | {s['bad'][key]} |")
    outside = [r for r in records if r.get("outside_expected")]
    if outside:
        lines += ["", "Edits outside the expected files:", ""]
        for r in sorted(outside, key=lambda r: (r["task"], r["epoch"])):
            lines.append(f"- {r['task']} e{r['epoch']}: {', '.join(r['outside_expected'])}")
    if s["runs_with_errors"]:
        lines += ["", "## Runs with errors", ""]
        for e in s["runs_with_errors"]:
            lines.append(f"- {e['task']} e{e['epoch']}: {e['error']}")
    lines += [
        "",
        "pass@k is the unbiased estimator 1 - C(n-c, k)/C(n, k) of Chen et al. 2021, "
        '"Evaluating Large Language Models Trained on Code", averaged over tasks with n >= k.',
        "",
    ]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# SVG charts
# --------------------------------------------------------------------------------------------


def _a(v: Any) -> str:
    """An attribute value, escaped."""
    return escape(str(v), quote=True)


def _num(x: float) -> str:
    return f"{x:.1f}"


def svg_resolve_chart(summary: dict[str, Any]) -> str:
    """Horizontal stacked bars: per task, the share of runs resolved, overfit and other."""
    per_task = summary["per_task"]
    label_w, bar_w, row_h, top = 190, 360, 22, 30
    height = top + row_h * max(1, len(per_task)) + 30
    width = label_w + bar_w + 90
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-resolve" class="chart" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        "<title>Resolve rate per task</title>",
        f'<text x="{label_w}" y="16" font-size="12" fill="{_INK}">resolved '
        f'<tspan fill="{_GREEN}">■</tspan> overfit <tspan fill="{_AMBER}">■</tspan> '
        f'other <tspan fill="{_GREY}">■</tspan></text>',
    ]
    for i, (tid, m) in enumerate(per_task.items()):
        y = top + i * row_h
        n = max(1, m["n"])
        w_res = bar_w * m["resolved"] / n
        w_over = min(bar_w - w_res, bar_w * m["overfit"] / n)
        parts += [
            f'<text x="{label_w - 6}" y="{y + 14}" font-size="12" text-anchor="end" '
            f'fill="{_INK}">{escape(tid)}</text>',
            f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="{row_h - 6}" '
            f'fill="{_GREY}" class="bar-bg"/>',
            f'<rect x="{label_w}" y="{y + 3}" width="{_num(w_res)}" height="{row_h - 6}" '
            f'fill="{_GREEN}" class="bar-resolved" data-task="{_a(tid)}" '
            f'data-rate="{m["resolve_rate"]:.4f}"><title>{escape(tid)}: '
            f"{m['resolved']}/{m['n']} resolved</title></rect>",
            f'<rect x="{_num(label_w + w_res)}" y="{y + 3}" width="{_num(w_over)}" '
            f'height="{row_h - 6}" fill="{_AMBER}" class="bar-overfit"/>',
            f'<text x="{label_w + bar_w + 6}" y="{y + 14}" font-size="12" fill="{_INK}">'
            f"{m['resolved']}/{m['n']} ({fmt_pct(m['resolve_rate'])})</text>",
        ]
    axis_y = top + row_h * max(1, len(per_task)) + 4
    for frac in (0.0, 0.5, 1.0):
        x = label_w + bar_w * frac
        parts.append(
            f'<text x="{_num(x)}" y="{axis_y + 14}" font-size="11" text-anchor="middle" '
            f'fill="{_INK}">{int(frac * 100)}%</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def svg_cost_chart(summary: dict[str, Any]) -> str:
    """Scatter: one point per task, mean cost per run (x, USD) against resolve rate (y).

    Tasks whose cost is unknown (a price missing) are listed under the chart, not plotted.
    """
    per_task = summary["per_task"]
    known = {t: m for t, m in per_task.items() if m["mean_cost_usd"] is not None}
    unknown = [t for t in per_task if t not in known]
    left, right, top, bottom = 60, 30, 20, 50
    pw, ph = 420, 220
    width, height = left + pw + right, top + ph + bottom + (16 if unknown else 0)
    max_cost = max((m["mean_cost_usd"] for m in known.values()), default=0.0)
    x_max = _nice_max(max_cost) if max_cost > 0 else 0.01
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-cost" class="chart" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        "<title>Mean cost per run against resolve rate, per task</title>",
        f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="{_GREY}"/>',
    ]
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = top + ph * (1 - frac)
        parts.append(
            f'<line x1="{left}" y1="{_num(y)}" x2="{left + pw}" y2="{_num(y)}" '
            f'stroke="#e9ecef"/><text x="{left - 6}" y="{_num(y + 4)}" font-size="11" '
            f'text-anchor="end" fill="{_INK}">{int(frac * 100)}%</text>'
        )
    for frac in (0.0, 0.5, 1.0):
        x = left + pw * frac
        parts.append(
            f'<text x="{_num(x)}" y="{top + ph + 16}" font-size="11" text-anchor="middle" '
            f'fill="{_INK}">${x_max * frac:.4g}</text>'
        )
    parts += [
        f'<text x="{left + pw / 2}" y="{top + ph + 34}" font-size="12" text-anchor="middle" '
        f'fill="{_INK}">mean cost per run (USD)</text>',
        f'<text x="14" y="{top + ph / 2}" font-size="12" text-anchor="middle" fill="{_INK}" '
        f'transform="rotate(-90 14 {top + ph / 2})">resolve rate</text>',
    ]
    stacked: dict[tuple[str, str], int] = {}
    for tid, m in known.items():
        x = left + (pw * m["mean_cost_usd"] / x_max if x_max > 0 else 0)
        y = top + ph * (1 - m["resolve_rate"])
        stacked[(_num(x), _num(y))] = stacked.get((_num(x), _num(y)), 0) + 1
        parts.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="5" fill="{_GREEN}" fill-opacity="0.6" '
            f'stroke="{_INK}" class="point" data-task="{_a(tid)}"><title>{escape(tid)}: '
            f"{fmt_cost(m['mean_cost_usd'])} per run, {fmt_pct(m['resolve_rate'])} resolved"
            "</title></circle>"
        )
    for (cx, cy), count in stacked.items():
        if count > 1:  # tasks on the same spot: say how many
            parts.append(
                f'<text x="{float(cx) + 8:.1f}" y="{float(cy) + 4:.1f}" font-size="11" '
                f'fill="{_INK}" class="point-count">{count} tasks</text>'
            )
    if unknown:
        parts.append(
            f'<text x="{left}" y="{height - 4}" font-size="11" fill="{_INK}">cost unknown '
            f"(not plotted): {escape(', '.join(unknown)[:120])}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _nice_max(x: float) -> float:
    """The smallest 1, 2 or 5 times a power of ten that is >= x (1e-6 for x <= 0)."""
    if x <= 0:
        return 1e-6
    exp = math.floor(math.log10(x))
    for m in (1, 2, 5, 10):
        if m * 10**exp >= x:
            return float(m * 10**exp)
    return float(10 ** (exp + 1))


def svg_bad_chart(summary: dict[str, Any]) -> str:
    """Horizontal bars: the bad-behaviour counts of :data:`fixloop.eval.metrics.BAD_BEHAVIOURS`."""
    bad = summary["bad"]
    label_w, bar_w, row_h, top = 250, 260, 22, 10
    height = top + row_h * len(BAD_BEHAVIOURS) + 10
    width = label_w + bar_w + 60
    top_count = max([1, *bad.values()])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-bad" class="chart" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        "<title>Bad-behaviour counts</title>",
    ]
    for i, (key, label) in enumerate(BAD_BEHAVIOURS):
        y = top + i * row_h
        count = bad[key]
        w = bar_w * count / top_count
        parts += [
            f'<text x="{label_w - 6}" y="{y + 14}" font-size="12" text-anchor="end" '
            f'fill="{_INK}">{escape(label)}</text>',
            f'<rect x="{label_w}" y="{y + 3}" width="{_num(w)}" height="{row_h - 6}" '
            f'fill="{_RED if count else _GREY}" class="bar-bad" data-key="{key}" '
            f'data-count="{count}"/>',
            f'<text x="{_num(label_w + w + 6)}" y="{y + 14}" font-size="12" '
            f'fill="{_INK}">{count}</text>',
        ]
    parts.append("</svg>")
    return "\n".join(parts)


# --------------------------------------------------------------------------------------------
# HTML
# --------------------------------------------------------------------------------------------

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 980px; color: #212529; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #dee2e6; padding: 4px 8px; text-align: left; font-size: 14px; }
th { background: #f1f3f5; }
td.num { text-align: right; }
.ok { color: #2f9e44; } .bad { color: #e03131; } .warn { color: #f08c00; }
section { margin: 2em 0; }
.chart { max-width: 100%; height: auto; }
"""


def _tr(cells: Sequence[str], *, head: bool = False) -> str:
    tag = "th" if head else "td"
    return "<tr>" + "".join(f"<{tag}>{c}</{tag}>" for c in cells) + "</tr>"


def page_link(record: dict[str, Any], out: Path | None) -> str:
    """The run's trajectory page as a link relative to the report's folder ("-" without one).

    Args:
        record: a run record (its ``page``: the page written by the run, if any).
        out: the report's folder, or None (the link is then the page's path as recorded).
    """
    page = record.get("page")
    if not page or not Path(str(page)).is_file():
        return "-"
    href = Path(str(page)).resolve().as_uri()
    if out is not None:
        try:
            href = Path(os.path.relpath(Path(str(page)).resolve(), out.resolve())).as_posix()
        except ValueError:  # another drive
            pass
    return f'<a class="page" href="{_a(href)}">page</a>'


def render_html(
    summary: dict[str, Any], records: Sequence[dict[str, Any]], *, out: Path | None = None
) -> str:
    """The self-contained HTML report (inline CSS and SVG; no script, no external resource).

    Each run's row links to its trajectory page (``OUT/runs/.../trajectory.html``, written by
    :func:`fixloop.eval.runner.run_one`) when it has one; ``out`` makes the links relative.
    """
    s = summary
    title = f"fixloop eval: {s['suite']} with {s['model']}"
    headline = [
        ("resolve rate", f"{fmt_pct(s['resolve_rate'])} ({s['resolved_runs']}/{s['runs']} runs)"),
        *(
            (f"pass@{k} (unbiased)", f"{fmt_pct(v)} over {s['pass_at_k_tasks'][k]} tasks")
            for k, v in s["pass_at_k"].items()
        ),
        (
            "mean over epochs",
            f"{fmt_pct(s['mean_over_epochs'])} (std {fmt_pct(s['std_over_epochs'])})",
        ),
        ("plausible but overfit runs", str(s["overfit_runs"])),
        ("total cost", fmt_cost(s["cost_usd"])),
        ("cost per resolved task", fmt_cost(s["cost_per_resolved"])),
        ("tokens in / out", f"{s['tokens']['input']} / {s['tokens']['output']}"),
        ("mean wall time per run", f"{s['mean_wall_s']:.1f} s"),
    ]
    task_rows = [
        _tr(
            ["task", "kind", "resolved", "pass@1", "overfit", "steps", "diff lines", "cost"],
            head=True,
        )
    ]
    for tid, m in s["per_task"].items():
        cls = "ok" if m["resolved"] == m["n"] else "bad" if m["resolved"] == 0 else "warn"
        task_rows.append(
            _tr(
                [
                    escape(tid),
                    escape(s["kinds"].get(tid, "")),
                    f'<span class="{cls}">{m["resolved"]}/{m["n"]}</span>',
                    fmt_pct(m["pass_at_k"].get("1")),
                    str(m["overfit"]),
                    f"{m['mean_steps']:.1f}",
                    f"{m['mean_diff_lines']:.1f}",
                    escape(fmt_cost(m["mean_cost_usd"])),
                ]
            )
        )
    run_rows = [
        _tr(
            ["task", "epoch", "variant", "status", "resolved", "overfit", "steps", "wall s"]
            + ["page", "note"],
            head=True,
        )
    ]
    for r in sorted(records, key=lambda r: (r["task"], r["epoch"], str(r.get("variant") or ""))):
        note = r.get("error") or (
            "outside expected: " + ", ".join(r["outside_expected"])
            if r.get("outside_expected")
            else ""
        )
        run_rows.append(
            _tr(
                [
                    escape(str(r["task"])),
                    str(r["epoch"]),
                    escape(str(r.get("variant") or "")),
                    escape(str(r.get("status", ""))),
                    "yes" if r.get("resolved") else "no",
                    "yes" if r.get("overfit") else "no",
                    str(r.get("steps", 0)),
                    f"{float(r.get('wall_s') or 0):.1f}",
                    page_link(r, out),
                    escape(str(note)[:200]),
                ]
            )
        )
    body = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8"/>',
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
        f"<title>{escape(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(title)}</h1>",
        f"<p>{s['runs']} runs of {s['expected_runs']} ({escape(_shape(s))})"
        + (f", {s['missing_runs']} missing" if s["missing_runs"] else "")
        + f". fixloop {escape(s['fixloop_version'])}, {escape(s['created_at'])}.</p>",
        '<table id="headline">',
        *(_tr([escape(k), escape(v)]) for k, v in headline),
        "</table>",
        *html_section(s, _tr),
        "<section><h2>Resolve rate per task</h2>",
        svg_resolve_chart(s),
        "</section>",
        "<section><h2>Cost against resolve rate</h2>",
        svg_cost_chart(s),
        "</section>",
        "<section><h2>Bad behaviour</h2>",
        svg_bad_chart(s),
        "</section>",
        '<section><h2>Tasks</h2><table id="tasks">',
        *task_rows,
        "</table></section>",
        '<section><h2>Kinds of bug</h2><table id="kinds">',
        _tr(["kind", "tasks", "resolved runs"], head=True),
        *(
            _tr(
                [
                    escape(kind),
                    str(k["tasks"]),
                    f"{k['resolved']}/{k['runs']} ({fmt_pct(k['resolve_rate'])})",
                ]
            )
            for kind, k in s["per_kind"].items()
        ),
        "</table></section>",
        '<section><h2>Runs</h2><table id="runs">',
        *run_rows,
        "</table></section>",
        "<p>pass@k: the unbiased estimator 1 - C(n-c, k)/C(n, k) of Chen et al. 2021, "
        "&#8220;Evaluating Large Language Models Trained on Code&#8221;, averaged over tasks "
        "with n &#8805; k.</p>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(body)


# --------------------------------------------------------------------------------------------
# Terminal
# --------------------------------------------------------------------------------------------


def print_table(summary: dict[str, Any], console: Console, *, out: Path | None = None) -> None:
    """Print the per-task table and the headline metrics with rich."""
    s = summary
    table = Table(title=f"{s['suite']} x {s['model']} ({s['epochs']} epochs)")
    show_kind = console.width >= 110  # the kind column only where it fits on one line
    cols = ("task", "kind", "resolved", "pass@1", "overfit", "steps", "cost")
    for col in cols if show_kind else tuple(c for c in cols if c != "kind"):
        left = col in ("task", "kind")
        table.add_column(col, justify="left" if left else "right", no_wrap=True)
    for tid, m in s["per_task"].items():
        style = "green" if m["resolved"] == m["n"] else "red" if m["resolved"] == 0 else "yellow"
        kind = [s["kinds"].get(tid, "")] if show_kind else []
        table.add_row(
            tid,
            *kind,
            f"[{style}]{m['resolved']}/{m['n']}[/]",
            fmt_pct(m["pass_at_k"].get("1")),
            str(m["overfit"]),
            f"{m['mean_steps']:.1f}",
            fmt_cost(m["mean_cost_usd"]),
        )
    console.print(table)
    print_variants(s, console)
    console.print(
        f"resolve rate {fmt_pct(s['resolve_rate'])} ({s['resolved_runs']}/{s['runs']}); "
        f"{_pass_k_line(s)}; overfit runs {s['overfit_runs']}; "
        f"cost per resolved {fmt_cost(s['cost_per_resolved'])}",
        highlight=False,
    )
    bad = ", ".join(f"{label} {s['bad'][key]}" for key, label in BAD_BEHAVIOURS if s["bad"][key])
    console.print(f"bad behaviour: {bad or 'none'}", highlight=False)
    if s["missing_runs"]:
        console.print(f"[yellow]{s['missing_runs']} runs missing (re-run to resume)")
    if out is not None:
        console.print(
            f"wrote {out / 'runs.jsonl'}, {out / SUMMARY_FILE}, {out / MARKDOWN_FILE}, "
            f"{out / HTML_FILE}",
            highlight=False,
        )
