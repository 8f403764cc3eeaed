"""The ``search_code`` tool.

A Python regular expression over the workspace's files, line by line, with hits capped and paged
(``skip``). Two engines find the matches: ripgrep (:mod:`fixloop.tools.ripgrep`) when its binary
is there and the pattern means the same to it, else the Python engine (the ``regex`` module, per
file); the rules (which files, caps, paging, escaping, the deadline) are applied here, once.
"""

from __future__ import annotations

import fnmatch
import os
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import regex

from fixloop.quiet import no_warnings
from fixloop.tools import cleanfiles, filekinds, ripgrep
from fixloop.tools.common import err, is_root, refused
from fixloop.tools.listing import listed_files_unchecked
from fixloop.tools.specs import Caps
from fixloop.tools.text import (
    _cut,
    _decode,
    _fmt,
    _lf_view,
    _nbytes,
    escape_name,
    escape_text,
    is_binary,
)
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
        pattern: a regular expression in Python's syntax, matched with MULTILINE by ripgrep
            (no backtracking) or, for patterns it reads differently or rejects, by the
            ``regex`` module (its ``timeout`` bounds backtracking: ``(a|aa)+$``).
        path: a folder or one file, workspace-relative.
        glob: only files whose path or name matches it.
        ignore_case: match case-insensitively.
        skip: hits to skip (paging).

    Returns:
        The hits with a head giving totals; a cut result gives the call that shows the next
        part. Errors: ``invalid_regex`` (does not compile, or repeats a repetition),
        ``invalid_args``, a path refusal, and ``timeout``: the search ran past
        ``caps.search_seconds``; the hits found before are kept and the message says where
        it stopped.
    """
    if pattern == "":
        return err("pattern is empty; give a regular expression.", "invalid_args")
    re_flags = re.MULTILINE | (re.IGNORECASE if ignore_case else 0)
    try:
        rx = regex.compile(pattern, regex.MULTILINE | (regex.IGNORECASE if ignore_case else 0))
    except (regex.error, RecursionError, OverflowError, ValueError) as e:
        return err(
            f"invalid regular expression {pattern!r:.200}: {e}. Escape special characters "
            "(e.g. '\\(' for a parenthesis) or use a simpler pattern.",
            "invalid_regex",
        )
    if _nested_repeat(pattern, re_flags):
        return err(
            f"the pattern {pattern!r:.200} repeats a repetition (like '(a+)+'), which can "
            "take exponential time; use a simpler pattern (e.g. 'a+').",
            "invalid_regex",
        )
    try:
        listed, recheck = listed_files_unchecked(ws, path)
    except PathRefused as e:
        return refused(ws, e)
    file_list = [f for f in listed if not glob or _glob_match(f, glob)]
    deadline = time.monotonic() + caps.search_seconds
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
    stopped_in: str | None = None  # the file being searched when the time ran out
    # ripgrep starts on the list as last seen while the list is checked (folders' stat data)
    rg = _ripgrep_pass(root_s, file_list, caps, rx, ignore_case, deadline, recheck)
    again = recheck()  # (answered once: the pass may have asked already)
    if again is not None:  # the list changed: search the new one
        file_list = [f for f in again if not glob or _glob_match(f, glob)]
        rg = _ripgrep_pass(root_s, file_list, caps, rx, ignore_case, deadline, lambda: None)
    fast = _rg_walk(file_list, rg, caps) if rg is not None else None
    counting = fast is None  # else the counts are known and only files with hits are walked
    walk = file_list
    if fast is not None:
        walk, searched, skipped_binary, skipped_large = fast
    for rel in walk:
        if rg is None or rel in rg[1].redo:
            if time.monotonic() >= deadline:
                stopped_in = rel
                break
            kind, text = _read_text(os.path.join(root_s, rel), caps.search_file_bytes)
            file_hits: Iterable[tuple[int, str, int, int]] = (
                _text_hits(rx, text, deadline) if kind == "text" else ()
            )
        else:
            kind = rg[0][rel]
            file_hits = rg[1].hits.get(rel, ())
        if kind != "text":
            if counting:
                skipped_large += kind == "large"
                skipped_binary += kind == "binary"
            continue
        searched += counting
        hit_here = False
        try:
            for lineno, line, col, width in file_hits:
                if not hit_here:
                    files_hit += 1
                    hit_here = True
                total += 1
                if total > skip and len(hits) < caps.search_hits and used < budget:
                    entry = f"{escape_name(rel)}:{lineno}: " + _hit_text(caps, line, col, width)
                    nb = _nbytes(entry) + 1
                    if used + nb <= budget:
                        hits.append(entry)
                    used += nb
                if total >= caps.search_count_limit:
                    capped_count = True
                    break
        except _OutOfTime:
            stopped_in = rel
            break
        if capped_count:
            break
    rg_late = rg is not None and rg[1].timed_out and stopped_in is None
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
    late = (
        _out_of_time(caps, pattern, stopped_in, file_list.index(stopped_in), len(file_list))
        if stopped_in is not None
        else _rg_out_of_time(caps, pattern, searched, len(rg[1].hits) if rg else 0)
        if rg_late
        else None
    )
    if total == 0:
        if late is not None:
            if rg_late:
                return err(f"{late} No hits in the files it finished{where}.", "timeout")
            return err(f"{late} No hits before that in {_fmt(searched)} file(s){where}.", "timeout")
        return ToolResult(f"No matches for {pattern!r} in {_fmt(searched)} file(s){where}{note}.")
    tot = f"more than {_fmt(total)}" if capped_count or late else _fmt(total)
    head = f"{tot} hit(s) in {_fmt(files_hit)} file(s){where}{note}:"
    out = [head, *hits]
    first = skip + 1
    last = skip + len(hits)
    if skip >= total:
        out.append(f"[skip={skip} is past the last hit found ({_fmt(total)}).]")
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
    if late is not None:
        return ToolResult(
            "Error: "
            + late
            + (
                " The hits of the files it finished are shown.\n"
                if rg_late
                else " The hits found before are shown.\n"
            )
            + "\n".join(out),
            is_error=True,
            kind="timeout",
        )
    return ToolResult("\n".join(out))


def _rg_walk(
    file_list: list[str], rg: tuple[dict[str, str], ripgrep.RgResult], caps: Caps
) -> tuple[list[str], int, int, int] | None:
    """The files with ripgrep's hits in list order, and the counts the full walk would make.

    When ripgrep answered for every file (none to redo with the Python engine) and its hits
    stay under the count limit (so no walk stops early), walking only the files with hits
    gives the same result as walking ``file_list``: the per-file work of ~7,000 files (Django)
    after ripgrep ends, on the search's critical path, becomes a count of the kinds.

    Returns:
        ``(files with hits in file_list order, text files, binary files, large files)``, or
        None: walk ``file_list``.
    """
    kinds, res = rg
    if res.redo or len(kinds) != len(file_list):
        return None
    with_hits = [rel for rel, h in res.hits.items() if h and kinds.get(rel) == "text"]
    if sum(len(res.hits[rel]) for rel in with_hits) >= caps.search_count_limit:
        return None
    if len(with_hits) > 1:
        pos = dict(zip(file_list, range(len(file_list)), strict=True))
        with_hits.sort(key=pos.__getitem__)
    n = Counter(kinds.values())
    return with_hits, n["text"], n["binary"], n["large"]


def _ripgrep_pass(
    root: str,
    files: list[str],
    caps: Caps,
    rx: regex.Pattern[str],
    ignore_case: bool,
    deadline: float,
    recheck: Callable[[], list[str] | None],
) -> tuple[dict[str, str], ripgrep.RgResult] | None:
    """Search with ripgrep when it is there and reads ``rx.pattern`` as Python does.

    Empty files are not given to either engine: their hits are the Python engine's hits in
    ``""`` (one empty line), found once.

    Returns:
        ``(kind of each file, ripgrep's result)``; None when the Python engine searches
        instead: no ``rg``, a pattern ripgrep reads differently or rejects, or more hits than
        ``caps.search_count_limit`` (which hits come first needs the files in order).
    """
    pattern = rx.pattern
    if ripgrep.rg_binary() is None or not ripgrep.accepts(pattern):
        return None
    base = root.rstrip("/") + "/"
    # ripgrep searches the listed files that were text the last time they were seen (a binary
    # or large one among them is searched as text, its hits dropped below) while this thread
    # decides what each file is now (:mod:`fixloop.tools.filekinds`): the two overlap. A file
    # that became text since is searched by the Python engine.
    given, seen, passed = filekinds.rg_inputs(base, files)
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["res"] = ripgrep.search(
                root,
                given,
                pattern,
                ignore_case,
                deadline,
                caps.search_count_limit,
                max_filesize=caps.search_file_bytes,
                known_small=seen,
            )
        except ripgrep.RgRejected as e:
            box["rejected"] = e

    check = cleanfiles.start(root)  # git's lstat of the tracked files, beside ripgrep
    worker = threading.Thread(target=run, name="search_code-ripgrep", daemon=True)
    worker.start()
    if recheck() is not None:  # the list changed: this pass searched the old one
        worker.join()
        if check is not None:
            check.clean()
        return _STALE, ripgrep.RgResult()
    kinds = filekinds.kinds(base, files, caps.search_file_bytes, check)
    worker.join()
    res = box.get("res")
    if res is None:
        return None
    if res.too_many:
        return None
    empty_hits: list[tuple[int, str, int, int]] | None = None
    for rel, kind in kinds.items():
        if kind == "python":
            res.redo.add(rel)
            kinds[rel] = "text"
        elif kind == "empty":
            kinds[rel] = "text"
            if empty_hits is None:
                try:
                    empty_hits = list(_text_hits(rx, "", deadline))
                except _OutOfTime:
                    res.redo.add(rel)  # the main loop stops on the deadline
                    continue
            if empty_hits:
                res.hits[rel] = list(empty_hits)
                res.total += len(empty_hits)
        elif kind == "text" and passed is not None and rel not in passed:
            res.redo.add(rel)
    return kinds, res


#: ``_ripgrep_pass``'s answer when the file list changed under it (search again)
_STALE: dict[str, str] = {}


def _text_hits(
    rx: regex.Pattern[str], text: str, deadline: float
) -> Iterator[tuple[int, str, int, int]]:
    """The Python engine's hits in ``text``: ``(line number, line, column, width)``.

    Raises:
        _OutOfTime: the deadline passed.
    """
    lineno = 1
    counted_to = 0
    for ls, le, s, me in _line_matches(rx, text, deadline):
        lineno += text.count("\n", counted_to, ls)
        counted_to = ls
        yield lineno, text[ls:le], s - ls, me - s


class _OutOfTime(Exception):
    """The search's deadline passed (raised out of :func:`_line_matches`)."""


def _read_text(path: str, max_bytes: int) -> tuple[str, str]:
    """A file's text for searching (LF view: ``$`` sees LF lines, line numbers unchanged).

    Returns:
        ``("text", text)``, or ``("large", "")`` (over ``max_bytes``), ``("binary", "")``,
        ``("unreadable", "")``: files that are not searched.
    """
    try:
        with open(path, "rb") as fh:
            if os.fstat(fh.fileno()).st_size > max_bytes:
                return "large", ""
            data = fh.read()
    except OSError:
        return "unreadable", ""
    if is_binary(data):
        return "binary", ""
    text = _decode(data).text
    return "text", (_lf_view(text)[0] if "\r" in text else text)


def _line_matches(
    rx: regex.Pattern[str], text: str, deadline: float
) -> Iterator[tuple[int, int, int, int]]:
    """The first match on each matching line of ``text``: the Python engine.

    Each search gets the time left before ``deadline`` as the ``regex`` module's ``timeout``
    (that module counts it in CPU time of the process, so on a loaded machine the wall time
    can be longer; the deadline is also checked, on the wall clock, between files and lines).

    Args:
        rx: the compiled pattern (``regex`` module, MULTILINE).
        text: the file's LF-view text.
        deadline: ``time.monotonic()`` value after which the search stops.

    Yields:
        ``(line start, line end, match start, match end)`` offsets into ``text``, in order.

    Raises:
        _OutOfTime: the deadline passed (the lines yielded so far stand).
    """
    tlen = len(text)
    pos = 0  # where the next line starts: earlier matches are on a line already reported
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise _OutOfTime
        # One iterator per run of lines: finditer pays the timeout's set-up once, not per
        # line; a second match on a reported line restarts it at the next line instead of
        # walking every match of a busy line ('.' matches each character).
        restart = False
        try:
            for m in rx.finditer(text, pos, timeout=left):
                s = m.start()
                if s < pos:
                    restart = True
                    break
                if s == tlen and tlen > 0 and text.endswith("\n"):
                    return
                ls = text.rfind("\n", 0, s) + 1
                le = text.find("\n", s)
                if le < 0:
                    le = tlen
                yield ls, le, s, m.end()
                if le >= tlen:
                    return
                pos = le + 1
        except TimeoutError:
            raise _OutOfTime from None
        if not restart:
            return


def _out_of_time(caps: Caps, pattern: str, rel: str, index: int, n_files: int) -> str:
    """The message of a search that ran out of time, naming where it stopped."""
    return (
        f"search_code stopped: its {caps.search_seconds:g} s time limit ran out while "
        f"searching {escape_name(rel)!r} (file {_fmt(index + 1)} of {_fmt(n_files)}), so the "
        f"results are incomplete. The pattern {pattern!r:.200} may backtrack heavily "
        "(overlapping alternatives or repetitions such as '(a|aa)+'): use a simpler pattern, "
        "or narrow the search with path= or glob=."
    )


def _rg_out_of_time(caps: Caps, pattern: str, n_files: int, finished_with_hits: int) -> str:
    """The message of a ripgrep search killed at its deadline.

    Files are searched in parallel, so there is no single file where it stopped.
    """
    return (
        f"search_code stopped: its {caps.search_seconds:g} s time limit ran out before the "
        f"search of {_fmt(n_files)} file(s) finished, so the results are incomplete "
        f"({_fmt(finished_with_hits)} file(s) with hits were finished). Narrow the search "
        f"with path= or glob=, or use a more specific pattern than {pattern!r:.200}."
    )


def _nested_repeat(pattern: str, flags: int) -> bool:
    r"""True when ``pattern`` has the catastrophic-backtracking shape.

    True when ``pattern`` repeats, without bound, something that itself repeats without bound
    (``(a+)+``, ``(\w*)*``): the classic catastrophic-backtracking shape (see OWASP, "Regular
    expression Denial of Service"). Uses the stdlib's regex parser; False if unsure. The
    parser's own warnings (a ``FutureWarning`` "possible nested set" for ``[[:alpha:]]``, set
    operations ``&&``/``--``/``||``/``~~``) are about the stdlib's reading of the pattern, not
    the ``regex`` module's that searches: they are dropped here, never shown to the caller,
    under :func:`fixloop.quiet.no_warnings` (search_code runs in several threads at once with
    ``--attempts N``; a bare ``catch_warnings`` there could leave every warning ignored).
    """
    try:
        from re import _constants as c  # type: ignore[attr-defined]
        from re import _parser as sre  # type: ignore[attr-defined]

        with no_warnings():
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
    """Match ``glob`` (fnmatch) against the path and the file name; ``**/`` also matches no folder."""
    name = rel.rsplit("/", 1)[-1]
    pats = {glob, glob.replace("**/", "")}
    return any(fnmatch.fnmatchcase(rel, p) or fnmatch.fnmatchcase(name, p) for p in pats)
