"""The ``search_code`` tool: a Python regular expression over the workspace's files, line by
line, with hits capped and paged (``skip``)."""

from __future__ import annotations

import fnmatch
import os
import re
from typing import Any

from fixloop.tools.common import err, is_root, refused
from fixloop.tools.specs import Caps
from fixloop.tools.text import _cut, _decode, _fmt, _lf_view, _nbytes, escape_text, is_binary
from fixloop.types import ToolResult
from fixloop.workspace import PathRefused, Workspace


def _hit_text(caps: Caps, line: str, col: int, width: int) -> str:
    """The text of a hit, windowed around column ``col`` when the line is too long."""
    if len(line) <= caps.line_bytes:
        esc = escape_text(line)
        if _nbytes(esc) <= caps.line_bytes:
            return esc
    half = max(caps.line_bytes // 2 - 60, 40)
    a = max(col - half, 0)
    window = escape_text(line[a : col + max(width, 1) + half])
    window = _cut(window, caps.line_bytes - 120)
    return (
        ("…" if a > 0 else "")
        + window
        + f"… [column {_fmt(col + 1)} of a {_fmt(_nbytes(line))}-byte line]"
    )


def search_code(
    ws: Workspace,
    caps: Caps,
    pattern: str,
    path: str,
    glob: str | None = None,
    ignore_case: bool = False,
    skip: int = 0,
) -> ToolResult:
    """``search_code``: ``path:line: text`` hits of ``pattern`` in the files under ``path``.

    Args:
        ws: the workspace (blocked and git-ignored files are not searched).
        caps: ``search_hits`` hits per call, ``line_bytes`` per hit (long lines are shown
            around the match), ``search_file_bytes`` per file, ``search_count_limit`` hits
            counted.
        pattern: a Python regular expression, matched with ``re.MULTILINE``.
        path: a folder or one file, workspace-relative.
        glob: only files whose path or name matches it.
        ignore_case: match case-insensitively.
        skip: hits to skip (paging).

    Returns:
        The hits with a head giving totals; a cut result gives the call that shows the next
        part. Errors: ``invalid_regex`` (does not compile, or repeats a repetition),
        ``invalid_args``, a path refusal.
    """
    if pattern == "":
        return err("pattern is empty; give a regular expression.", "invalid_args")
    flags = re.MULTILINE | (re.IGNORECASE if ignore_case else 0)
    try:
        rx = re.compile(pattern, flags)
    except (re.error, RecursionError, OverflowError) as e:
        return err(
            f"invalid regular expression {pattern!r:.200}: {e}. Escape special characters "
            "(e.g. '\\(' for a parenthesis) or use a simpler pattern.",
            "invalid_regex",
        )
    if _nested_repeat(pattern, flags):
        return err(
            f"the pattern {pattern!r:.200} repeats a repetition (like '(a+)+'), which can "
            "take exponential time; use a simpler pattern (e.g. 'a+').",
            "invalid_regex",
        )
    try:
        files = ws.iter_files(path or ".")
        file_list = list(files)
    except PathRefused as e:
        return refused(ws, e)
    root_s = str(ws.root)
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
                entry = f"{escape_text(rel)}:{lineno}: " + _hit_text(
                    caps, line, s - ls, m.end() - s
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
    where = "" if is_root(path) else f" under {path!r}"
    if glob:
        where += f" matching {glob!r}"
    note = f" ({'; '.join(notes)})" if notes else ""
    if total == 0:
        return ToolResult(f"No matches for {pattern!r} in {_fmt(searched)} file(s){where}{note}.")
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
        if not is_root(path):
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


def _glob_match(rel: str, glob: str) -> bool:
    """fnmatch ``glob`` against the path and the file name; ``**/`` also matches no folder."""
    name = rel.rsplit("/", 1)[-1]
    pats = {glob, glob.replace("**/", "")}
    return any(fnmatch.fnmatchcase(rel, p) or fnmatch.fnmatchcase(name, p) for p in pats)
