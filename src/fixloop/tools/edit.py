"""The writing tools: ``edit_file`` and ``create_file``, byte-faithful.

An edit replaces the one exact occurrence of ``old`` and keeps every byte outside the edited
region: line endings (CRLF, LF, lone CR, mixed; matching is done on an LF view and mapped
back), a UTF-8 BOM, tabs, bytes that are not UTF-8 (kept as ``surrogateescape``). Files are
written atomically (temp file in the same folder, ``os.replace``) with their mode kept. A
change that makes a parsing Python file unparsable is refused.
"""

from __future__ import annotations

import ast
import difflib
import os
import re
import stat
import sys
import tempfile
from pathlib import Path

from fixloop.quiet import no_warnings
from fixloop.testinfra import doctest_examples_removed
from fixloop.tools.common import PY_SUFFIXES, err, load, refused
from fixloop.tools.specs import Caps
from fixloop.tools.text import (
    _cut,
    _decode,
    _encode,
    _endings,
    _fmt,
    _lf_view,
    _raw_pos,
    _split_lines,
    _unescape_invisible,
    _visible_ws,
    is_binary,
    long_line,
    numbered,
)
from fixloop.types import ToolResult
from fixloop.workspace import PathRefused, Workspace

_COMPILED_SUFFIXES = frozenset({".pyc", ".pyo", ".so", ".pyd", ".dll", ".dylib"})


def edit_file(ws: Workspace, caps: Caps, path: str, old: str, new: str) -> ToolResult:
    """``edit_file``: replace the one exact occurrence of ``old`` with ``new``.

    ``old`` is matched on the LF view of the file (CRLF and lone CR folded), and the new text
    is written with the line ending of the region it replaces. When ``old`` does not match
    as sent, escapes of invisible characters in it (as read_file shows them) are undone and
    tried again.

    Args:
        ws: the workspace (protected files are refused).
        caps: ``file_bytes`` bounds the file, ``line_bytes`` the context lines shown.
        path: the file, workspace-relative.
        old: the exact text to replace (non-empty).
        new: the replacement.

    Returns:
        ``kind="ok"`` with ``changed_path`` and the changed lines in context; or an error
        (``no_match`` with the nearest candidates and whitespace shown, ``multiple_matches``
        with line numbers, ``syntax_error``, ``encoding``, ``binary``, a path refusal).
    """
    loaded = load(ws, caps, path, write=True)
    if isinstance(loaded, ToolResult):
        return loaded
    real, data = loaded
    if is_binary(data):
        return err(
            f"{path} is a binary file ({_fmt(len(data))} bytes); edit_file changes text "
            "files only.",
            "binary",
        )
    if old == "":
        return err(
            "old is empty; give the exact text to replace (to add code, include a line "
            "next to where it goes), or create_file for a new file.",
            "invalid_args",
        )
    if old == new:
        return err("old and new are the same; nothing would change.", "invalid_args")
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
        return _miss(path, norm, old_n)
    if len(starts) > 1:
        nums = [norm.count("\n", 0, s) + 1 for s in starts]
        shown = ", ".join(str(x) for x in nums[:30]) + (" …" if len(nums) > 30 else "")
        return err(
            f"old matches {len(starts)} times in {path} (at lines {shown}); it must match "
            "exactly once. Include more surrounding lines in old (and new) to make it unique.",
            "multiple_matches",
        )
    if (
        not t.utf8
        and not new_n.isascii()
        and any(not (0xDC80 <= ord(c) <= 0xDCFF) for c in new_n if ord(c) > 127)
    ):
        return err(
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
    if real.suffix in PY_SUFFIXES:
        problem = _syntax_problem(out, path)
        if problem is not None and _syntax_problem(data, path) is None:
            return err(
                f"the edit would leave {path} with a syntax error at {problem}\n"
                f"(checked with Python {sys.version_info[0]}.{sys.version_info[1]}). "
                "The file was not changed; fix new and try again.",
                "syntax_error",
            )
    rel = ws.relpath(real)
    if ws.policy.doctest_module(rel):
        gone = doctest_examples_removed(data, out)
        if gone:
            name, source, want = gone[0]
            return err(
                f"rule 'tests are read-only': {rel} has doctests that pytest collects, and this "
                f"edit changes or removes the example `>>> {source.strip()[:120]}` "
                f"(expected {want.strip()[:120]!r}) in {name}. Doctest examples and their "
                "expected output are tests: change the code so that they pass; other code in "
                "the file may change.",
                "protected",
            )
    _atomic_write(real, out, os.stat(real).st_mode)
    ws.note_written(rel, out)  # the commit is built from these bytes
    first = norm.count("\n", 0, ns) + 1
    new_lines = _split_lines(new_text)
    n_new = new_n.count("\n") + (0 if new_n.endswith("\n") or not new_n else 1)
    lo = max(first - 2, 1)
    hi = min(first + max(n_new, 1) + 1, len(new_lines))
    ctx = [
        numbered(i, long_line(new_lines[i - 1], i, path, caps.line_bytes))
        for i in range(lo, hi + 1)
    ]
    old_last = first + old_n.rstrip("\n").count("\n")
    span = f"line {first}" if old_last == first else f"lines {first}-{old_last}"
    head = (
        f"Edited {path}: replaced {span} ({_fmt(len(data))} -> {_fmt(len(out))} bytes). "
        f"Lines {lo}-{hi} now:"
    )
    return ToolResult("\n".join([head, *ctx]), kind="ok", changed_path=rel)


def _miss(path: str, norm: str, old_n: str) -> ToolResult:
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
        elif any(w.startswith("\t") for w in want) and not any(c.startswith("\t") for c in cand):
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


def create_file(ws: Workspace, caps: Caps, path: str, content: str) -> ToolResult:
    """``create_file``: a new file with ``content`` (UTF-8), refused when it exists.

    Args:
        ws: the workspace (protected and auto-loaded paths are refused).
        caps: ``file_bytes`` bounds the content.
        path: the new file, workspace-relative; missing folders are made.
        content: the whole text.

    Returns:
        ``kind="ok"`` with ``changed_path``; or an error (``exists``, ``syntax_error``,
        ``too_large``, a path refusal; compiled modules cannot be created).
    """
    if path.endswith("/"):
        return err(f"{path!r} names a folder; give a file path.", "path_refused")
    try:
        real = ws.resolve(path, write=True, must_exist=False)
    except PathRefused as e:
        return refused(ws, e)
    if real.suffix.casefold() in _COMPILED_SUFFIXES:
        return err(
            f"{path!r}: compiled or binary modules ({real.suffix}) cannot be created; "
            "write Python source instead.",
            "path_refused",
        )
    if os.path.lexists(real):
        what = "folder" if real.is_dir() else "file"
        return err(f"{path!r} already exists (a {what}); use edit_file to change a file.", "exists")
    data = content.encode("utf-8")
    if len(data) > caps.file_bytes:
        return err(
            f"content is {_fmt(len(data))} bytes, over the {_fmt(caps.file_bytes)}-byte limit.",
            "too_large",
        )
    if real.suffix in PY_SUFFIXES:
        problem = _syntax_problem(data, path)
        if problem is not None:
            return err(
                f"the content of {path} has a syntax error at {problem}\n"
                f"(checked with Python {sys.version_info[0]}.{sys.version_info[1]}). "
                "Nothing was created; fix the content and try again.",
                "syntax_error",
            )
    parent = real.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        return err(f"cannot create {path!r}: a parent of it is a file.", "path_refused")
    # re-check after creating folders: nothing on the way may lead outside
    try:
        real = ws.resolve(path, write=True, must_exist=False)
    except PathRefused as e:
        return refused(ws, e)
    _atomic_write(real, data, 0o644)
    rel = ws.relpath(real)
    ws.note_written(rel, data)  # the commit is built from these bytes
    n = len(_split_lines(content))
    return ToolResult(
        f"Created {path} ({_fmt(n)} lines, {_fmt(len(data))} bytes).",
        kind="ok",
        changed_path=rel,
    )


def _syntax_problem(data: bytes, name: str) -> str | None:
    """None when ``data`` parses as Python source, else "line N: message"."""
    try:
        with no_warnings():
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
    """Write ``data`` to ``path`` through a temp file in the same folder and ``os.replace``.

    The new file's modification time is at least one whole second after the old one's: test
    runs write bytecode caches (the sandbox no longer sets PYTHONDONTWRITEBYTECODE), and
    CPython reuses a cached ``.pyc`` when the source's size and whole-second mtime match it, so
    a same-size edit within the second of the last one would otherwise run the old code.
    """
    try:
        before = os.stat(path).st_mtime_ns
    except OSError:
        before = None
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".fixloop")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, stat.S_IMODE(mode))
        if before is not None:
            now = os.stat(tmp).st_mtime_ns
            if now // 10**9 <= before // 10**9:
                later = (before // 10**9 + 1) * 10**9
                os.utime(tmp, ns=(later, later))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


_WORD = re.compile(r"\w+")


def _candidate_pool(key: str, stripped: list[str], limit: int = 3_000) -> list[str]:
    """The distinct lines worth comparing with ``key`` in difflib.

    All of them in a small file; in a large one, the ``limit`` lines sharing the most words with
    ``key`` (difflib on every line of a 50,000-line file takes seconds).
    """
    distinct = list(dict.fromkeys(s for s in stripped if s))
    if len(distinct) <= limit:
        return distinct
    words = set(_WORD.findall(key))
    if not words:
        return distinct[:limit]
    scored = [(len(words.intersection(_WORD.findall(s))), i) for i, s in enumerate(distinct)]
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [distinct[i] for score, i in scored[:limit] if score > 0]


def _find_all(hay: str, needle: str) -> list[int]:
    """Start positions of every (overlapping) occurrence, at most 1,000."""
    out: list[int] = []
    i = hay.find(needle)
    while i >= 0 and len(out) < 1000:
        out.append(i)
        i = hay.find(needle, i + 1)
    return out


def _eol_for(text: str, region: str, rs: int) -> str:
    """The line ending to write inside an edited region.

    The region's own style; for a region without newlines, the ending of the line it is on; else the
    file's dominant style.
    """
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
