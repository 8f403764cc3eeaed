"""Extra inputs from the tests' calls (agree_inputs.py) and the probe that runs them (agree.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from fixloop.repair.agree import changed_function, departure, probe_outputs
from fixloop.repair.agree_inputs import extra_inputs
from fixloop.repair.candidate import Candidate

LOGS = (
    "from dataclasses import dataclass\n"
    "\n"
    "\n"
    "@dataclass\n"
    "class Entry:\n"
    "    time: int\n"
    "\n"
    "\n"
    "def select(entries, since=None, until=None):\n"
    "    return [\n"
    "        e.time for e in entries\n"
    "        if (since is None or e.time >= since) and e.time < until\n"
    "    ]\n"
)
LOG_TESTS = (
    "from logs import Entry, select\n"
    "\n"
    "LOG = [Entry(100), Entry(200), Entry(300)]\n"
    "\n"
    "\n"
    "def test_window():\n"
    "    assert select(LOG, since=150, until=400) == [200, 300]\n"
    "\n"
    "\n"
    "def test_no_upper_bound():\n"
    "    assert select(LOG, since=150) == [200, 300]\n"
    "\n"
    "\n"
    "def test_local_list():\n"
    "    mine = [Entry(5)]\n"
    "    assert select(mine, until=10) == [5]\n"
)


def test_inputs_keep_the_test_modules_names_and_vary_keyword_literals(tmp_path: Path) -> None:
    (tmp_path / "logs.py").write_text(LOGS)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_logs.py").write_text(LOG_TESTS)
    inputs = extra_inputs(tmp_path, "select")
    assert "@tests/test_logs.py\n((LOG,), {'since': 150, 'until': 0})" in inputs
    assert "@tests/test_logs.py\n((LOG,), {'since': 151})" in inputs
    assert inputs[-1] == "@tests/test_logs.py\n((LOG,), {'since': 150})"  # the tests' own last
    assert not any("mine" in t for t in inputs)  # a test function's local: not evaluable


def test_a_probe_evaluates_expression_inputs_in_the_test_module(tmp_path: Path) -> None:
    """``until is None or`` departs less from the original than ``<`` -> ``!=``."""
    from fixloop.repair.screen import WarmScreener
    from fixloop.sandbox import make_sandbox

    root = tmp_path / "work"
    (root / "tests").mkdir(parents=True)
    (root / "logs.py").write_text(LOGS)
    (root / "tests" / "test_logs.py").write_text(LOG_TESTS)

    def patch(new: str, name: str) -> Candidate:
        return Candidate(
            "logs.py",
            LOGS.replace("e.time < until", new),
            name,
            name,
            12,
            0.5,
            0.5,
            old_source=LOGS,
        )

    guard = patch("(until is None or e.time < until)", "guard")
    differs = patch("e.time != until", "differs")
    sandbox = make_sandbox("none", allow_unsandboxed=True)
    screener = WarmScreener(sandbox, root, tmp_path / "engine", python=sys.executable)
    got = probe_outputs(screener, [guard, differs], wall_s=60.0)
    g, d = got[id(guard)], got[id(differs)]
    assert "[200, 300]" in g.out and "!TypeError" in g.base_out  # no upper bound: fixed
    assert "!input" not in g.out
    assert departure(g) < departure(d)
    assert (root / "logs.py").read_text() == LOGS


def test_a_module_level_change_probes_a_function_the_tests_call(tmp_path: Path) -> None:
    src = 'import re\n\nTICKET = re.compile(r"^([A-Z]+)-([0-9]+)")\n\n\ndef tickets(m):\n    return TICKET.findall(m)\n'
    (tmp_path / "refs.py").write_text(src)
    (tmp_path / "test_refs.py").write_text(
        "from refs import tickets\n\n\ndef test_t():\n    assert tickets('WEB-7 x') == [('WEB', '7')]\n"
    )
    c = Candidate("refs.py", src.replace("^", r"\b"), "regex", "r", 3, 0.5, old_source=src)
    assert changed_function(c) is None
    assert changed_function(c, tmp_path) == "tickets"


def test_a_helper_the_tests_never_call_is_probed_through_its_caller(tmp_path: Path) -> None:
    src = (
        "def deviation(a, b):\n    return a - b\n\n\n"
        "def within(a, b, tol):\n    return deviation(a, b) <= tol\n"
    )
    (tmp_path / "parts.py").write_text(src)
    (tmp_path / "test_parts.py").write_text(
        "from parts import within\n\n\ndef test_w():\n    assert within(12.01, 12.0, 0.02)\n"
    )
    c = Candidate(
        "parts.py", src.replace("a - b", "abs(a - b)"), "abs", "a", 2, 0.5, old_source=src
    )
    assert changed_function(c) == "deviation"
    assert changed_function(c, tmp_path) == "within"


def test_elements_of_a_sequence_are_varied_one_at_a_time(tmp_path: Path) -> None:
    (tmp_path / "todos.py").write_text("def find(lines):\n    return lines\n")
    (tmp_path / "test_todos.py").write_text(
        "from todos import find\n\n\ndef test_f():\n    assert find(['TODO: a', 'b'])\n"
    )
    inputs = extra_inputs(tmp_path, "find")
    assert "((['xTODO: a', 'b'],), {})" in inputs and "((['TODO: a', 'xb'],), {})" in inputs
    assert "((['b', 'TODO: a'],), {})" in inputs


CHECK = (
    "def valid(code):\n"
    "    if len(code) != 4 or not code.isdigit():\n"
    "        return False\n"
    "    total = 0\n"
    "    for i, ch in enumerate(code):\n"
    "        total += int(ch) * (4 - i)\n"
    "    return total % 10 == 0\n"
)
CHECK_TESTS = "from check import valid\n\n\ndef test_ok():\n    assert valid('2003')\n"


def test_a_patch_with_one_output_wherever_its_change_runs_does_not_vary(tmp_path: Path) -> None:
    """``total +=`` -> ``total *=`` keeps the total at 0: every code reaching it is 'valid'."""
    from fixloop.repair.agree import varies
    from fixloop.repair.screen import WarmScreener
    from fixloop.sandbox import make_sandbox

    root = tmp_path / "work"
    root.mkdir()
    (root / "check.py").write_text(CHECK)
    (root / "test_check.py").write_text(CHECK_TESTS)

    def patch(old: str, new: str) -> Candidate:
        return Candidate("check.py", CHECK.replace(old, new), "t", "t", 6, 0.5, 0.5, CHECK)

    degenerate = patch("total +=", "total *=")
    right = patch("% 10", "% 11")
    screener = WarmScreener(
        make_sandbox("none", allow_unsandboxed=True), root, tmp_path / "e", python=sys.executable
    )
    got = probe_outputs(screener, [degenerate, right], wall_s=60.0)
    d, r = got[id(degenerate)], got[id(right)]
    assert len(d.reach) == len(d.out) and 2 <= sum(d.reach) < len(d.reach)  # '' never reaches
    assert varies(d) is False and varies(r) is True
    assert {o for o, hit in zip(d.out, d.reach, strict=True) if hit} == {"True"}
    assert "False" in d.out  # it varies over all inputs: the early return says False
    assert (root / "check.py").read_text() == CHECK
