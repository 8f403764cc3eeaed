"""What every tool shares: error results, refusals with a recovery hint, loading a file.

The tool functions (:mod:`.read`, :mod:`.search`, :mod:`.edit`, :mod:`.run_tests`) take the
workspace, the caps and their arguments, and return a :class:`~fixloop.types.ToolResult`;
they keep no state. Counting (refused test edits, errors, changed paths) is done by
:class:`fixloop.tools.dispatch.Tools` from the results.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from fixloop.tools.specs import Caps
from fixloop.tools.text import _fmt, _unescape_invisible
from fixloop.types import ToolResult
from fixloop.workspace import PathRefused, Workspace

#: Suffixes of Python source files (an edit or create that breaks their syntax is refused).
PY_SUFFIXES = (".py", ".pyi", ".pyw")

_HINTS = {
    "outside": "Use a path inside the repository, relative to its root (see list_files).",
    "blocked": "Blocked paths cannot be read or changed; work with the project's source files.",
    "protected": "Tests are the specification: change the code under test so that they pass. "
    "This refused attempt is recorded.",
    "shadows": "A module of that name is already importable; a new one would replace it.",
    "not_source": "Fix the Python code; data, metadata and configuration stay as they are.",
    "missing": "Check the path with list_files or search_code.",
    "not_regular": "Only regular files inside the repository can be used.",
    "invalid": "Give a plain relative path such as 'src/pkg/mod.py'.",
}


def err(text: str, kind: str) -> ToolResult:
    """An error result: ``"Error: " + text`` with ``is_error=True`` and the given ``kind``."""
    return ToolResult("Error: " + text, is_error=True, kind=kind)


def is_root(path: str | None) -> bool:
    """True when ``path`` names the workspace root (empty, ``.`` or ``./``)."""
    return not path or path.strip() in (".", "./", "")


def refused(ws: Workspace, e: PathRefused) -> ToolResult:
    """The error result for a refused path, with a hint on how to recover.

    Args:
        ws: the workspace (a missing path gets up to three close existing paths).
        e: the refusal.

    Returns:
        An error result of kind ``protected`` (a write to test infrastructure; the dispatcher
        counts it), ``shadows`` or ``not_source`` (the other write rules of
        :class:`fixloop.workspace.EditPolicy`), ``not_found`` (missing) or ``path_refused``
        (every other reason).
    """
    hint = _HINTS.get(e.kind, "")
    if e.kind == "missing":
        close = _close_paths(ws, e.path)
        if close:
            hint = "Did you mean: " + ", ".join(close) + "?"
    text = f"Error: {e.path!r:.300}: {e}. {hint}"
    if e.kind in ("protected", "shadows", "not_source"):
        return ToolResult(text, is_error=True, kind=e.kind)
    kind = "not_found" if e.kind == "missing" else "path_refused"
    return ToolResult(text, is_error=True, kind=kind)


def _close_paths(ws: Workspace, path: str) -> list[str]:
    """Up to 3 existing paths close to a missing ``path``: same-folder names first."""
    try:
        files = list(ws.iter_files("."))
    except (PathRefused, OSError):
        return []
    want = path.strip("./")
    parent, _, base = want.rpartition("/")
    same_dir = [f for f in files if f.rpartition("/")[0] == parent]
    same_name = [f for f in files if f.rpartition("/")[2] == base]
    pool = list(dict.fromkeys(same_name + same_dir + files[:2_000]))[:4_000]
    return difflib.get_close_matches(want, pool, n=3, cutoff=0.6)


def load(ws: Workspace, caps: Caps, path: str, *, write: bool) -> tuple[Path, bytes] | ToolResult:
    r"""Resolve and read a file for read_file or edit_file.

    A name the model copied with escaped invisible characters (``\u200b``) is tried unescaped
    when the spelled one does not exist.

    Args:
        ws: the workspace (path policy).
        caps: the caps (``file_bytes`` bounds the size).
        path: the path as the model gave it.
        write: the caller means to change the file (protected files are refused).

    Returns:
        ``(real path, bytes)``, or an error result when the file cannot be used.
    """
    if write and path.endswith("/"):
        return err(f"{path!r} names a folder; give a file path.", "path_refused")
    try:
        real = ws.resolve(path, write=write)
    except PathRefused as e:
        unescaped = _unescape_invisible(path)
        if e.kind != "missing" or unescaped == path:
            return refused(ws, e)
        try:  # a name shown with escaped invisible characters, sent back as shown
            real = ws.resolve(unescaped, write=write)
        except PathRefused as e2:
            return refused(ws, e2)
    if real.is_dir():
        return err(
            f"{path!r} is a folder, not a file. Use list_files(path={path!r}).",
            "path_refused",
        )
    size = real.stat().st_size
    if size > caps.file_bytes:
        return err(
            f"{path!r} is {_fmt(size)} bytes, over the {_fmt(caps.file_bytes)}-byte "
            "limit; use search_code to look inside it.",
            "too_large",
        )
    return real, real.read_bytes()
