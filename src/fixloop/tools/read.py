"""The reading tools: ``list_files`` and ``read_file``."""

from __future__ import annotations

from collections import Counter

from fixloop.tools.common import err, is_root, load, refused
from fixloop.tools.specs import Caps
from fixloop.tools.text import (
    _cut,
    _decode,
    _endings,
    _fmt,
    _nbytes,
    _split_lines,
    escape_name,
    is_binary,
    long_line,
    numbered,
)
from fixloop.types import ToolResult
from fixloop.workspace import PathRefused, Workspace, is_protected


def list_files(ws: Workspace, caps: Caps, path: str) -> ToolResult:
    """``list_files``: the files under ``path``, blocked and git-ignored ones left out.

    Args:
        ws: the workspace.
        caps: ``list_entries`` paths at most, ``result_bytes`` in all.
        path: a folder (or one file), workspace-relative.

    Returns:
        The paths, one a line, ``[read-only]`` after test infrastructure; a cut listing says
        so and counts the files of the biggest folders.
    """
    try:
        files = list(ws.iter_files(path or "."))
    except PathRefused as e:
        return refused(ws, e)
    total = len(files)
    where = "the repository" if is_root(path) else repr(path)
    if total == 0:
        return ToolResult(f"No files under {where} (blocked and ignored paths are left out).")
    head = f"{_fmt(total)} files under {where} ([read-only] = test infrastructure):"
    budget = caps.result_bytes - _nbytes(head) - 600
    shown: list[str] = []
    used = 0
    for f in files[: caps.list_entries]:
        line = escape_name(f) + (" [read-only]" if is_protected(f) else "")
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
        base = "" if is_root(path) else ws.relpath(ws.resolve(path)) + "/"
        counts: Counter[str] = Counter()
        for f in files:
            rest = f[len(base) :] if f.startswith(base) else f
            if "/" in rest:
                counts[base + rest.split("/", 1)[0] + "/"] += 1
        if counts:
            summary = ", ".join(f"{escape_name(d)} ({_fmt(c)})" for d, c in counts.most_common(12))
            out.append(_cut(f"Folders: {summary}", 500))
    return ToolResult("\n".join(out))


# ------------------------------------------------------------------ read_file


def read_file(
    ws: Workspace, caps: Caps, path: str, start: int, end: int | None = None
) -> ToolResult:
    """``read_file``: numbered lines ``start``..``end`` of a text file.

    Args:
        ws: the workspace.
        caps: ``read_lines`` lines, ``line_bytes`` per line, ``result_bytes`` in all.
        path: the file, workspace-relative.
        start: first line, 1-based.
        end: last line, inclusive (default ``start + read_lines - 1``).

    Returns:
        A head (lines, bytes, endings, BOM, encoding, read-only) and ``"   12|text"`` lines;
        a cut result gives the call that shows the next part. A binary file gives
        ``kind="binary"``.
    """
    loaded = load(ws, caps, path, write=False)
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
        return err(
            f"start={start} is past the end of {path} ({_fmt(n)} lines). "
            f"Use read_file(path={path!r}, start=1).",
            "out_of_range",
        )
    want_end = start + caps.read_lines - 1 if end is None else end
    if want_end < start:
        return err(f"end={end} is before start={start}.", "invalid_args")
    last = min(want_end, n, start + caps.read_lines - 1)
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
    if is_protected(ws.relpath(real)) or is_protected(path):
        notes.append("read-only test infrastructure")
    head = f"{path}: {_fmt(n)} lines, {_fmt(size)} bytes" + (
        f" ({'; '.join(notes)})" if notes else ""
    )
    budget = caps.result_bytes - _nbytes(head) - 400
    out = [head]
    used = 0
    shown_last = start - 1
    for i in range(start, last + 1):
        line = numbered(i, long_line(lines[i - 1], i, path, caps.line_bytes))
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
            why.append(f"result cut at {_fmt(caps.result_bytes)} bytes")
        elif end is not None and want_end > last:
            why.append(f"at most {caps.read_lines} lines per call")
        reason = f" ({'; '.join(why)})" if why else ""
        out.append(
            f"[showing lines {start}-{shown_last} of {_fmt(n)}{reason}. Next: "
            f"read_file(path={path!r}, start={shown_last + 1})]"
        )
    return ToolResult("\n".join(out))
