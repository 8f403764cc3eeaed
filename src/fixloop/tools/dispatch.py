"""The dispatcher of tool calls.

The dispatcher: :class:`Tools` validates a call against its schema, runs the tool function, caps and
escapes the result, and keeps the counters the run reports.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from fixloop.protocols import ToolHost
from fixloop.tools.approval import Approver
from fixloop.tools.checks import Checks, edit_findings
from fixloop.tools.common import PY_SUFFIXES
from fixloop.tools.edit import create_file, edit_file
from fixloop.tools.helpers import HelperTool
from fixloop.tools.mapscan import MapCache
from fixloop.tools.outline import repo_map
from fixloop.tools.plan import Plan
from fixloop.tools.read import list_files, read_file
from fixloop.tools.repomap import RepoMap
from fixloop.tools.run_tests import check_target, run_tests
from fixloop.tools.search import search_code
from fixloop.tools.specs import (
    _SPECS,
    OPTIONAL_TOOLS,
    TOOL_NAMES,
    Caps,
    _schema_text,
    _validate,
    validate_schema,
)
from fixloop.tools.symbol import replace_symbol
from fixloop.tools.text import _cut, _fmt, _nbytes, escape_text
from fixloop.types import TestReport, ToolResult
from fixloop.workspace import PathRefused, Workspace


class Tools:
    """The model's tool set over one workspace.

    Args:
        workspace: the :class:`~fixloop.workspace.Workspace` (path policy).
        runner: a :class:`fixloop.testrun.TestRunner` (``run(target) -> TestReport``), or None
            when tests cannot run (``run_tests`` then answers with an error result).
        caps: the size caps (:class:`~fixloop.tools.specs.Caps`).
        disabled: tools the user turned off (setting ``disable_tools``; names of
            :data:`~fixloop.tools.specs.OPTIONAL_TOOLS`): left out of the specs and answered as
            unknown; ``edit_lint`` stops the lint appended to edit results.
        map_cache: the repo map's SQLite cache file (``$FIXLOOP_HOME/cache/repomap.sqlite3``
            in a run), or None for a cache in memory.
        extra: helper tools offered after the six (:class:`~fixloop.tools.helpers.HelperTool`:
            ``explore``, ``ask_human``); :meth:`attach` hands them the loop.
        approver: asks the person before a change is kept (``--approve``;
            :class:`~fixloop.tools.approval.Approver`), or None.

    Attributes:
        refused_test_edits: refused create/edit attempts on protected test infrastructure
            (results of kind ``protected``).
        tool_errors: error results returned so far (invalid calls included).
        changed: workspace-relative paths created or edited so far, in first-change order
            (from each result's ``changed_path``).
    """

    def __init__(
        self,
        workspace: Workspace,
        runner: Any | None,
        *,
        caps: Caps | None = None,
        map_cache: Path | None = None,
        extra: Sequence[HelperTool] = (),
        approver: Approver | None = None,
        disabled: Sequence[str] = (),
    ):
        self.approver = approver
        self.workspace = workspace
        self.map = RepoMap(workspace, MapCache(map_cache))
        self.checks = Checks(workspace, runner)
        self.extra = {t.name: t for t in extra}
        self.plan = Plan()
        #: what the user turned off (:data:`~fixloop.tools.specs.OPTIONAL_TOOLS`)
        self.disabled = frozenset(disabled) & frozenset(OPTIONAL_TOOLS)
        self.names = tuple(n for n in TOOL_NAMES if n not in self.disabled)
        self.runner = runner
        self.caps = caps or Caps()
        self.refused_test_edits = 0
        self.tool_errors = 0
        self.changed: list[str] = []
        ws = workspace
        #: name -> the function running that tool on validated arguments.
        self.handlers: dict[str, Callable[..., ToolResult]] = {
            "list_files": lambda **a: list_files(ws, self.caps, **a),
            "read_file": lambda **a: read_file(ws, self.caps, **a),
            "search_code": lambda **a: search_code(ws, self.caps, **a),
            "edit_file": lambda **a: self._linted(a["path"], lambda: edit_file(ws, self.caps, **a)),
            "create_file": lambda **a: create_file(ws, self.caps, **a),
            "run_tests": lambda **a: run_tests(ws, self.runner, self.caps, **a),
            "repo_map": lambda **a: repo_map(self.map, self.caps, **a),
            "lint": lambda **a: self.checks.lint(self.caps, **a),
            "type_check": lambda **a: self.checks.type_check(self.caps, **a),
            "update_plan": lambda **a: self.plan.update(**a),
            "replace_symbol": lambda **a: self._linted(
                a["path"], lambda: replace_symbol(ws, self.caps, **a)
            ),
        }

    def specs(self) -> list[dict[str, Any]]:
        """The tool specs in Anthropic's shape: ``[{"name", "description", "input_schema"}]``."""
        return [
            {"name": n, "description": _SPECS[n][0], "input_schema": copy.deepcopy(_SPECS[n][1])}
            for n in self.names
        ] + [t.spec() for t in self.extra.values()]

    def attach(self, host: ToolHost) -> None:
        """Give the helper tools the loop (its model, budgets and events)."""
        for t in self.extra.values():
            t.attach(host)

    def opening(self, report: TestReport | None) -> str:
        """What the first message adds to the baseline: the ranked repo map, or "".

        Args:
            report: the baseline report (its failing tests rank the map).

        Returns:
            The map within ``caps.repo_map_tokens`` (:meth:`fixloop.tools.repomap.RepoMap.render`),
            or "" when the budget is 0, the project has no Python source, or the map cannot be
            built (a listing or read error: the run goes on without it).
        """
        if self.caps.repo_map_tokens <= 0:
            return ""
        try:
            return self.map.render(report, self.caps.repo_map_tokens)
        except (OSError, ValueError, PathRefused):
            return ""

    def standing(self) -> str:
        """What the loop repeats to the model when old tool output is elided: the plan, or ""."""
        text = self.plan.text()
        return f"Your current plan (update_plan) {text}" if text else ""

    def call(self, name: str, args: Any) -> ToolResult:
        """Validate and run one tool call. Never raises (except KeyboardInterrupt/SystemExit).

        Args:
            name: the tool name (one of :data:`~fixloop.tools.specs.TOOL_NAMES`).
            args: the decoded JSON arguments (must be an object).

        Returns:
            A :class:`~fixloop.types.ToolResult`; refusals and failures are error results
            whose text says what was wrong and how to recover; ``content`` is at most
            ``caps.result_bytes`` bytes with invisible characters escaped.
        """
        try:
            if isinstance(name, str) and name in self.extra:
                tool = self.extra[name]
                clean, problems = validate_schema(name, tool.schema, args)
                res = _bad_args(name, problems, tool.schema) if clean is None else tool.run(**clean)
            elif not isinstance(name, str) or name not in self.names:
                res = _unknown_tool(name, self.names)
            else:
                clean, problems = _validate(name, args)
                if clean is None:
                    res = _bad_args(name, problems)
                elif self.approver is not None:  # --approve: the person may refuse a change
                    res = self.approver.guard(
                        self.workspace, name, clean, functools.partial(self.handlers[name], **clean)
                    )
                else:
                    res = self.handlers[name](**clean)
        except Exception as e:  # noqa: BLE001 - a tool call must never crash the loop
            res = ToolResult(
                f"Error: the tool failed unexpectedly: {type(e).__name__}: {e}",
                is_error=True,
                kind="internal_error",
            )
        return self._finish(res)

    def invalid_call(self, name: str, parse_error: str, raw_input: Any) -> ToolResult:
        """The answer to a tool call whose arguments were not valid JSON (never runs it).

        Args:
            name: the tool name the model used.
            parse_error: the provider adapter's parse error message.
            raw_input: the raw argument text (shown escaped, cut to 500 bytes).

        Returns:
            An error result (``kind="invalid_json"``) with the tool's schema.
        """
        if not isinstance(name, str) or name not in self.names:
            return self._finish(_unknown_tool(name, self.names))
        raw = raw_input if isinstance(raw_input, str) else repr(raw_input)
        shown = _cut(raw, 500) + (" …" if _nbytes(raw) > 500 else "")
        text = (
            f"Error: the arguments of {name} are not valid JSON ({parse_error}); the call did "
            f"not run.\nArguments received: {shown}\n"
            f"Send one JSON object matching the schema of {name}: {_schema_text(name)}"
        )
        return self._finish(ToolResult(text, is_error=True, kind="invalid_json"))

    def validate_target(self, target: str) -> str | None:
        """Check a ``run_tests`` target (:func:`~fixloop.tools.run_tests.check_target`).

        Returns:
            Error text, or None when the target may run.
        """
        return check_target(self.workspace, target)[1]

    def _linted(self, path: str, edit: Callable[[], ToolResult]) -> ToolResult:
        """Run ``edit`` (edit_file, replace_symbol); append the new undefined names and syntax errors.

        SWE-agent's edit linting (:func:`fixloop.tools.checks.edit_findings`); the file's bytes
        are read before and after, the edit itself is unchanged.
        """
        before = None if "edit_lint" in self.disabled else self._peek(path)
        res = edit()
        if res.is_error or not res.changed_path or before is None:
            return res
        after = self._peek(res.changed_path)
        if after is None:
            return res
        found = edit_findings(res.changed_path, before, after)
        if found:
            res.content += (
                f"\nLint after this edit: {len(found)} new problem"
                f"{'s' if len(found) != 1 else ''} in {res.changed_path} (undefined names, "
                "syntax errors); the edit was made, fix them if they are yours:\n"
                + "\n".join(f.text() for f in found[:20])
            )
        return res

    def _peek(self, path: str) -> bytes | None:
        """The bytes of a Python file of the workspace, or None (not Python, refused, absent)."""
        try:
            real = self.workspace.resolve(path)
            return real.read_bytes() if real.suffix in PY_SUFFIXES and real.is_file() else None
        except (PathRefused, OSError):
            return None

    def _finish(self, res: ToolResult) -> ToolResult:
        """Escape and cap ``res.content``; count errors, refused test edits, changed paths."""
        cap = self.caps.result_bytes
        content = escape_text(res.content)
        if _nbytes(content) > cap:
            note = f"\n[result cut at {_fmt(cap)} bytes]"
            content = _cut(content, cap - _nbytes(note)) + note
        res.content = content
        if res.is_error:
            self.tool_errors += 1
        if res.kind == "protected":
            self.refused_test_edits += 1
        if res.changed_path and res.changed_path not in self.changed:
            self.changed.append(res.changed_path)
        return res


def _unknown_tool(name: Any, names: tuple[str, ...] = TOOL_NAMES) -> ToolResult:
    lines = [f"Error: unknown tool {name!r:.80}; nothing was run. Available tools:"]
    for n in names:
        lines.append(f"- {n}: {_schema_text(n)}")
    return ToolResult("\n".join(lines), is_error=True, kind="unknown_tool")


def _bad_args(name: str, problems: list[str], schema: dict[str, Any] | None = None) -> ToolResult:
    shown = _schema_text(name) if schema is None else json.dumps(schema, separators=(", ", ": "))
    text = (
        f"Error: invalid arguments for {name}: "
        + "; ".join(problems)
        + f". The call did not run.\nSchema of {name}: {shown}"
    )
    return ToolResult(text, is_error=True, kind="invalid_args")
