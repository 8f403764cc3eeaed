"""The ``run_tests`` tool.

The target check (never a shell, never an option) and the report as the model sees it (tally,
failing ids, output cut in the middle, the full log's path).
"""

from __future__ import annotations

import re
from typing import Any

from fixloop import render
from fixloop.tools.common import err
from fixloop.tools.specs import Caps
from fixloop.types import Outcome, TestReport, ToolResult
from fixloop.workspace import PathRefused, Workspace

_BANNED_TARGET = set(";|&$`<>")
_NAME_PART = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LAST_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(\[.*\])?", re.DOTALL)


def check_target(ws: Workspace, target: str) -> tuple[str, str | None]:
    """Check a ``run_tests`` target and normalize it.

    Accepted: ``""`` (the whole suite), or a path to an existing file or folder inside the
    workspace, optionally followed by ``::Name`` parts (``file::test``, ``file::Class::test``,
    parametrized ``file::test[a-b]``). Refused before anything runs: option-like targets
    (``-x``, ``@file``), shell-like characters (``;|&$`<>``), control characters, whitespace or
    glob characters in the path, paths outside the workspace or blocked, nonexistent files.

    Args:
        ws: the workspace (path policy).
        target: the target as the model gave it.

    Returns:
        ``(normalized target, None)``, or ``("", error text)``.
    """
    if not isinstance(target, str):
        return "", "target must be a string"
    t = target.strip()
    if t == "":
        return "", None
    if t.startswith(("-", "@", "+")):
        return "", (
            f"target {t!r:.200} looks like a command-line option; give a test path or node "
            "id such as 'tests/test_x.py::test_name' (options cannot be passed)"
        )
    if any(ord(c) < 32 or ord(c) == 127 for c in t):
        return "", "target contains control characters"
    bad = sorted(set(t) & _BANNED_TARGET)
    if bad:
        return "", (
            f"target contains shell-like character(s) {' '.join(bad)}; give a test path "
            "or node id such as 'tests/test_x.py::test_name'"
        )
    path, sep, rest = t.partition("::")
    if any(c.isspace() for c in path) or any(c in path for c in "*?[]{}!'\"\\"):
        return "", (
            f"the path part of target {path!r:.200} contains spaces, quotes or glob "
            "characters; give one existing test path or node id"
        )
    try:
        real = ws.resolve(path)
    except PathRefused as e:
        return "", f"target path {path!r:.200}: {e}"
    rel = ws.relpath(real)
    if sep:
        if not real.is_file() or real.suffix != ".py":
            return "", f"a node id needs a .py file before '::', got {path!r:.200}"
        bracket = rest.find("[")
        head_ids, params = (rest, "") if bracket < 0 else (rest[:bracket], rest[bracket:])
        parts = head_ids.split("::")
        parts[-1] += params  # "::" inside parameters belongs to the last part
        for j, part in enumerate(parts):
            last = j == len(parts) - 1
            m = (_LAST_PART if last else _NAME_PART).fullmatch(part)
            if m is None:
                return "", (
                    f"node id part {part!r:.200} is not a test name (expected "
                    "'file.py::test_name', 'file.py::Class::test', or 'file.py::test[params]')"
                )
    norm_path = "" if rel == "." else rel
    if not sep and not norm_path:
        return "", None
    return (norm_path or ".") + (sep + rest if sep else ""), None


def run_tests(ws: Workspace, runner: Any | None, caps: Caps, target: str) -> ToolResult:
    """``run_tests``: run the suite or one target through ``runner``.

    Args:
        ws: the workspace (to check the target).
        runner: a test runner (``run(target) -> TestReport``), or None (an error result).
        caps: ``result_bytes`` bounds the text; the output is cut in the middle.
        target: ``""``, a test path or a node id.

    Returns:
        ``kind="tests"`` with the report attached, or ``no_tests`` (nothing collected: never
        a pass), ``usage_error``, ``invalid_target``, ``unavailable`` or ``runner_error``.
    """
    norm, problem = check_target(ws, target)
    if problem is not None:
        return err(problem + ". Nothing was run.", "invalid_target")
    if runner is None:
        return err("run_tests is not available in this session.", "unavailable")
    try:
        report: TestReport = runner.run(norm)
    except Exception as e:  # noqa: BLE001 - report the failure to the model, keep going
        return err(f"the test run failed to start: {type(e).__name__}: {e}", "runner_error")
    no_tests = report.outcome == Outcome.NO_TESTS_COLLECTED or (
        report.outcome == Outcome.PASSED and report.collected == 0
    )
    usage = report.outcome == Outcome.USAGE_ERROR
    first = ""
    if no_tests:
        first = (
            "Error: no tests collected: check the target (a test file, folder or node id "
            "such as 'tests/test_x.py::test_name'). This is not a pass.\n"
        )
    elif usage:
        first = "Error: the test command refused the target or its options.\n"
    room = caps.result_bytes - len(first.encode("utf-8"))
    text = first + render.for_model(report, target=norm, room_bytes=room)
    return ToolResult(
        text,
        is_error=no_tests or usage,
        kind="no_tests" if no_tests else "usage_error" if usage else "tests",
        test_report=report,
    )
