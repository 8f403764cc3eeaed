"""The tools the model sees: JSON schemas, argument validation, dispatch, capped results.

Six tools (names and arguments fixed by DESIGN.md; scripts and recorded runs rely on them):

- ``list_files(path=".")``: the files under a folder, blocked and git-ignored paths left out.
- ``read_file(path, start=1, end=start+199)``: numbered lines ``"   12|text"``, paged.
- ``search_code(pattern, path=".", glob=None, ignore_case=False, skip=0)``: ``path:line: text``
  hits of a Python regular expression, matched line by line.
- ``edit_file(path, old, new)``: replace the one exact occurrence of ``old``.
- ``create_file(path, content)``: a new file; refused when it exists.
- ``run_tests(target="")``: the test run, on one test path or node id, or the whole suite.

Caps (:class:`Caps`, all in bytes of UTF-8 unless said otherwise; defaults):

- ``result_bytes`` = 20,000: the most bytes of any one tool result (run_tests included).
- ``line_bytes`` = 2,000: the most bytes shown of any one line (read_file and search hits); a
  longer line is cut and says its full size; search hits in long lines show the text around
  the match, so ``search_code`` pages through a huge line.
- ``read_lines`` = 200: the most lines one ``read_file`` call returns.
- ``search_hits`` = 100: the most hits one ``search_code`` call returns (``skip`` pages on).
- ``list_entries`` = 500: the most paths one ``list_files`` call returns.
- ``search_file_bytes`` = 8,000,000: larger files are skipped by search (and counted).
- ``file_bytes`` = 32,000,000: larger files are refused by read/edit/create.
- ``search_count_limit`` = 100,000: search stops counting hits past this many.

Every capped result says that it was cut, gives totals (lines, bytes, hits, files) and the
exact call that shows the next part.

Result kinds (``ToolResult.kind``): successes are ``ok``, ``binary`` (read_file on a binary
file) and ``tests`` (a test run, passing or not); error results are ``unknown_tool``,
``invalid_args``, ``invalid_json`` (:meth:`Tools.invalid_call`), ``path_refused`` (outside,
blocked, not a regular file), ``not_found``, ``protected`` (counted in
:attr:`Tools.refused_test_edits`), ``no_match``, ``multiple_matches``, ``syntax_error``,
``encoding``, ``exists``, ``too_large``, ``out_of_range``, ``invalid_regex``,
``invalid_target``, ``no_tests`` (a run that collected nothing: never a pass), ``usage_error``,
``unavailable`` (no runner), ``runner_error`` and ``internal_error``.

Rules enforced here (DESIGN.md, "Rules"): arguments are validated against each tool's schema
(unknown or missing fields, wrong types, non-object arguments and NUL bytes are error results
that show the schema); paths go through :class:`fixloop.workspace.Workspace`; protected test
infrastructure cannot be created or edited (each attempt is counted in
:attr:`Tools.refused_test_edits`); edits keep every byte outside the edited region (line endings
CRLF/LF/mixed, UTF-8 BOM, tabs, bytes that are not UTF-8) and are written atomically with the
file's mode kept; an edit or create that makes a parsing ``.py`` file unparsable is refused;
binary files are reported, skipped by search and refused by edit; invisible and
direction-changing Unicode characters (bidi controls, zero-width and tag characters, other
format and control characters, unusual spaces) are shown as ``\\uXXXX`` escapes, never raw
(``edit_file`` accepts those escapes in ``old``/``new`` when the raw text does not match).
"""

from __future__ import annotations

import ast
import bisect
import copy
import difflib
import fnmatch
import json
import os
import re
import stat
import sys
import tempfile
import unicodedata
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fixloop.types import Outcome, TestReport, ToolResult
from fixloop.workspace import PathRefused, Workspace, is_protected

TOOL_NAMES: tuple[str, ...] = (
    "list_files",
    "read_file",
    "search_code",
    "edit_file",
    "create_file",
    "run_tests",
)


@dataclass
class Caps:
    """Size caps of tool results (see the module docstring for what each one bounds).

    Attributes:
        result_bytes: bytes of one tool result.
        line_bytes: bytes shown of one line.
        read_lines: lines per read_file call.
        search_hits: hits per search_code call.
        list_entries: paths per list_files call.
        search_file_bytes: files larger than this are skipped by search_code.
        file_bytes: files larger than this are refused by read_file/edit_file/create_file.
        search_count_limit: search_code stops counting hits past this many.
    """

    result_bytes: int = 20_000
    line_bytes: int = 2_000
    read_lines: int = 200
    search_hits: int = 100
    list_entries: int = 500
    search_file_bytes: int = 8_000_000
    file_bytes: int = 32_000_000
    search_count_limit: int = 100_000


# ------------------------------------------------------------------------------------------
# Schemas
# ------------------------------------------------------------------------------------------


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
    schema = _SPECS[name][1]
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


# ------------------------------------------------------------------------------------------
# Text helpers: escaping, capping, decoding
# ------------------------------------------------------------------------------------------

_EXTRA_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
_NOT_PLAIN = re.compile(r"[^\x20-\x7e\t\n]")


def _needs_escape(ch: str) -> bool:
    """True for characters shown escaped: controls, format (bidi, zero-width, tags), private
    use, unassigned, line/paragraph separators, non-ASCII spaces, variation selectors, fillers.
    """
    if ch in "\t\n":
        return False
    o = ord(ch)
    if o < 0x20 or o == 0x7F:
        return True
    if o < 0x7F:
        return False
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs"):
        return True
    return 0xFE00 <= o <= 0xFE0F or 0xE0100 <= o <= 0xE01EF or ch in _EXTRA_INVISIBLE


def _escape_char(ch: str) -> str:
    o = ord(ch)
    if 0xDC80 <= o <= 0xDCFF:  # an undecodable byte kept by surrogateescape
        return f"\\x{o - 0xDC00:02x}"
    if ch == "\r":
        return "\\r"
    if o <= 0xFF:
        return f"\\x{o:02x}"
    if o <= 0xFFFF:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def _escape_match(m: re.Match[str]) -> str:
    ch = m.group(0)
    return _escape_char(ch) if _needs_escape(ch) else ch


def escape_text(text: str) -> str:
    """``text`` with invisible/direction-changing characters as visible escapes.

    Tabs and newlines are kept; ``\\r`` becomes ``\\r``; undecodable bytes (surrogateescape)
    become ``\\xNN``; bidi overrides, zero-width and tag characters become ``\\uXXXX`` /
    ``\\UXXXXXXXX``.
    """
    return _NOT_PLAIN.sub(_escape_match, text)


_UNESCAPE = re.compile(r"\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})|\\r")


def _unescape_invisible(text: str) -> str:
    """Undo :func:`escape_text` for the characters it escapes (other backslashes stay)."""

    def repl(m: re.Match[str]) -> str:
        if m.group(0) == "\\r":
            return "\r"
        hexa = m.group(1) or m.group(2) or m.group(3)
        o = int(hexa, 16)
        if m.group(1) is not None and o >= 0x80:
            return chr(0xDC00 + o)  # an undecodable byte as surrogateescape keeps it
        if o > 0x10FFFF or 0xD800 <= o <= 0xDFFF:
            return m.group(0)
        ch = chr(o)
        return ch if _needs_escape(ch) else m.group(0)

    return _UNESCAPE.sub(repl, text)


def _nbytes(s: str) -> int:
    return len(s.encode("utf-8", "surrogatepass"))


def _cut(s: str, limit: int) -> str:
    """``s`` cut to at most ``limit`` UTF-8 bytes, on a character boundary."""
    b = s.encode("utf-8", "surrogatepass")
    if len(b) <= limit:
        return s
    return b[: max(limit, 0)].decode("utf-8", "ignore")


def _fmt(n: int) -> str:
    return f"{n:,}"


_BINARY_MAGIC = (
    b"\x89PNG",
    b"GIF8",
    b"\xff\xd8\xff",
    b"PK\x03\x04",
    b"\x1f\x8b",
    b"%PDF",
    b"\x7fELF",
    b"BZh",
    b"\xfd7zXZ",
)


def is_binary(data: bytes) -> bool:
    """Git's heuristic, extended: a NUL byte in the first 8,000 bytes, a known binary magic
    number, or (for data that is not UTF-8) more than 30% control bytes in the first 8,000.
    UTF-16/32 text (NUL-rich) counts as binary: fixloop edits UTF-8 and 8-bit text only.
    """
    head = data[:8000]
    if b"\x00" in head or head.startswith(_BINARY_MAGIC):
        return True
    try:
        head.decode("utf-8")
        return False
    except UnicodeDecodeError as e:
        if e.start >= len(head) - 4:  # a character cut at the 8,000-byte boundary
            return False
    ctrl = sum(1 for b in head if b < 9 or 13 < b < 32 or b == 127)
    return ctrl > 0.3 * len(head)


@dataclass
class _Text:
    """A decoded text file: ``text`` without BOM; undecodable bytes kept as surrogates."""

    text: str
    bom: bool
    utf8: bool


_BOM = b"\xef\xbb\xbf"


def _decode(data: bytes) -> _Text:
    bom = data.startswith(_BOM)
    body = data[3:] if bom else data
    try:
        return _Text(body.decode("utf-8"), bom, True)
    except UnicodeDecodeError:
        return _Text(body.decode("utf-8", "surrogateescape"), bom, False)


def _encode(t: _Text, text: str) -> bytes:
    body = text.encode("utf-8", "surrogateescape")
    return (_BOM if t.bom else b"") + body


def _split_lines(text: str) -> list[str]:
    """Lines split at CRLF, LF or a lone CR (as Python's tokenizer does), without their
    endings; no phantom last line."""
    if not text:
        return []
    lines = _lf_view(text)[0].split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _endings(text: str) -> tuple[int, int, int]:
    """(CRLF count, lone LF count, lone CR count) in ``text``."""
    crlf = text.count("\r\n")
    return crlf, text.count("\n") - crlf, text.count("\r") - crlf


def _visible_ws(line: str) -> str:
    """A line with tabs as ``→`` and trailing spaces as ``·`` (for showing whitespace)."""
    stripped = line.rstrip(" \t")
    trail = line[len(stripped) :].replace(" ", "·").replace("\t", "→")
    return stripped.replace("\t", "→") + trail


def _syntax_problem(data: bytes, name: str) -> str | None:
    """None when ``data`` parses as Python source, else "line N: message"."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(data, filename=name)
        return None
    except SyntaxError as e:
        where = f"line {e.lineno}" if e.lineno else "unknown line"
        text = (e.text or "").rstrip("\r\n")
        shown = f"\n    {text.strip()}" if text.strip() else ""
        return f"{where}: {e.msg}{shown}"
    except (ValueError, RecursionError, MemoryError) as e:
        return f"cannot be parsed: {e}"


def _atomic_write(path: Path, data: bytes, mode: int) -> None:
    """Write ``data`` to ``path`` through a temp file in the same folder and ``os.replace``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".fixloop")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, stat.S_IMODE(mode))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


_PY_SUFFIXES = (".py", ".pyi", ".pyw")
_COMPILED_SUFFIXES = frozenset({".pyc", ".pyo", ".so", ".pyd", ".dll", ".dylib"})
_BANNED_TARGET = set(";|&$`<>")
_NAME_PART = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LAST_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(\[.*\])?", re.DOTALL)


class Tools:
    """The model's tool set over one workspace.

    Args:
        workspace: the :class:`~fixloop.workspace.Workspace` (path policy).
        runner: a :class:`fixloop.testrun.TestRunner` (``run(target) -> TestReport``), or None
            when tests cannot run (``run_tests`` then answers with an error result).
        caps: the size caps (:class:`Caps`).

    Attributes:
        refused_test_edits: refused create/edit attempts on protected test infrastructure.
        tool_errors: error results returned so far (invalid calls included).
        changed: workspace-relative paths created or edited so far, in first-change order.
    """

    def __init__(self, workspace: Workspace, runner: Any | None, *, caps: Caps | None = None):
        self.workspace = workspace
        self.runner = runner
        self.caps = caps or Caps()
        self.refused_test_edits = 0
        self.tool_errors = 0
        self.changed: list[str] = []

    # ------------------------------------------------------------------ public API

    def specs(self) -> list[dict[str, Any]]:
        """The tool specs in Anthropic's shape: ``[{"name", "description", "input_schema"}]``."""
        return [
            {"name": n, "description": _SPECS[n][0], "input_schema": copy.deepcopy(_SPECS[n][1])}
            for n in TOOL_NAMES
        ]

    def call(self, name: str, args: Any) -> ToolResult:
        """Validate and run one tool call. Never raises (except KeyboardInterrupt/SystemExit).

        Args:
            name: the tool name (one of :data:`TOOL_NAMES`).
            args: the decoded JSON arguments (must be an object).

        Returns:
            A :class:`~fixloop.types.ToolResult`; refusals and failures are error results
            whose text says what was wrong and how to recover; ``content`` is at most
            ``caps.result_bytes`` bytes with invisible characters escaped.
        """
        try:
            if not isinstance(name, str) or name not in TOOL_NAMES:
                res = self._unknown_tool(name)
            else:
                clean, problems = _validate(name, args)
                if clean is None:
                    res = self._bad_args(name, problems)
                else:
                    res = getattr(self, f"_t_{name}")(**clean)
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
        if not isinstance(name, str) or name not in TOOL_NAMES:
            return self._finish(self._unknown_tool(name))
        raw = raw_input if isinstance(raw_input, str) else repr(raw_input)
        shown = _cut(raw, 500) + (" …" if _nbytes(raw) > 500 else "")
        text = (
            f"Error: the arguments of {name} are not valid JSON ({parse_error}); the call did "
            f"not run.\nArguments received: {shown}\n"
            f"Send one JSON object matching the schema of {name}: {_schema_text(name)}"
        )
        return self._finish(ToolResult(text, is_error=True, kind="invalid_json"))

    def validate_target(self, target: str) -> str | None:
        """Check a ``run_tests`` target. Returns error text, or None when it may run.

        Accepted: ``""`` (the whole suite), or a path to an existing file or folder inside the
        workspace, optionally followed by ``::Name`` parts (``file::test``,
        ``file::Class::test``, parametrized ``file::test[a-b]``). Refused before anything runs:
        option-like targets (``-x``, ``@file``), shell-like characters (``;|&$`<>``), control
        characters, whitespace or glob characters in the path, paths outside the workspace or
        blocked, nonexistent files.
        """
        return self._check_target(target)[1]

    # ------------------------------------------------------------------ result helpers

    def _finish(self, res: ToolResult) -> ToolResult:
        cap = self.caps.result_bytes
        content = escape_text(res.content)
        if _nbytes(content) > cap:
            note = f"\n[result cut at {_fmt(cap)} bytes]"
            content = _cut(content, cap - _nbytes(note)) + note
        res.content = content
        if res.is_error:
            self.tool_errors += 1
        return res

    def _unknown_tool(self, name: Any) -> ToolResult:
        lines = [f"Error: unknown tool {name!r:.80}; nothing was run. Available tools:"]
        for n in TOOL_NAMES:
            lines.append(f"- {n}: {_schema_text(n)}")
        return ToolResult("\n".join(lines), is_error=True, kind="unknown_tool")

    def _bad_args(self, name: str, problems: list[str]) -> ToolResult:
        text = (
            f"Error: invalid arguments for {name}: "
            + "; ".join(problems)
            + f". The call did not run.\nSchema of {name}: {_schema_text(name)}"
        )
        return ToolResult(text, is_error=True, kind="invalid_args")

    _HINTS = {
        "outside": "Use a path inside the repository, relative to its root (see list_files).",
        "blocked": "Blocked paths cannot be read or changed; work with the project's source files.",
        "protected": "Tests are the specification: change the code under test so that they pass. "
        "This refused attempt is recorded.",
        "missing": "Check the path with list_files or search_code.",
        "not_regular": "Only regular files inside the repository can be used.",
        "invalid": "Give a plain relative path such as 'src/pkg/mod.py'.",
    }

    def _refused(self, e: PathRefused, *, write: bool) -> ToolResult:
        hint = self._HINTS.get(e.kind, "")
        if e.kind == "missing":
            close = self._close_paths(e.path)
            if close:
                hint = "Did you mean: " + ", ".join(close) + "?"
        text = f"Error: {e.path!r:.300}: {e}. {hint}"
        if e.kind == "protected":
            if write:
                self.refused_test_edits += 1
            return ToolResult(text, is_error=True, kind="protected")
        kind = "not_found" if e.kind == "missing" else "path_refused"
        return ToolResult(text, is_error=True, kind=kind)

    def _close_paths(self, path: str) -> list[str]:
        """Up to 3 existing paths close to a missing ``path``: same-folder names first."""
        try:
            files = list(self.workspace.iter_files("."))
        except (PathRefused, OSError):
            return []
        want = path.strip("./")
        parent, _, base = want.rpartition("/")
        same_dir = [f for f in files if f.rpartition("/")[0] == parent]
        same_name = [f for f in files if f.rpartition("/")[2] == base]
        pool = list(dict.fromkeys(same_name + same_dir + files[:2_000]))[:4_000]
        return difflib.get_close_matches(want, pool, n=3, cutoff=0.6)

    def _err(self, text: str, kind: str) -> ToolResult:
        return ToolResult("Error: " + text, is_error=True, kind=kind)

    def _load(self, path: str, *, write: bool) -> tuple[Path, bytes] | ToolResult:
        """Resolve and read a file for read/edit; an error result when it cannot be used."""
        if write and path.endswith("/"):
            return self._err(f"{path!r} names a folder; give a file path.", "path_refused")
        try:
            real = self.workspace.resolve(path, write=write)
        except PathRefused as e:
            unescaped = _unescape_invisible(path)
            if e.kind != "missing" or unescaped == path:
                return self._refused(e, write=write)
            try:  # a name shown with escaped invisible characters, sent back as shown
                real = self.workspace.resolve(unescaped, write=write)
            except PathRefused as e2:
                return self._refused(e2, write=write)
        if real.is_dir():
            return self._err(
                f"{path!r} is a folder, not a file. Use list_files(path={path!r}).",
                "path_refused",
            )
        size = real.stat().st_size
        if size > self.caps.file_bytes:
            return self._err(
                f"{path!r} is {_fmt(size)} bytes, over the {_fmt(self.caps.file_bytes)}-byte "
                "limit; use search_code to look inside it.",
                "too_large",
            )
        return real, real.read_bytes()

    # ------------------------------------------------------------------ list_files

    def _t_list_files(self, path: str) -> ToolResult:
        try:
            files = list(self.workspace.iter_files(path or "."))
        except PathRefused as e:
            return self._refused(e, write=False)
        total = len(files)
        where = "the repository" if _is_root(path) else repr(path)
        if total == 0:
            return ToolResult(f"No files under {where} (blocked and ignored paths are left out).")
        head = f"{_fmt(total)} files under {where} ([read-only] = test infrastructure):"
        budget = self.caps.result_bytes - _nbytes(head) - 600
        shown: list[str] = []
        used = 0
        for f in files[: self.caps.list_entries]:
            line = escape_text(f) + (" [read-only]" if is_protected(f) else "")
            n = _nbytes(line) + 1
            if used + n > budget:
                break
            shown.append(line)
            used += n
        out = [head, *shown]
        if len(shown) < total:
            out.append(
                f"[cut: showing {_fmt(len(shown))} of {_fmt(total)} files. "
                "List a subfolder to see more, e.g. list_files(path='<folder>').]"
            )
            base = (
                "" if _is_root(path) else self.workspace.relpath(self.workspace.resolve(path)) + "/"
            )
            counts: Counter[str] = Counter()
            for f in files:
                rest = f[len(base) :] if f.startswith(base) else f
                if "/" in rest:
                    counts[base + rest.split("/", 1)[0] + "/"] += 1
            if counts:
                summary = ", ".join(
                    f"{escape_text(d)} ({_fmt(c)})" for d, c in counts.most_common(12)
                )
                out.append(_cut(f"Folders: {summary}", 500))
        return ToolResult("\n".join(out))

    # ------------------------------------------------------------------ read_file

    def _long_line(self, raw: str, lineno: int, path: str) -> str:
        """A raw line, escaped and cut to ``line_bytes`` with a note giving its full size in
        bytes and how to see the rest (only the shown part is escaped: fast on huge lines)."""
        cap = self.caps.line_bytes
        esc = escape_text(raw[: cap + 1])
        if len(raw) <= cap and _nbytes(esc) <= cap:
            return esc
        note = (
            f" … [line {lineno} cut: {_fmt(_nbytes(raw))} bytes; search_code(pattern=..., "
            f"path={path!r}) shows the text around each match]"
        )
        return _cut(esc, cap) + note

    def _t_read_file(self, path: str, start: int, end: int | None = None) -> ToolResult:
        loaded = self._load(path, write=False)
        if isinstance(loaded, ToolResult):
            return loaded
        real, data = loaded
        size = len(data)
        if is_binary(data):
            return ToolResult(f"{path}: binary file, {_fmt(size)} bytes; not shown.", kind="binary")
        t = _decode(data)
        lines = _split_lines(t.text)
        n = len(lines)
        if n == 0:
            return ToolResult(f"{path}: empty file (0 lines, {_fmt(size)} bytes).")
        if start > n:
            return self._err(
                f"start={start} is past the end of {path} ({_fmt(n)} lines). "
                f"Use read_file(path={path!r}, start=1).",
                "out_of_range",
            )
        want_end = start + self.caps.read_lines - 1 if end is None else end
        if want_end < start:
            return self._err(f"end={end} is before start={start}.", "invalid_args")
        last = min(want_end, n, start + self.caps.read_lines - 1)
        notes = []
        kinds = [k for k, c in zip(("CRLF", "LF", "CR"), _endings(t.text), strict=True) if c]
        if len(kinds) > 1:
            notes.append(f"mixed {'/'.join(kinds)} line endings")
        elif kinds and kinds[0] != "LF":
            notes.append(f"{kinds[0]} line endings")
        if t.bom:
            notes.append("UTF-8 BOM")
        if not t.utf8:
            notes.append("not valid UTF-8: undecodable bytes shown as \\xNN")
        if is_protected(self.workspace.relpath(real)) or is_protected(path):
            notes.append("read-only test infrastructure")
        head = f"{path}: {_fmt(n)} lines, {_fmt(size)} bytes" + (
            f" ({'; '.join(notes)})" if notes else ""
        )
        budget = self.caps.result_bytes - _nbytes(head) - 400
        out = [head]
        used = 0
        shown_last = start - 1
        for i in range(start, last + 1):
            line = f"{i:>6}|" + self._long_line(lines[i - 1], i, path)
            nb = _nbytes(line) + 1
            if used + nb > budget and i > start:
                break
            if used + nb > budget:  # a single line over the whole budget
                line = _cut(line, budget) + " …"
                nb = _nbytes(line) + 1
            out.append(line)
            used += nb
            shown_last = i
        if shown_last < n:
            why = []
            if shown_last < last:
                why.append(f"result cut at {_fmt(self.caps.result_bytes)} bytes")
            elif end is not None and want_end > last:
                why.append(f"at most {self.caps.read_lines} lines per call")
            reason = f" ({'; '.join(why)})" if why else ""
            out.append(
                f"[showing lines {start}-{shown_last} of {_fmt(n)}{reason}. Next: "
                f"read_file(path={path!r}, start={shown_last + 1})]"
            )
        return ToolResult("\n".join(out))

    # ------------------------------------------------------------------ search_code

    def _hit_text(self, line: str, col: int, width: int) -> str:
        """The text of a hit, windowed around column ``col`` when the line is too long."""
        if len(line) <= self.caps.line_bytes:
            esc = escape_text(line)
            if _nbytes(esc) <= self.caps.line_bytes:
                return esc
        half = max(self.caps.line_bytes // 2 - 60, 40)
        a = max(col - half, 0)
        window = escape_text(line[a : col + max(width, 1) + half])
        window = _cut(window, self.caps.line_bytes - 120)
        return (
            ("…" if a > 0 else "")
            + window
            + f"… [column {_fmt(col + 1)} of a {_fmt(_nbytes(line))}-byte line]"
        )

    def _t_search_code(
        self,
        pattern: str,
        path: str,
        glob: str | None = None,
        ignore_case: bool = False,
        skip: int = 0,
    ) -> ToolResult:
        if pattern == "":
            return self._err("pattern is empty; give a regular expression.", "invalid_args")
        flags = re.MULTILINE | (re.IGNORECASE if ignore_case else 0)
        try:
            rx = re.compile(pattern, flags)
        except (re.error, RecursionError, OverflowError) as e:
            return self._err(
                f"invalid regular expression {pattern!r:.200}: {e}. Escape special characters "
                "(e.g. '\\(' for a parenthesis) or use a simpler pattern.",
                "invalid_regex",
            )
        if _nested_repeat(pattern, flags):
            return self._err(
                f"the pattern {pattern!r:.200} repeats a repetition (like '(a+)+'), which can "
                "take exponential time; use a simpler pattern (e.g. 'a+').",
                "invalid_regex",
            )
        try:
            files = self.workspace.iter_files(path or ".")
            file_list = list(files)
        except PathRefused as e:
            return self._refused(e, write=False)
        caps = self.caps
        root_s = str(self.workspace.root)
        hits: list[str] = []
        budget = caps.result_bytes - 900
        used = 0
        total = 0
        files_hit = 0
        searched = 0
        skipped_binary = 0
        skipped_large = 0
        capped_count = False
        for rel in file_list:
            if glob and not _glob_match(rel, glob):
                continue
            try:
                with open(os.path.join(root_s, rel), "rb") as fh:
                    size = os.fstat(fh.fileno()).st_size
                    if size > caps.search_file_bytes:
                        skipped_large += 1
                        continue
                    data = fh.read()
            except OSError:
                continue
            if is_binary(data):
                skipped_binary += 1
                continue
            searched += 1
            text = _decode(data).text
            if "\r" in text:  # anchors ($) see LF lines; line numbers are unchanged
                text = _lf_view(text)[0]
            m = rx.search(text)
            if m is None:
                continue
            files_hit += 1
            lineno = 1
            counted_to = 0
            tlen = len(text)
            while m is not None:
                s = m.start()
                if s == tlen and tlen > 0 and text.endswith("\n"):
                    break
                ls = text.rfind("\n", 0, s) + 1
                le = text.find("\n", s)
                if le < 0:
                    le = tlen
                lineno += text.count("\n", counted_to, ls)
                counted_to = ls
                total += 1
                if total > skip and len(hits) < caps.search_hits and used < budget:
                    line = text[ls:le]
                    if line.endswith("\r"):
                        line = line[:-1]
                    entry = f"{escape_text(rel)}:{lineno}: " + self._hit_text(
                        line, s - ls, m.end() - s
                    )
                    nb = _nbytes(entry) + 1
                    if used + nb <= budget:
                        hits.append(entry)
                    used += nb
                if total >= caps.search_count_limit:
                    capped_count = True
                    break
                if le >= tlen:
                    break
                m = rx.search(text, le + 1)
            if capped_count:
                break
        notes = []
        if skipped_binary:
            notes.append(f"skipped {_fmt(skipped_binary)} binary file(s)")
        if skipped_large:
            notes.append(
                f"skipped {_fmt(skipped_large)} file(s) over {_fmt(caps.search_file_bytes)} bytes"
            )
        where = "" if _is_root(path) else f" under {path!r}"
        if glob:
            where += f" matching {glob!r}"
        note = f" ({'; '.join(notes)})" if notes else ""
        if total == 0:
            return ToolResult(
                f"No matches for {pattern!r} in {_fmt(searched)} file(s){where}{note}."
            )
        tot = f"more than {_fmt(total)}" if capped_count else _fmt(total)
        head = f"{tot} hit(s) in {_fmt(files_hit)} file(s){where}{note}:"
        out = [head, *hits]
        first = skip + 1
        last = skip + len(hits)
        if skip >= total:
            out.append(f"[skip={skip} is past the last hit ({_fmt(total)}).]")
        elif last < total or capped_count:
            why = (
                f"at most {caps.search_hits} hits per call"
                if len(hits) >= caps.search_hits
                else f"result cut at {_fmt(caps.result_bytes)} bytes"
            )
            args = f"pattern={pattern!r}"
            if not _is_root(path):
                args += f", path={path!r}"
            if glob:
                args += f", glob={glob!r}"
            if ignore_case:
                args += ", ignore_case=True"
            out.append(
                f"[cut: showing hits {first}-{last} of {tot} ({why}). Next: "
                f"search_code({_cut(args, 400)}, skip={last}); or narrow with path=, glob= "
                "or a more specific pattern]"
            )
        return ToolResult("\n".join(out))

    # ------------------------------------------------------------------ edit_file

    def _t_edit_file(self, path: str, old: str, new: str) -> ToolResult:
        loaded = self._load(path, write=True)
        if isinstance(loaded, ToolResult):
            return loaded
        real, data = loaded
        if is_binary(data):
            return self._err(
                f"{path} is a binary file ({_fmt(len(data))} bytes); edit_file changes text "
                "files only.",
                "binary",
            )
        if old == "":
            return self._err(
                "old is empty; give the exact text to replace (to add code, include a line "
                "next to where it goes), or create_file for a new file.",
                "invalid_args",
            )
        if old == new:
            return self._err("old and new are the same; nothing would change.", "invalid_args")
        t = _decode(data)
        norm, crlf_at = _lf_view(t.text)
        old_n = _lf_view(old)[0]
        new_n = _lf_view(new)[0]
        starts = _find_all(norm, old_n)
        if not starts:
            old_u = _unescape_invisible(old_n)
            if old_u != old_n:
                starts_u = _find_all(norm, old_u)
                if starts_u:
                    old_n, new_n, starts = old_u, _unescape_invisible(new_n), starts_u
        if not starts:
            return self._miss(path, norm, old_n)
        if len(starts) > 1:
            nums = [norm.count("\n", 0, s) + 1 for s in starts]
            shown = ", ".join(str(x) for x in nums[:30]) + (" …" if len(nums) > 30 else "")
            return self._err(
                f"old matches {len(starts)} times in {path} (at lines {shown}); it must match "
                "exactly once. Include more surrounding lines in old (and new) to make it unique.",
                "multiple_matches",
            )
        if (
            not t.utf8
            and not new_n.isascii()
            and any(not (0xDC80 <= ord(c) <= 0xDCFF) for c in new_n if ord(c) > 127)
        ):
            return self._err(
                f"{path} is not valid UTF-8 (some other 8-bit encoding); new may contain only "
                "ASCII characters here (write non-ASCII characters as escapes in the code).",
                "encoding",
            )
        ns = starts[0]
        ne = ns + len(old_n)
        rs = _raw_pos(ns, crlf_at)
        re_ = _raw_pos(ne, crlf_at)
        region = t.text[rs:re_]
        eol = _eol_for(t.text, region, rs)
        replacement = new_n.replace("\n", eol) if eol != "\n" else new_n
        new_text = t.text[:rs] + replacement + t.text[re_:]
        out = _encode(t, new_text)
        if real.suffix in _PY_SUFFIXES:
            problem = _syntax_problem(out, path)
            if problem is not None and _syntax_problem(data, path) is None:
                return self._err(
                    f"the edit would leave {path} with a syntax error at {problem}\n"
                    f"(checked with Python {sys.version_info[0]}.{sys.version_info[1]}). "
                    "The file was not changed; fix new and try again.",
                    "syntax_error",
                )
        _atomic_write(real, out, os.stat(real).st_mode)
        rel = self.workspace.relpath(real)
        self._note_change(rel)
        first = norm.count("\n", 0, ns) + 1
        new_lines = _split_lines(new_text)
        n_new = new_n.count("\n") + (0 if new_n.endswith("\n") or not new_n else 1)
        lo = max(first - 2, 1)
        hi = min(first + max(n_new, 1) + 1, len(new_lines))
        ctx = [f"{i:>6}|" + self._long_line(new_lines[i - 1], i, path) for i in range(lo, hi + 1)]
        old_last = first + old_n.rstrip("\n").count("\n")
        span = f"line {first}" if old_last == first else f"lines {first}-{old_last}"
        head = (
            f"Edited {path}: replaced {span} ({_fmt(len(data))} -> {_fmt(len(out))} bytes). "
            f"Lines {lo}-{hi} now:"
        )
        return ToolResult("\n".join([head, *ctx]), kind="ok", changed_path=rel)

    def _miss(self, path: str, norm: str, old_n: str) -> ToolResult:
        """The error for an ``old`` that matches nowhere: nearest candidates, whitespace shown."""
        lines = norm.split("\n")
        want = old_n.split("\n")
        if len(want) > 1 and want[-1] == "":
            want.pop()
        k = max(len(want), 1)
        target = "\n".join(want)
        squash = "".join(target.split())
        found: list[tuple[float, int]] = []
        if squash:
            sq = ["".join(ln.split()) for ln in lines]
            for i in range(0, max(len(lines) - k + 1, 1)):
                if squash.startswith(sq[i]) and "".join(sq[i : i + k]) == squash:
                    found.append((1.0, i))
                    if len(found) >= 3:
                        break
        ws_only = bool(found)
        if not found:
            firsts = [w.strip() for w in want if w.strip()]
            key = firsts[0] if firsts else target.strip()
            stripped = [ln.strip() for ln in lines]
            if key:
                pool = _candidate_pool(key, stripped)
                cands = difflib.get_close_matches(key, pool, n=3, cutoff=0.5)
                seen = set()
                for c in cands:
                    for i, s in enumerate(stripped):
                        if s == c and i not in seen:
                            seen.add(i)
                            ratio = difflib.SequenceMatcher(
                                None, "\n".join(lines[i : i + k]), target
                            ).ratio()
                            found.append((ratio, i))
                            break
                found.sort(key=lambda x: -x[0])
        msg = [f"Error: old was not found in {path} (no exact match, whitespace included)."]
        if found:
            label = (
                "It differs only in whitespace from"
                if ws_only
                else "Nearest candidate" + ("s" if len(found) > 1 else "")
            )
            msg.append(f"{label} (→ = tab, · = trailing space):")
            for _ratio, i in found[:3]:
                msg.append(f"  lines {i + 1}-{min(i + k, len(lines))}:")
                for j in range(i, min(i + k, len(lines), i + 12)):
                    msg.append(f"  {j + 1:>6}|" + _cut(_visible_ws(lines[j]), 400))
            msg.append("Your old was:")
            for w in want[:12]:
                msg.append("        |" + _cut(_visible_ws(w), 400))
            _r, i0 = found[0]
            cand = lines[i0 : i0 + k]
            if any(c.startswith("\t") for c in cand) and not any(w.startswith("\t") for w in want):
                msg.append("The file indents with tabs (→) where your old uses spaces.")
            elif any(w.startswith("\t") for w in want) and not any(
                c.startswith("\t") for c in cand
            ):
                msg.append("The file indents with spaces where your old uses tabs (→).")
            if any(c != c.rstrip(" \t") for c in cand) and all(w == w.rstrip(" \t") for w in want):
                msg.append("The file has trailing whitespace (·/→ at line ends) that old lacks.")
            msg.append(
                "Copy old exactly from read_file (the text after '|', tabs and spaces as they "
                "are) and try again. The file was not changed."
            )
        else:
            msg.append(
                "No similar lines either. Use read_file or search_code to find the current "
                "text. The file was not changed."
            )
        return ToolResult("\n".join(msg), is_error=True, kind="no_match")

    def _note_change(self, rel: str) -> None:
        if rel not in self.changed:
            self.changed.append(rel)

    # ------------------------------------------------------------------ create_file

    def _t_create_file(self, path: str, content: str) -> ToolResult:
        if path.endswith("/"):
            return self._err(f"{path!r} names a folder; give a file path.", "path_refused")
        try:
            real = self.workspace.resolve(path, write=True, must_exist=False)
        except PathRefused as e:
            return self._refused(e, write=True)
        if real.suffix.casefold() in _COMPILED_SUFFIXES:
            return self._err(
                f"{path!r}: compiled or binary modules ({real.suffix}) cannot be created; "
                "write Python source instead.",
                "path_refused",
            )
        if os.path.lexists(real):
            what = "folder" if real.is_dir() else "file"
            return self._err(
                f"{path!r} already exists (a {what}); use edit_file to change a file.", "exists"
            )
        data = content.encode("utf-8")
        if len(data) > self.caps.file_bytes:
            return self._err(
                f"content is {_fmt(len(data))} bytes, over the {_fmt(self.caps.file_bytes)}-byte "
                "limit.",
                "too_large",
            )
        if real.suffix in _PY_SUFFIXES:
            problem = _syntax_problem(data, path)
            if problem is not None:
                return self._err(
                    f"the content of {path} has a syntax error at {problem}\n"
                    f"(checked with Python {sys.version_info[0]}.{sys.version_info[1]}). "
                    "Nothing was created; fix the content and try again.",
                    "syntax_error",
                )
        parent = real.parent
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            return self._err(f"cannot create {path!r}: a parent of it is a file.", "path_refused")
        # re-check after creating folders: nothing on the way may lead outside
        try:
            real = self.workspace.resolve(path, write=True, must_exist=False)
        except PathRefused as e:
            return self._refused(e, write=True)
        _atomic_write(real, data, 0o644)
        rel = self.workspace.relpath(real)
        self._note_change(rel)
        n = len(_split_lines(content))
        return ToolResult(
            f"Created {path} ({_fmt(n)} lines, {_fmt(len(data))} bytes).",
            kind="ok",
            changed_path=rel,
        )

    # ------------------------------------------------------------------ run_tests

    def _check_target(self, target: str) -> tuple[str, str | None]:
        """(normalized target, error text or None)."""
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
            real = self.workspace.resolve(path)
        except PathRefused as e:
            return "", f"target path {path!r:.200}: {e}"
        rel = self.workspace.relpath(real)
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

    def _t_run_tests(self, target: str) -> ToolResult:
        norm, problem = self._check_target(target)
        if problem is not None:
            return self._err(problem + ". Nothing was run.", "invalid_target")
        if self.runner is None:
            return self._err("run_tests is not available in this session.", "unavailable")
        try:
            report: TestReport = self.runner.run(norm)
        except Exception as e:  # noqa: BLE001 - report the failure to the model, keep going
            return self._err(
                f"the test run failed to start: {type(e).__name__}: {e}", "runner_error"
            )
        no_tests = report.outcome == Outcome.NO_TESTS_COLLECTED or (
            report.outcome == Outcome.PASSED and report.collected == 0
        )
        usage = report.outcome == Outcome.USAGE_ERROR
        head = [f"{report.tally()}; {report.collected} collected" + (f" [{norm}]" if norm else "")]
        if no_tests:
            head.insert(
                0,
                "Error: no tests collected: check the target (a test file, folder or node id "
                "such as 'tests/test_x.py::test_name'). This is not a pass.",
            )
        if report.failing:
            ids = report.failing_ids
            shown = ", ".join(ids[:20]) + (f" … (+{len(ids) - 20} more)" if len(ids) > 20 else "")
            head.append(f"failing: {shown}")
        tail = f"\n{report.notice}" if report.notice else ""
        top = "\n".join(head) + "\n"
        room = self.caps.result_bytes - _nbytes(escape_text(top + tail)) - 200
        body = escape_text(report.output or "")
        if _nbytes(body) > room:
            keep = max(room // 2, 0)
            b = body.encode("utf-8")
            cut_note = (
                f"\n[… output cut: {_fmt(len(b))} bytes in all; full log: {report.log_path}]\n"
            )
            body = (
                b[: keep - len(cut_note)].decode("utf-8", "ignore")
                + cut_note
                + b[len(b) - keep :].decode("utf-8", "ignore")
            )
        text = top + body + tail
        if usage and not no_tests:
            text = "Error: the test command refused the target or its options.\n" + text
        return ToolResult(
            text,
            is_error=no_tests or usage,
            kind="no_tests" if no_tests else "usage_error" if usage else "tests",
            test_report=report,
        )


# ------------------------------------------------------------------------------------------
# Edit helpers
# ------------------------------------------------------------------------------------------


def _nested_repeat(pattern: str, flags: int) -> bool:
    """True when ``pattern`` repeats, without bound, something that itself repeats without
    bound (``(a+)+``, ``(\\w*)*``): the classic catastrophic-backtracking shape (see OWASP,
    "Regular expression Denial of Service"). Uses the stdlib's regex parser; False if unsure.
    """
    try:
        from re import _constants as c  # type: ignore[attr-defined]
        from re import _parser as sre  # type: ignore[attr-defined]

        tree = sre.parse(pattern, flags)
    except Exception:  # noqa: BLE001 - an unknown parser shape is not a reason to refuse
        return False
    repeats = {c.MAX_REPEAT, c.MIN_REPEAT}

    def walk(items: Any, under_unbounded: bool) -> bool:
        for op, av in items:
            if op in repeats:
                lo, hi, sub = av
                unbounded = hi == c.MAXREPEAT or hi > 1000
                if unbounded and under_unbounded:
                    return True
                if walk(sub, under_unbounded or unbounded):
                    return True
            elif op == c.SUBPATTERN:
                if walk(av[-1], under_unbounded):
                    return True
            elif op == c.BRANCH:
                if any(walk(b, under_unbounded) for b in av[1]):
                    return True
            elif op in (c.ASSERT, c.ASSERT_NOT):
                if walk(av[1], under_unbounded):
                    return True
        return False

    try:
        return walk(tree.data if hasattr(tree, "data") else tree, False)
    except Exception:  # noqa: BLE001
        return False


_WORD = re.compile(r"\w+")


def _candidate_pool(key: str, stripped: list[str], limit: int = 3_000) -> list[str]:
    """The distinct lines worth comparing with ``key`` in difflib: all of them in a small file;
    in a large one, the ``limit`` lines sharing the most words with ``key`` (difflib on every
    line of a 50,000-line file takes seconds)."""
    distinct = list(dict.fromkeys(s for s in stripped if s))
    if len(distinct) <= limit:
        return distinct
    words = set(_WORD.findall(key))
    if not words:
        return distinct[:limit]
    scored = [(len(words.intersection(_WORD.findall(s))), i) for i, s in enumerate(distinct)]
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [distinct[i] for score, i in scored[:limit] if score > 0]


def _glob_match(rel: str, glob: str) -> bool:
    """fnmatch ``glob`` against the path and the file name; ``**/`` also matches no folder."""
    name = rel.rsplit("/", 1)[-1]
    pats = {glob, glob.replace("**/", "")}
    return any(fnmatch.fnmatchcase(rel, p) or fnmatch.fnmatchcase(name, p) for p in pats)


def _is_root(path: str | None) -> bool:
    return not path or path.strip() in (".", "./", "")


def _lf_view(text: str) -> tuple[str, list[int]]:
    """``text`` with CRLF folded to LF and lone CR turned into LF (the "LF view"), and the
    LF-view positions of the folded CRLF newlines (a lone CR maps one to one)."""
    if "\r" not in text:
        return text, []
    crlf_at: list[int] = []
    pos = 0
    removed = 0
    while True:
        i = text.find("\r\n", pos)
        if i < 0:
            break
        crlf_at.append(i - removed)  # position of the "\n" in the LF view
        removed += 1
        pos = i + 2
    return text.replace("\r\n", "\n").replace("\r", "\n"), crlf_at


def _raw_pos(pos: int, crlf_at: list[int]) -> int:
    """Map a position in the LF view to the raw text: add one per folded CR before it.

    A CRLF whose LF is at ``q`` in the LF view occupies raw ``[q+k, q+k+2)``; positions at or
    before ``q`` (the start of the newline) keep the CR after them.
    """
    return pos + bisect.bisect_left(crlf_at, pos)


def _find_all(hay: str, needle: str) -> list[int]:
    """Start positions of every (overlapping) occurrence, at most 1,000."""
    out: list[int] = []
    i = hay.find(needle)
    while i >= 0 and len(out) < 1000:
        out.append(i)
        i = hay.find(needle, i + 1)
    return out


def _eol_for(text: str, region: str, rs: int) -> str:
    """The line ending to write inside an edited region: the region's own style; for a region
    without newlines, the ending of the line it is on; else the file's dominant style."""
    counts = _endings(region)
    if not any(counts):
        m = _EOL.search(text, rs)
        if m is not None:
            return m.group(0)
        counts = _endings(text)
    crlf, lf, cr = counts
    if crlf >= lf and crlf >= cr and crlf:
        return "\r\n"
    return "\r" if cr > lf else "\n"


_EOL = re.compile(r"\r\n|\n|\r")
