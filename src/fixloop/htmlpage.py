"""A run's trajectory as one self-contained HTML page: ``fixloop show RUN --html [OUT]``.

The page has no script and loads nothing: inline CSS and SVG only, and a Content-Security-Policy
(``default-src 'none'``) that forbids the browser any request, so it can be opened offline,
attached to an issue or archived with an eval. It shows, from the trajectory's events (see
:mod:`fixloop.trajectory`):

- the run: task, model, repository, branch, base commit, final status;
- each step (model call): the model's text, each tool call with its arguments and its result
  (long output folded in ``<details>``: more than :data:`FOLD_LINES` lines or
  :data:`FOLD_CHARS` characters), test tallies and gate verdicts where they happened;
- test tallies over time: an SVG chart of passed and failing tests per test run (baseline, the
  model's runs, the gate's), and the same numbers as a table;
- the gate's verdicts, the final diff (added and removed lines coloured), usage and cost.

Unknown event types are listed by type and time, so a newer trajectory still renders.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from fixloop.render import tally

#: Tool output longer than this many lines is folded.
FOLD_LINES = 25
#: ... or longer than this many characters.
FOLD_CHARS = 2000

_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1040px; color: #212529; }
h1 { font-size: 1.4em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #dee2e6; }
table { border-collapse: collapse; margin: .6em 0; }
th, td { border: 1px solid #dee2e6; padding: 3px 8px; text-align: left; font-size: 14px;
  vertical-align: top; }
th { background: #f1f3f5; }
pre { background: #f8f9fa; border: 1px solid #e9ecef; padding: 6px 8px; overflow-x: auto;
  font-size: 12.5px; white-space: pre-wrap; word-break: break-word; margin: 4px 0; }
.step { border-left: 4px solid #adb5bd; padding: 2px 12px; margin: 14px 0; }
.step h3 { margin: 4px 0; font-size: 1.05em; }
.says { margin: 4px 0; } .call { margin: 8px 0 8px 8px; }
.tool { font-weight: 600; font-family: monospace; }
.err { color: #e03131; } .ok { color: #2f9e44; } .warn { color: #f08c00; }
.verdict-ok { border-left-color: #2f9e44; } .verdict-bad { border-left-color: #e03131; }
.diff .add { color: #2b8a3e; background: #ebfbee; display: block; }
.diff .del { color: #c92a2a; background: #fff5f5; display: block; }
.diff .hunk { color: #1864ab; display: block; }
summary { cursor: pointer; color: #495057; font-size: 13px; }
.muted { color: #868e96; font-size: 13px; }
"""


def _t(ev: Mapping[str, Any]) -> str:
    t = ev.get("t")
    return f"{t:.1f}s" if isinstance(t, int | float) else "?"


def _dict(v: Any) -> dict[str, Any]:
    return v if isinstance(v, dict) else {}


def _tally(rep: Mapping[str, Any]) -> str:
    """``6 passed, 2 failed, 1 errors (failed); 9 collected`` from a test report dict.

    :func:`fixloop.render.tally` (the terminal's words, hung tests included), then the count.
    """
    return f"{tally(rep)}; {rep.get('collected', 0)} collected"


def folded(text: str, *, label: str = "output") -> str:
    """``text`` in a ``<pre>``; long text folded in ``<details>`` with its size in the summary.

    Args:
        text: the text (escaped here).
        label: what the summary calls it.

    Returns:
        HTML.
    """
    lines = text.count("\n") + 1
    pre = f"<pre>{escape(text)}</pre>"
    if lines <= FOLD_LINES and len(text) <= FOLD_CHARS:
        return pre
    first = escape(text.strip().splitlines()[0][:120]) if text.strip() else ""
    return (
        f'<details class="fold"><summary>{escape(label)}: {lines} lines, {len(text):,} '
        f"characters: <code>{first}</code></summary>{pre}</details>"
    )


def _json(v: Any) -> str:
    try:
        return json.dumps(v, indent=2, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(v)


def diff_html(diff: str) -> str:
    """A unified diff in a ``<pre class="diff">``, added/removed/hunk lines in their colours."""
    out = []
    for line in diff.splitlines():
        cls = ""
        if line.startswith("+") and not line.startswith("+++"):
            cls = "add"
        elif line.startswith("-") and not line.startswith("---"):
            cls = "del"
        elif line.startswith("@@"):
            cls = "hunk"
        text = escape(line) or " "
        out.append(f'<span class="{cls}">{text}</span>' if cls else text + "\n")
    return '<pre class="diff">' + "".join(out) + "</pre>"


def tally_points(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every test run of the trajectory: ``{"t", "source", "passed", "failing", "collected"}``.

    ``failing`` counts failed plus errors; ``source`` is ``baseline``, ``tool`` (the model's
    ``run_tests``), ``gate`` or the event's own source.
    """
    points = []
    for ev in events:
        kind = ev.get("type")
        if kind not in ("baseline", "test_report"):
            continue
        rep = _dict(ev.get("report")) or dict(ev)
        t = ev.get("t")
        points.append(
            {
                "t": float(t) if isinstance(t, int | float) else 0.0,
                "source": "baseline" if kind == "baseline" else str(ev.get("source") or "tool"),
                "passed": int(rep.get("passed") or 0),
                "failing": int(rep.get("failed") or 0) + int(rep.get("errors") or 0),
                "collected": int(rep.get("collected") or 0),
            }
        )
    return points


def tally_chart(points: Sequence[Mapping[str, Any]]) -> str:
    """An SVG line chart of passed (green) and failing (red) tests per test run, in run order."""
    left, top, pw, ph = 50, 16, 640, 180
    width, height = left + pw + 20, top + ph + 44
    top_n = max([1, *(max(p["passed"], p["failing"]) for p in points)])
    n = len(points)

    def xy(i: int, v: int) -> tuple[float, float]:
        x = left + (pw * i / (n - 1) if n > 1 else pw / 2)
        return x, top + ph * (1 - v / top_n)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-tallies" role="img" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}">',
        "<title>Test tallies over time</title>",
        f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#ced4da"/>',
        f'<text x="{left - 6}" y="{top + 4}" font-size="11" text-anchor="end">{top_n}</text>',
        f'<text x="{left - 6}" y="{top + ph + 4}" font-size="11" text-anchor="end">0</text>',
    ]
    for key, colour in (("passed", "#2f9e44"), ("failing", "#e03131")):
        coords = " ".join(
            f"{x:.1f},{y:.1f}" for x, y in (xy(i, p[key]) for i, p in enumerate(points))
        )
        if n > 1:
            parts.append(
                f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2"/>'
            )
        for i, p in enumerate(points):
            x, y = xy(i, p[key])
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}" class="tally-point" '
                f'data-kind="{key}" data-value="{p[key]}"><title>{escape(p["source"])} at '
                f"{p['t']:.1f}s: {p[key]} {key}</title></circle>"
            )
    for i, p in enumerate(points):
        x, _ = xy(i, 0)
        parts.append(
            f'<text x="{x:.1f}" y="{top + ph + 16}" font-size="10" text-anchor="middle">'
            f"{escape(p['source'])}</text>"
        )
    parts.append(
        f'<text x="{left}" y="{height - 6}" font-size="12"><tspan fill="#2f9e44">●</tspan> passed'
        f' <tspan dx="14" fill="#e03131">●</tspan> failing'
        f' <tspan dx="8">(one point per test run, in order)</tspan></text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)


def _verdict_html(ev: Mapping[str, Any]) -> str:
    ok = bool(ev.get("verified"))
    rows = [f'<b class="{"ok" if ok else "err"}">gate: {"VERIFIED" if ok else "REJECTED"}</b>']
    if ev.get("reason"):
        rows.append(f"<div>{escape(str(ev['reason']))}</div>")
    if rep := _dict(ev.get("report")):
        rows.append(f'<div class="muted">suite: {escape(_tally(rep))}</div>')
    for key in ("tampered", "new_autoload", "suspicious", "audit", "left_out"):
        if ev.get(key):
            rows.append(f'<div class="warn">{key}: {escape(", ".join(map(str, ev[key])))}</div>')
    if ev.get("second_opinion"):
        rows.append(f'<div class="muted">second opinion: {escape(str(ev["second_opinion"]))}</div>')
    return '<div class="verdict">' + "".join(rows) + "</div>"


class _Page:
    """Collects the page's parts while walking the events once."""

    def __init__(self) -> None:
        self.start: dict[str, Any] = {}
        self.end: dict[str, Any] = {}
        self.baseline: dict[str, Any] = {}
        self.steps: list[list[str]] = []
        self.before: list[str] = []
        self.verdicts: list[Mapping[str, Any]] = []
        self.step_usage: list[dict[str, Any]] = []

    def _out(self) -> list[str]:
        return self.steps[-1] if self.steps else self.before

    def add(self, ev: Mapping[str, Any]) -> None:
        kind = ev.get("type", "?")
        out = self._out()
        if kind == "run_start":
            self.start = dict(ev)
        elif kind == "baseline":
            self.baseline = _dict(ev.get("report")) or dict(ev)
        elif kind == "model_call":
            usage = _dict(ev.get("usage"))
            self.step_usage.append(usage)
            n = len(self.steps) + 1
            head = (
                f'<section class="step" id="step-{n}"><h3>Step {n} <span class="muted">at '
                f"{_t(ev)}, {usage.get('input_tokens', 0)} in / {usage.get('output_tokens', 0)}"
                " out tokens</span></h3>"
            )
            self.steps.append([head])
            reply = _dict(ev.get("reply"))
            for block in reply.get("content") or []:
                if isinstance(block, dict) and block.get("type") == "text" and block.get("text"):
                    self.steps[-1].append(
                        f'<div class="says">{folded(str(block["text"]), label="text")}</div>'
                    )
            if reply.get("stop_reason") not in (None, "tool_use"):
                self.steps[-1].append(
                    f'<div class="muted">stop: {escape(str(reply["stop_reason"]))}</div>'
                )
        elif kind == "tool_call":
            out.append(
                f'<div class="call"><span class="tool">→ {escape(str(ev.get("name")))}</span> '
                f'<span class="muted">{_t(ev)}</span>{folded(_json(ev.get("input", {})), label="arguments")}'
                "</div>"
            )
        elif kind == "tool_result":
            tag = "error" if ev.get("is_error") else str(ev.get("kind") or "ok")
            cls = "err" if ev.get("is_error") else "ok"
            out.append(
                f'<div class="call result"><span class="{cls}">← {escape(tag)}</span>'
                f"{folded(str(ev.get('content', '')), label='result')}</div>"
            )
        elif kind == "test_report":
            rep = _dict(ev.get("report")) or dict(ev)
            source = escape(str(ev.get("source") or "tool"))
            out.append(
                f'<div class="muted">tests ({source}, {_t(ev)}): {escape(_tally(rep))}</div>'
            )
        elif kind == "gate_verdict":
            self.verdicts.append(ev)
            out.append(_verdict_html(ev))
        elif kind == "notice":
            text = ev.get("message") or ev.get("text") or ev.get("notice") or ""
            out.append(f'<div class="warn">notice ({_t(ev)}): {escape(str(text))}</div>')
        elif kind == "run_end":
            self.end = _dict(ev.get("result")) or dict(ev)
        else:
            detail = {k: v for k, v in ev.items() if k not in ("type", "t")}
            out.append(
                f'<div class="muted">{escape(str(kind))} ({_t(ev)})</div>'
                f"{folded(_json(detail), label=str(kind))}"
            )


def _kv_table(table_id: str, rows: Sequence[tuple[str, str]]) -> str:
    body = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in rows)
    return f'<table id="{table_id}">{body}</table>'


def _usage_rows(
    end: Mapping[str, Any], steps: Sequence[Mapping[str, Any]]
) -> list[tuple[str, str]]:
    usage = _dict(end.get("usage"))
    rows = [(k.replace("_", " "), escape(str(v))) for k, v in usage.items() if k != "cost_usd"]
    cost = usage.get("cost_usd")
    if cost is None and steps:
        cost = sum(float(u.get("cost_usd") or 0) for u in steps)
    price = " (the model has no price: counted as $0)" if usage.get("price_unknown") else ""
    rows.append(("cost", escape(f"${float(cost or 0):.4f}{price}")))
    for key in ("steps", "test_runs", "verifications", "wall_s"):
        if key in end:
            rows.append((key.replace("_", " "), escape(str(end[key]))))
    return rows


def render_page(events: Iterable[Mapping[str, Any]]) -> str:
    """The trajectory ``events`` as one self-contained HTML document.

    Args:
        events: the run's events as :func:`fixloop.trajectory.read_trajectory` gives them.

    Returns:
        the HTML text (UTF-8 when written); well-formed XML but for the doctype.
    """
    events = list(events)
    page = _Page()
    for ev in events:
        page.add(ev)
    start, end = page.start, page.end
    run_id = str(start.get("run_id") or end.get("run_id") or "run")
    status = str(end.get("status") or "incomplete (no run_end: still running, or killed)")
    verified = end.get("verified")
    head_rows = [
        ("task", escape(str(start.get("task") or ""))),
        ("model", escape(str(start.get("model") or end.get("model") or ""))),
        ("repository", escape(str(start.get("repo") or ""))),
        ("branch", escape(str(end.get("branch") or start.get("branch") or ""))),
        ("base commit", escape(str(start.get("base_commit") or end.get("base_commit") or ""))),
        ("started", escape(str(start.get("started_at") or ""))),
        (
            "status",
            f'<b class="{"ok" if verified else "err"}">{escape(status)}</b>'
            + (f" (verified: {escape(str(verified))})" if end else ""),
        ),
    ]
    if page.baseline:
        head_rows.append(("baseline", escape(_tally(page.baseline))))
    if end.get("summary"):
        head_rows.append(("summary", folded(str(end["summary"]), label="summary")))
    points = tally_points(events)
    tally_rows = "".join(
        f"<tr><td>{i + 1}</td><td>{p['t']:.1f}s</td><td>{escape(p['source'])}</td>"
        f'<td class="ok">{p["passed"]}</td><td class="err">{p["failing"]}</td>'
        f"<td>{p['collected']}</td></tr>"
        for i, p in enumerate(points)
    )
    verdict_rows = "".join(
        f"<tr><td>{_t(v)}</td><td>{'VERIFIED' if v.get('verified') else 'REJECTED'}</td>"
        f"<td>{escape(str(v.get('reason') or ''))}</td></tr>"
        for v in page.verdicts
    )
    diff = str(end.get("diff") or "")
    title = f"fixloop run {run_id}"
    body = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"/>',
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}"/>',
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        _kv_table("run", head_rows),
        "<h2>Test tallies over time</h2>",
        tally_chart(points) if points else '<p class="muted">no test run recorded</p>',
        '<table id="tallies"><tr><th>#</th><th>at</th><th>run</th><th>passed</th>'
        f"<th>failing</th><th>collected</th></tr>{tally_rows}</table>",
        f'<h2>Steps</h2><div id="steps">{"".join(page.before)}',
        *("".join(s) + "</section>" for s in page.steps),
        "</div>",
        "<h2>Gate verdicts</h2>",
        '<table id="verdicts"><tr><th>at</th><th>verdict</th><th>reason</th></tr>'
        f"{verdict_rows}</table>"
        if page.verdicts
        else '<p class="muted">no verdict: the model never claimed success</p>',
        "<h2>Diff</h2>",
        diff_html(diff) if diff.strip() else '<p class="muted">no change</p>',
        "<h2>Usage and cost</h2>",
        _kv_table("usage", _usage_rows(end, page.step_usage)),
        "</body></html>",
        "",
    ]
    return "\n".join(body)


def _umask() -> int:
    mask = os.umask(0o022)  # the only way to read it is to set it; put back at once
    os.umask(mask)
    return mask


def write_page(events: Iterable[Mapping[str, Any]], out: Path) -> Path:
    """Write :func:`render_page` to ``out`` atomically (a half-written page never exists).

    The page gets the mode any new file of the user's gets (``0666`` less the umask). No folder
    is made: ``out``'s folder must exist (a mistyped path is refused, not created).

    Returns:
        ``out``.

    Raises:
        OSError: the folder does not exist (``FileNotFoundError``) or cannot be written.
    """
    text = render_page(events)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # a file the user asked for: not mkstemp's 0600
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out


__all__ = [
    "FOLD_CHARS",
    "FOLD_LINES",
    "diff_html",
    "folded",
    "render_page",
    "tally_chart",
    "tally_points",
    "write_page",
]
