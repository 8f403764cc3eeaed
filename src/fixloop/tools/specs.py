"""What the model is told about the tools, and the check of a call's arguments.

The names, JSON schemas, descriptions and caps of the tools; a call's arguments are checked
against its schema here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

TOOL_NAMES: tuple[str, ...] = (
    "list_files",
    "read_file",
    "search_code",
    "edit_file",
    "create_file",
    "run_tests",
    "repo_map",
    "lint",
    "type_check",
    "update_plan",
    "replace_symbol",
)

#: What a user may turn off (setting ``disable_tools``), to measure on their own tasks what helps:
#: the view tools of issue 15, and ``edit_lint`` (the lint appended to edit results).
OPTIONAL_TOOLS = ("repo_map", "lint", "type_check", "update_plan", "replace_symbol", "edit_lint")

#: The statuses of a plan step (``update_plan``).
PLAN_STATUSES = ("pending", "in_progress", "done")
#: The most steps a plan may hold, and the most characters of one step's text.
PLAN_MAX_STEPS, PLAN_STEP_CHARS = 20, 300


@dataclass(frozen=True)
class Caps:
    """Size caps of tool results (see the module docstring for what each one bounds).

    A frozen view: a run's caps come from its settings (:meth:`fixloop.config.Settings.to_caps`,
    where the config module says why this stays a dataclass); the defaults here are the only ones.

    Attributes:
        result_bytes: bytes of one tool result.
        line_bytes: bytes shown of one line.
        read_lines: lines per read_file call.
        search_hits: hits per search_code call.
        list_entries: paths per list_files call.
        search_file_bytes: files larger than this are skipped by search_code.
        file_bytes: files larger than this are refused by read_file/edit_file/create_file.
        search_count_limit: search_code stops counting hits past this many.
        search_seconds: the deadline of one search_code call, in seconds; past it the search
            stops and says so, keeping the hits found (a backtracking pattern such as
            ``(a|aa)+$`` on a long line would otherwise run for hours).
        repo_map_tokens: the repo map's budget in the first message, in estimated tokens
            (4 characters each); 0 leaves the map out (setting ``repo_map_tokens``).
    """

    result_bytes: int = 20_000
    line_bytes: int = 2_000
    read_lines: int = 200
    search_hits: int = 100
    list_entries: int = 500
    search_file_bytes: int = 8_000_000
    file_bytes: int = 32_000_000
    search_count_limit: int = 100_000
    search_seconds: float = 10.0
    repo_map_tokens: int = 1000


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


_PATH_DESC = "Path relative to the repository root (POSIX, e.g. 'src/pkg/mod.py')."

_SPECS: dict[str, tuple[str, dict[str, Any]]] = {
    "list_files": (
        "List the files under a folder (blocked and git-ignored paths left out).\n"
        "Paths are relative to the repository root; [read-only] marks test infrastructure.",
        _obj(
            {"path": {"type": "string", "description": "Folder to list.", "default": "."}},
            [],
        ),
    ),
    "read_file": (
        "Read a text file as numbered lines (at most 200 lines per call).\n"
        "Each line is shown as '<number>|<exact text>'; copy text after the '|' for edit_file. "
        "Invisible Unicode characters are shown as \\uXXXX escapes.",
        _obj(
            {
                "path": {"type": "string", "description": _PATH_DESC},
                "start": {
                    "type": "integer",
                    "minimum": 1,
                    "default": 1,
                    "description": "First line to show (1-based).",
                },
                "end": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "Last line to show (inclusive); default start+199.",
                },
            },
            ["path"],
        ),
    ),
    "search_code": (
        "Search file contents with a Python regular expression, line by line.\n"
        "Returns 'path:line: text' hits; binary, blocked and ignored files are skipped.",
        _obj(
            {
                "pattern": {"type": "string", "description": "Python regular expression."},
                "path": {
                    "type": "string",
                    "default": ".",
                    "description": "Folder or file to search in.",
                },
                "glob": {
                    "type": "string",
                    "description": "Only files whose path or name matches this glob, e.g. '*.py'.",
                },
                "ignore_case": {"type": "boolean", "default": False},
                "skip": {
                    "type": "integer",
                    "minimum": 0,
                    "default": 0,
                    "description": "Skip this many hits (to page through many hits).",
                },
            },
            ["pattern"],
        ),
    ),
    "edit_file": (
        "Replace the one exact occurrence of `old` with `new` in a file.\n"
        "`old` must match exactly once, whitespace included (tabs, indentation); include "
        "surrounding lines to make it unique. Line endings and encoding are kept. "
        "Test files and test configuration are read-only.",
        _obj(
            {
                "path": {"type": "string", "description": _PATH_DESC},
                "old": {"type": "string", "description": "Exact text to replace."},
                "new": {"type": "string", "description": "Replacement text."},
            },
            ["path", "old", "new"],
        ),
    ),
    "create_file": (
        "Create a new file with the given content (refused if it exists).\n"
        "Test files, test configuration and auto-loaded modules cannot be created.",
        _obj(
            {
                "path": {"type": "string", "description": _PATH_DESC},
                "content": {"type": "string", "description": "The whole file content."},
            },
            ["path", "content"],
        ),
    ),
    "run_tests": (
        "Run the tests: all of them, or one test file, folder or node id.\n"
        "Examples: '', 'tests/test_x.py', 'tests/test_x.py::test_name', "
        "'tests/test_x.py::TestC::test_m[1-2]'.",
        _obj(
            {
                "target": {
                    "type": "string",
                    "default": "",
                    "description": "Test path or node id; empty runs the whole suite.",
                }
            },
            [],
        ),
    ),
    "repo_map": (
        "Outline of a folder or Python file: its classes and functions with signatures and "
        "line numbers.\n"
        "Cheaper than reading whole files to find where something is defined; read_file then "
        "shows the code. Files in path order; a long outline is cut and says how to go on.",
        _obj(
            {
                "path": {
                    "type": "string",
                    "default": ".",
                    "description": "Folder or Python file (default: the whole repository).",
                }
            },
            [],
        ),
    ),
    "lint": (
        "Run ruff (the project's own, or fixloop's) on a folder or file, with the project's "
        "ruff configuration when it has one.\n"
        "Returns one 'file:line:code:message' line per problem (undefined names, unused "
        "imports, syntax errors, ...).",
        _obj(
            {
                "path": {
                    "type": "string",
                    "default": ".",
                    "description": "Folder or file to lint (default: the whole repository).",
                }
            },
            [],
        ),
    ),
    "type_check": (
        "Run the type checker the project declares (mypy or pyright, from its environment) on "
        "a folder or file.\n"
        "Returns one 'file:line:code:message' line per error; a project that declares no type "
        "checker gets an error saying so.",
        _obj(
            {
                "path": {
                    "type": "string",
                    "default": ".",
                    "description": "Folder or file to check (default: the whole repository).",
                }
            },
            [],
        ),
    ),
    "update_plan": (
        "Set your plan: a short list of steps, each pending, in_progress or done (at most one "
        "in_progress).\n"
        "Send the whole list each time. It changes no file; it is shown to the person and kept "
        "in view for you when old tool output is dropped from the conversation.",
        _obj(
            {
                "steps": {
                    "type": "array",
                    "maxItems": PLAN_MAX_STEPS,
                    "description": "The plan, in order.",
                    "items": _obj(
                        {
                            "step": {"type": "string", "description": "What to do, briefly."},
                            "status": {"type": "string", "enum": list(PLAN_STATUSES)},
                        },
                        ["step", "status"],
                    ),
                }
            },
            ["steps"],
        ),
    ),
    "replace_symbol": (
        "Replace a whole function, method or class, found by its qualified name, with new "
        "source.\n"
        "symbol is dotted for methods and nested definitions ('Cart.total'). new_source is the "
        "whole new definition (decorators included, same name), at any indentation: it is "
        "indented like the old one. Every other byte of the file is kept; test files are "
        "read-only. Prefer edit_file for a change of a few lines.",
        _obj(
            {
                "path": {"type": "string", "description": _PATH_DESC},
                "symbol": {"type": "string", "description": "Qualified name, e.g. 'Cart.total'."},
                "new_source": {"type": "string", "description": "The whole new definition."},
            },
            ["path", "symbol", "new_source"],
        ),
    ),
}

_JSON_TYPES = {"string": str, "integer": int, "boolean": bool}


def _schema_text(name: str) -> str:
    return json.dumps(_SPECS[name][1], separators=(", ", ": "))


def _type_name(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    if isinstance(v, dict):
        return "object"
    return type(v).__name__


def _has_surrogate(s: str) -> bool:
    return any(0xD800 <= ord(c) <= 0xDFFF for c in s) if not s.isascii() else False


def _validate(name: str, args: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """Check ``args`` against the tool's schema. Returns (args with defaults, problems)."""
    return validate_schema(name, _SPECS[name][1], args)


def validate_schema(
    name: str, schema: dict[str, Any], args: Any
) -> tuple[dict[str, Any] | None, list[str]]:
    """Check ``args`` against an object ``schema`` of string/integer/boolean properties.

    Returns:
        ``(args with defaults, [])``, or ``(None, problems)``: one sentence per problem.
    """
    if not isinstance(args, dict):
        return None, [f"arguments must be a JSON object, got {_type_name(args)}"]
    props: dict[str, Any] = schema["properties"]
    problems: list[str] = []
    unknown = [k for k in args if k not in props]
    if unknown:
        problems.append(
            "unknown argument(s) "
            + ", ".join(repr(k) for k in unknown)
            + f"; {name} takes only: "
            + ", ".join(props)
        )
    for req in schema["required"]:
        if req not in args:
            problems.append(f"missing required argument {req!r}")
    out: dict[str, Any] = {}
    for key, spec in props.items():
        if key not in args:
            if "default" in spec:
                out[key] = spec["default"]
            continue
        v = args[key]
        want = spec["type"]
        if want == "array":
            problem = _check_array(key, v, spec)
            if problem:
                problems.append(problem)
            else:
                out[key] = v
            continue
        py = _JSON_TYPES[want]
        ok = isinstance(v, py) and not (want == "integer" and isinstance(v, bool))
        if want == "integer" and isinstance(v, float) and v.is_integer():
            v, ok = int(v), True
        if not ok:
            problems.append(f"argument {key!r} must be {want}, got {_type_name(v)} {v!r:.60}")
            continue
        if isinstance(v, str):
            if "\x00" in v:
                problems.append(f"argument {key!r} contains a NUL byte (\\u0000)")
                continue
            if _has_surrogate(v):
                problems.append(f"argument {key!r} contains a lone surrogate (invalid Unicode)")
                continue
        if want == "integer" and "minimum" in spec and v < spec["minimum"]:
            problems.append(f"argument {key!r} must be >= {spec['minimum']}, got {v}")
            continue
        out[key] = v
    return (None, problems) if problems else (out, [])


def _check_array(key: str, v: Any, spec: dict[str, Any]) -> str | None:
    """The problem with an array argument whose items are flat objects of strings, or None."""
    if not isinstance(v, list):
        return f"argument {key!r} must be array, got {_type_name(v)} {v!r:.60}"
    if len(v) > spec.get("maxItems", len(v)):
        return f"argument {key!r} has {len(v)} items; at most {spec['maxItems']}"
    item = spec["items"]
    props: dict[str, Any] = item["properties"]
    for i, x in enumerate(v):
        where = f"{key}[{i}]"
        if not isinstance(x, dict):
            return f"{where} must be object, got {_type_name(x)}"
        extra = [k for k in x if k not in props]
        if extra:
            return f"{where} has unknown key(s) {', '.join(map(repr, extra))}; keys: {', '.join(props)}"
        for req in item["required"]:
            if req not in x:
                return f"{where} misses {req!r}"
        for k, val in x.items():
            if not isinstance(val, str):
                return f"{where}.{k} must be string, got {_type_name(val)}"
            if "\x00" in val or _has_surrogate(val):
                return f"{where}.{k} contains a NUL byte or a lone surrogate"
            if "enum" in props[k] and val not in props[k]["enum"]:
                return f"{where}.{k} must be one of {', '.join(props[k]['enum'])}, got {val!r:.40}"
    return None
