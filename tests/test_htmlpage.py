"""``fixloop show RUN --html [OUT]``: one self-contained page of a run, checked in Chromium.

A scripted run on a copy of examples/calc (a long file read, a wrong fix the gate rejects, the
right fix it verifies) is written as a page through the real CLI; headless Chromium (Debian's
``chromium``, installed by ``.ci/run``) loads it and its DOM is checked. Unit tests cover the
folding, the chart and the escaping without a browser.
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import init_repo
from headless_chromium import dump_dom, needs_chromium
from test_e2e import default_sandbox_args, run_cli

from fixloop.htmlpage import FOLD_LINES, folded, render_page, tally_points

ROOT = Path(__file__).resolve().parents[1]


def _edit(old: str, new: str) -> dict:
    return {
        "stop_reason": "tool_use",
        "content": [
            {
                "type": "tool_use",
                "name": "edit_file",
                "input": {"path": "calc.py", "old": old, "new": new},
            }
        ],
    }


SCRIPT = [
    {
        "stop_reason": "tool_use",
        "content": [
            {"type": "tool_use", "name": "read_file", "input": {"path": "notes.py", "end": 120}}
        ],
    },
    _edit("def add(a, b):\n    return a - b\n", "def add(a, b):\n    return a * b\n"),
    {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Fixed <add> & done."}]},
    _edit("def add(a, b):\n    return a * b\n", "def add(a, b):\n    return a + b\n"),
    {"stop_reason": "end_turn", "content": [{"type": "text", "text": "add uses + now."}]},
]


def parse(html: str) -> ET.Element:
    assert html.startswith("<!DOCTYPE html>\n")
    return ET.fromstring(html.split("\n", 1)[1])


@pytest.fixture(scope="module")
def run_page(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("page")
    repo = tmp / "calc"
    shutil.copytree(ROOT / "examples" / "calc", repo)
    (repo / "notes.py").write_text("".join(f"# note {i}: <b>{i}</b>\n" for i in range(150)))
    init_repo(repo)
    script = tmp / "script.json"
    script.write_text(json.dumps(SCRIPT))
    home = tmp / "home"
    proc = run_cli(["fix", str(repo), "--model", f"script:{script}", *default_sandbox_args()], home)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = tmp / "pages" / "run.html"
    out.parent.mkdir()
    shown = run_cli(["show", "last", "--html", str(out)], home)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == str(out)
    return {"home": home, "page": out, "tmp": tmp}


def test_page_is_self_contained_and_shows_the_run(run_page: dict) -> None:
    html = run_page["page"].read_text(encoding="utf-8")
    root = parse(html)  # well-formed
    assert "Content-Security-Policy" in html and "default-src 'none'" in html
    for tag in root.iter():  # nothing to fetch: no script, no external reference
        assert not tag.tag.endswith("script")
        for attr in ("src", "href"):
            assert not (tag.get(attr) or "").startswith(("http", "//")), tag.attrib
    text = "".join(root.itertext())
    assert "make the failing tests pass" in text  # the task
    assert len(root.findall(".//*[@class='step']")) == 5
    assert "read_file" in text and "edit_file" in text
    assert "Fixed <add> & done." in text  # escaped in the source, plain in the text
    assert "gate: REJECTED" in text and "gate: VERIFIED" in text
    # the 150-line read is folded; short results are not
    details = root.findall(".//details")
    assert any("note 1" in "".join(d.itertext()) for d in details)
    assert "<b>1</b>" in text  # the file's markup is shown as text
    verdicts = root.find(".//*[@id='verdicts']")
    assert verdicts is not None and len(verdicts.findall("tr")) == 3
    assert "+    return a + b" in "".join(root.find(".//*[@class='diff']").itertext())
    usage = "".join(root.find(".//*[@id='usage']").itertext())
    assert "cost" in usage and "steps" in usage
    chart = root.find(".//*[@id='chart-tallies']")
    assert chart is not None
    # the legend: each dot before its label, in its line's colour
    (legend,) = [
        t
        for t in chart.iter("{http://www.w3.org/2000/svg}text")
        if "passed" in "".join(t.itertext())
    ]
    words = "".join(legend.itertext()).split()
    assert words[:4] == ["●", "passed", "●", "failing"]
    dots = [t.get("fill") for t in legend if t.text == "●"]
    assert dots == ["#2f9e44", "#e03131"]


@needs_chromium
def test_page_renders_in_headless_chromium(run_page: dict) -> None:
    dom = dump_dom(run_page["page"], run_page["tmp"] / "profile")
    assert "This page contains the following errors" not in dom
    assert dom.count('class="step"') == 5
    assert dom.count("<details") >= 1
    # the tallies chart: one point per test run (baseline, gate, gate) for passed and failing
    events = [json.loads(x) for x in _trajectory(run_page["home"]).read_text().splitlines()]
    runs = len(tally_points(events))
    assert runs >= 3 and dom.count('class="tally-point"') == 2 * runs
    assert "gate: VERIFIED" in dom and "gate: REJECTED" in dom


def _trajectory(home: Path) -> Path:
    (path,) = sorted((home / "runs").glob("*.jsonl"))
    return path


def test_show_html_errors_and_default_name(run_page: dict, tmp_path: Path) -> None:
    home = run_page["home"]
    bad = run_cli(["show", "last", str(tmp_path / "x.html")], home)
    assert bad.returncode == 2 and "goes with --html" in bad.stderr
    missing = run_cli(["show", "nope", "--html"], home, cwd=tmp_path)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert list(tmp_path.iterdir()) == []
    # a page in a folder that does not exist: refused, and no folder is made
    typo = tmp_path / "no-such-dir" / "page.html"
    refused = run_cli(["show", "last", "--html", str(typo)], home)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert f"the folder {typo.parent} does not exist" in refused.stderr
    assert list(tmp_path.iterdir()) == []
    ok = run_cli(["show", "last", "--html"], home, cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert (tmp_path / f"{_trajectory(home).stem}.html").is_file()


def test_folding_and_unknown_events() -> None:
    short = "a\nb"
    assert folded(short) == "<pre>a\nb</pre>"
    long = "\n".join(f"line {i}" for i in range(FOLD_LINES + 5))
    html = folded(long, label="result")
    assert html.startswith("<details") and f"{FOLD_LINES + 5} lines" in html
    page = render_page(
        [
            {"type": "run_start", "t": 0.0, "run_id": "r1", "task": "t <x>"},
            {"type": "model_call", "t": 1.0, "usage": {"input_tokens": 5}, "reply": {}},
            {"type": "explore", "t": 1.5, "question": "where?", "summary": "there"},
        ]
    )
    root = parse(page)
    text = "".join(root.itertext())
    assert "explore" in text and "where?" in text
    assert "incomplete" in text and "no test run recorded" in text
    assert "t <x>" in text
