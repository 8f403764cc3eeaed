"""Eval reports from hand-made run records: the four files, the HTML's charts, and the HTML
rendered by headless Chromium (skipped where Chromium is absent)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from headless_chromium import dump_dom, needs_chromium
from rich.console import Console

from fixloop.eval.report import build_summary, print_table, render_html, write_reports
from fixloop.eval.runner import RUNS_FILE, RunLog
from fixloop.eval.suite import Suite, Task

SVG = "{http://www.w3.org/2000/svg}"


def task(tid: str, kind: str) -> Task:
    p = Path("/nonexistent") / tid
    return Task(
        id=tid,
        kind=kind,
        prompt="p",
        expected_files=("m.py",),
        test_cmd=("python", "-m", "pytest"),
        path=p,
        repo_dir=p / "repo",
        hidden_dir=None,
    )


TASKS = [task("alpha", "off-by-one"), task("beta <&>", "wrong-variable"), task("gamma", "x")]
SUITE = Suite(name="hand-made", description="", path=Path("/nonexistent"), tasks=TASKS)
RECORDS = [
    {"task": "alpha", "epoch": 0, "model": "m", "resolved": True, "cost_usd": 0.02, "steps": 3},
    {"task": "alpha", "epoch": 1, "model": "m", "resolved": True, "cost_usd": 0.04, "steps": 5},
    {
        "task": "beta <&>",
        "epoch": 0,
        "model": "m",
        "resolved": False,
        "overfit": True,
        "cost_usd": 0.10,
        "refused_test_edits": 3,
        "outside_expected": ["other.py"],
    },
    {
        "task": "beta <&>",
        "epoch": 1,
        "model": "m",
        "resolved": True,
        "cost_usd": 0.06,
        "false_success_claims": 1,
    },
    {
        "task": "gamma",
        "epoch": 0,
        "model": "m",
        "resolved": False,
        "cost_usd": None,
        "error": "timed out after 5 s",
        "timed_out": True,
    },
]


@pytest.fixture
def summary() -> dict:
    return build_summary(RECORDS, suite=SUITE, tasks=TASKS, model="m", epochs=2)


def parse_html(text: str) -> ET.Element:
    """Parse the report as XML (it is well-formed apart from the doctype)."""
    assert text.startswith("<!DOCTYPE html>\n")
    return ET.fromstring(text.split("\n", 1)[1])


def test_summary_context_and_missing_runs(summary: dict) -> None:
    assert summary["expected_runs"] == 6 and summary["missing_runs"] == 1
    assert summary["kinds"]["alpha"] == "off-by-one"
    assert summary["per_kind"]["wrong-variable"] == {
        "tasks": 1,
        "runs": 2,
        "resolved": 1,
        "resolve_rate": 0.5,
    }
    assert summary["per_kind"]["x"]["runs"] == 1
    assert summary["resolved_runs"] == 3
    assert summary["pass_at_k"]["1"] == pytest.approx((1.0 + 0.5 + 0.0) / 3)
    assert summary["pass_at_k"]["2"] == pytest.approx(1.0)  # gamma has one run only
    assert summary["cost_usd"] is None  # gamma's cost is unknown
    assert summary["runs_with_errors"] == [
        {"task": "gamma", "epoch": 0, "error": "timed out after 5 s"}
    ]


def test_write_reports_writes_all_files(tmp_path: Path, summary: dict) -> None:
    log = RunLog(tmp_path / RUNS_FILE)
    for r in RECORDS:
        log.append(r)
    write_reports(tmp_path, summary, RECORDS)
    lines = (tmp_path / RUNS_FILE).read_text().splitlines()
    assert [json.loads(x)["task"] for x in lines] == [r["task"] for r in RECORDS]
    loaded = json.loads((tmp_path / "summary.json").read_text())
    assert loaded["resolve_rate"] == pytest.approx(0.6)
    assert loaded["per_task"]["alpha"]["pass_at_k"] == {"1": 1.0, "2": 1.0}
    md = (tmp_path / "report.md").read_text()
    assert "| resolve rate | 60.0% (3/5 runs) |" in md
    assert "| pass@1 (unbiased, 3 tasks) | 50.0% |" in md
    assert "| test-modification attempts | 3 |" in md
    assert "beta <&> e0: other.py" in md
    assert "gamma e0: timed out after 5 s" in md
    assert "| off-by-one | 1 | 2/2 (100.0%) |" in md
    html = (tmp_path / "report.html").read_text()
    assert html == render_html(summary, RECORDS)


def test_html_is_self_contained_and_has_the_charts(summary: dict) -> None:
    text = render_html(summary, RECORDS)
    # no external resource of any kind
    for needle in ("http://", "https://", "<script", "<link", "src="):
        if needle == "http://":
            assert text.count(needle) == text.count("http://www.w3.org/2000/svg")
        else:
            assert needle not in text
    doc = parse_html(text)
    charts = {svg.get("id"): svg for svg in doc.iter(f"{SVG}svg")}
    assert set(charts) == {"chart-resolve", "chart-cost", "chart-bad"}
    bars = {
        r.get("data-task"): float(r.get("data-rate"))
        for r in charts["chart-resolve"].iter(f"{SVG}rect")
        if r.get("class") == "bar-resolved"
    }
    assert bars == {"alpha": 1.0, "beta <&>": 0.5, "gamma": 0.0}
    points = [c.get("data-task") for c in charts["chart-cost"].iter(f"{SVG}circle")]
    assert points == ["alpha", "beta <&>"]  # gamma's cost is unknown: listed, not plotted
    assert "cost unknown (not plotted): gamma" in "".join(charts["chart-cost"].itertext())
    bad = {
        r.get("data-key"): int(r.get("data-count")) for r in charts["chart-bad"].iter(f"{SVG}rect")
    }
    assert bad["refused_test_edits"] == 3
    assert bad["false_success_claims"] == 1
    assert bad["outside_expected_runs"] == 1
    assert bad["timed_out"] == 1
    # the standard HTML parser sees balanced tags too
    parser = _Balance()
    parser.feed(text)
    assert parser.stack == [] and parser.errors == []


class _Balance(HTMLParser):
    VOID = {"meta", "br", "img", "hr", "input", "link"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(tag)
        else:
            self.stack.pop()


def test_terminal_table(summary: dict, tmp_path: Path) -> None:
    console = Console(record=True, width=140)
    print_table(summary, console, out=tmp_path)
    text = console.export_text()
    assert "alpha" in text and "2/2" in text and "beta <&>" in text
    assert "resolve rate 60.0% (3/5)" in text
    assert "cost per resolved unknown" in text
    assert "1 runs missing" in text


@needs_chromium
def test_html_report_renders_in_headless_chromium(tmp_path: Path, summary: dict) -> None:
    write_reports(tmp_path, summary, RECORDS)
    dom = dump_dom(tmp_path / "report.html", tmp_path / "profile")
    # Chromium parsed the SVG into the DOM: the three charts and their marks are there
    for chart in ("chart-resolve", "chart-cost", "chart-bad"):
        assert f'id="{chart}"' in dom
    assert dom.count('class="bar-resolved"') == 3
    assert dom.count('class="point"') == 2
    assert dom.count('class="bar-bad"') == 7
    assert "<title>fixloop eval: hand-made with m</title>" in dom
    assert "This page contains the following errors" not in dom


def test_cost_chart_counts_tasks_on_the_same_spot() -> None:
    same = [
        {"task": t.id, "epoch": 0, "model": "m", "resolved": True, "cost_usd": 0.0} for t in TASKS
    ]
    svg = render_html(build_summary(same, suite=SUITE, tasks=TASKS, model="m", epochs=1), same)
    chart = next(s for s in parse_html(svg).iter(f"{SVG}svg") if s.get("id") == "chart-cost")
    labels = [t.text for t in chart.iter(f"{SVG}text") if t.get("class") == "point-count"]
    assert labels == ["3 tasks"]
    assert len([c for c in chart.iter(f"{SVG}circle")]) == 3


def test_piped_eval_output_does_not_wrap(
    summary: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``fixloop eval ... | tee log`` wrapped the table and the lines at rich's 80 columns."""
    import io

    from fixloop.eval.progress import report_console

    monkeypatch.delenv("COLUMNS", raising=False)
    out = tmp_path / ("a-long-output-folder-name-" * 4)
    buf = io.StringIO()  # a pipe: not a terminal
    print_table(summary, report_console(file=buf), out=out)
    lines = buf.getvalue().splitlines()
    wrote = [line for line in lines if line.startswith("wrote ")]
    assert len(wrote) == 1 and wrote[0].endswith("report.html"), lines  # one line, whole
    assert any(line.startswith("resolve rate 60.0% (3/5); ") for line in lines)
    header = next(line for line in lines if "task" in line and "resolved" in line)
    assert "kind" in header  # the kind column is shown: the width is not 80
    assert all("…" not in line for line in lines)  # nothing cut
