"""The ``repo_map`` tool: the outline of a folder or Python file, on demand.

The outline is the repo map's (:mod:`.repomap`, :mod:`.mapscan`): classes, functions and
methods with their signatures and line numbers, cached by content hash. A folder's files come in
path order (stable for paging: a cut result names the files left and the call that shows them).
"""

from __future__ import annotations

from fixloop.tools.common import err, is_root, refused
from fixloop.tools.repomap import MAP_SUFFIXES, RepoMap
from fixloop.tools.specs import Caps
from fixloop.types import ToolResult
from fixloop.workspace import PathRefused


def repo_map(rmap: RepoMap, caps: Caps, path: str = ".") -> ToolResult:
    """``repo_map``: the outline of ``path`` (a folder, or one Python file).

    Args:
        rmap: the run's :class:`~fixloop.tools.repomap.RepoMap` (its workspace and cache).
        caps: ``result_bytes`` bounds the text (files past it are named, not shown).
        path: workspace-relative folder or file; ``.`` for the whole repository.

    Returns:
        ``kind="ok"`` with ``path:`` blocks of ``line|signature`` lines; or an error: a path
        refusal, ``not_python`` (a file that is not Python source: read_file shows it), or
        ``no_match`` for a folder with no Python files.
    """
    ws = rmap.ws
    rel = "." if is_root(path) else path
    try:
        real = ws.resolve(rel)
    except PathRefused as e:
        return refused(ws, e)
    if real.is_file() and not real.name.endswith(MAP_SUFFIXES):
        return err(
            f"{path!r} is not a Python source file (.py/.pyi); repo_map outlines Python code "
            "only. Use read_file to read it.",
            "not_python",
        )
    room = caps.result_bytes - 400  # the header and the paging note
    try:
        text, shown, total = rmap.outline_of(rel, room)
    except PathRefused as e:
        return refused(ws, e)
    if total == 0:
        return err(
            f"no Python files under {path!r} (blocked and git-ignored files are left out); "
            "list_files shows what is there.",
            "no_match",
        )
    where = "the repository" if rel == "." else repr(rel)
    head = f"Outline of {where}: {total} Python file{'s' if total != 1 else ''}"
    if shown < total:
        head += f", the first {shown} shown (path order)"
        note = (
            f"\n[{total - shown} more files not shown: call repo_map with one of their folders "
            "or files]"
        )
    else:
        note = ""
    return ToolResult(f"{head}:\n{text}{note}", kind="ok")
