"""The eval's progress: plain lines off a terminal, a live bar on one."""

from __future__ import annotations

import io
import re

from rich.console import Console

from fixloop.eval.progress import EvalProgress, run_line

RECS = [
    {"task": "a", "epoch": 0, "resolved": True, "wall_s": 1.25},
    {"task": "b", "epoch": 0, "variant": "nomap", "overfit": True, "wall_s": 2.0},
    {"task": "[c]", "epoch": 1, "error": "agent exit 1", "wall_s": 0.5},
]


def test_plain_lines_off_a_terminal() -> None:
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=False, width=200)
    with EvalProgress(3, "mini x repair", console) as p:
        for r in RECS:
            p.record(r)
    lines = buf.getvalue().splitlines()
    assert len(lines) == 3 and "\x1b" not in buf.getvalue()
    assert lines[0].startswith("[1/3] a e0: resolved 1.2s | resolved 1, elapsed 0:00:00, ETA ")
    assert lines[1].startswith("[2/3] b e0 nomap: overfit 2.0s | resolved 1,")
    assert lines[2].startswith("[3/3] [c] e1: unresolved 0.5s (agent exit 1) | resolved 1,")
    assert re.search(r"ETA 0:00:00$", lines[2])
    assert (p.done, p.resolved) == (3, 1)


def test_live_bar_on_a_terminal_shows_done_resolved_and_eta() -> None:
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=160)
    with EvalProgress(4, "mini x repair", console) as p:
        assert p.live
        for r in RECS:
            p.record(r)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", buf.getvalue())
    assert "3/4" in text and "resolved 1" in text and "ETA" in text
    assert "[c] e1: unresolved" in text  # a task id in brackets is text, not markup


def test_quiet_shows_nothing_and_run_line() -> None:
    buf = io.StringIO()
    with EvalProgress(1, "x", Console(file=buf), quiet=True) as p:
        p.record(RECS[0])
    assert buf.getvalue() == "" and p.done == 1
    assert run_line(RECS[1]) == "b e0 nomap: overfit 2.0s"


def test_live_bar_colours_the_verdict_not_a_task_id_holding_the_same_word() -> None:
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=160, color_system="standard")
    with EvalProgress(1, "x", console) as p:
        p.record({"task": "unresolved-parser", "epoch": 0, "resolved": True, "wall_s": 1.0})
    out = buf.getvalue()
    assert "unresolved-parser e0: \x1b[32mresolved\x1b[0m 1.0s" in out
