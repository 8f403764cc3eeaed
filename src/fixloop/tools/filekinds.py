"""What each file is for ``search_code`` (text, binary, too large, empty, a lone CR), remembered.

:func:`file_kind` reads a file once per version of it (path, inode, size, mtime, ctime) and
remembers the answer. :func:`kinds` classifies a whole file list: a tracked file that
``git diff-files`` found unchanged (:mod:`fixloop.tools.cleanfiles`) takes the kind remembered
for its path and index blob with no ``stat``; the others are ``stat``-ed. :func:`rg_inputs` says
which files ripgrep is given (those that were text when last seen).

Between two searches of an unchanged tree the answers are the same, so both are kept per
workspace folder (issue 18: on Django's sdist, 6,912 files, the per-file dictionary work of
:func:`kinds` was 10-15 ms of CPU per search and building ripgrep's list 2-3 ms, under load):

- :func:`kinds` keeps the kinds it took from blobs, keyed by the index's blob table (the same
  object while git's index file is unchanged) and the file list; the next search copies them
  and classifies again only the files ``diff-files`` names now and the ones it had to
  ``stat`` (untracked, links, files changed too recently to be remembered).
- :func:`rg_inputs` keeps its lists while the file list and every remembered last kind are
  unchanged (a counter of changes to those).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from fixloop.tools import cleanfiles
from fixloop.tools.text import is_binary

__all__ = ["file_kind", "kinds", "rg_inputs"]

# (path, blob id, size cap) -> kind, for tracked files git reports unchanged
_BLOB_KINDS: dict[tuple[str, str, int], str] = {}
# (path, inode, size, mtime, ctime) -> kind: a file is read once per version of it
_KINDS: dict[tuple[str, int, int, int, int], str] = {}
# path -> its kind when last seen ("python" and "empty" count as text): which files ripgrep
# is given
_LAST_KIND: dict[str, str] = {}
# changes made to _LAST_KIND (rg_inputs' lists are kept while it stays the same)
_LAST_GEN = [0]


def _note(path: str, kind: str) -> None:
    """Remember ``kind`` as ``path``'s last seen kind (counting a change)."""
    last = "text" if kind in ("python", "empty") else kind
    if _LAST_KIND.get(path) != last:
        _LAST_KIND[path] = last
        _LAST_GEN[0] += 1


def file_kind(path: str, max_bytes: int) -> str:
    """What ``search_code``'s reading of a file would make of it, remembered per version.

    Args:
        path: an absolute path.
        max_bytes: the size cap in bytes (``Caps.search_file_bytes``).

    Returns:
        ``"large"`` (over ``max_bytes``), ``"binary"`` (:func:`~fixloop.tools.text.is_binary`),
        ``"unreadable"``, ``"empty"`` (no bytes: the Python engine counts its one empty line),
        ``"python"``: text that only the Python engine reads as fixloop does (a lone CR: a line
        break in the LF view, not to ripgrep), or ``"text"``.
    """
    try:
        st = os.stat(path)
    except OSError:
        return "unreadable"
    if st.st_size > max_bytes:
        _note(path, "large")
        return "large"
    key = (path, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    kind = _KINDS.get(key)
    if kind is None:
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError:
            return "unreadable"
        if is_binary(data):
            kind = "binary"
        elif not data:
            kind = "empty"
        elif data.count(b"\r") != data.count(b"\r\n"):
            kind = "python"
        else:
            kind = "text"
        if len(_KINDS) > 500_000:
            _KINDS.clear()
            _LAST_KIND.clear()
            _LAST_GEN[0] += 1
        _KINDS[key] = kind
    _note(path, kind)
    return kind


@dataclass
class _KindsMemo:
    """One folder's last :func:`kinds` answer that depends on the index only.

    Attributes:
        blobs: the index's blob table it was made with (:meth:`CleanCheck.result`).
        files: the file list it was made for.
        stable: kinds taken from (or stored under) a blob: true while the index is the same
            and the file is not named by ``diff-files``.
        volatile: the files classified by ``stat`` (not clean, or too recent to remember).
    """

    blobs: dict[str, str]
    files: list[str]
    stable: dict[str, str]
    volatile: list[str]


# (base folder, size cap) -> its last answer
_MEMO: dict[tuple[str, int], _KindsMemo] = {}


def kinds(
    base: str, files: list[str], max_bytes: int, check: cleanfiles.CleanCheck | None
) -> dict[str, str]:
    """:func:`file_kind` of each of ``files`` (paths under ``base``, which ends in ``/``).

    A tracked file git found unchanged (``check``, :mod:`fixloop.tools.cleanfiles`) whose blob
    was seen before takes that kind with no ``stat``; the rest are ``stat``-ed. A kind is
    remembered under the blob only when the file was last changed more than 2 s before git's
    check began (git's own racily-clean rule covers changes within its index's second).

    Args:
        base: the workspace folder, ending in ``/``.
        files: workspace-relative paths.
        max_bytes: the size cap in bytes.
        check: the search's running ``git diff-files`` (None: every file is ``stat``-ed).

    Returns:
        ``{path: kind}`` for every path of ``files`` (in no particular order).
    """
    got = check.result() if check is not None else None
    if got is None or not got[0]:
        return {rel: file_kind(base + rel, max_bytes) for rel in files}
    blobs, dirty = got
    memo = _MEMO.get((base, max_bytes))
    if memo is not None and memo.blobs is blobs and memo.files == files:
        out = dict(memo.stable)
        redo = [rel for rel in dirty if rel in out]
        for rel in redo:
            del memo.stable[rel]  # named by diff-files: stat-ed from now on
        todo = memo.volatile + redo
        memo.volatile = []
    else:
        out = {}
        todo = files
        memo = _MEMO[(base, max_bytes)] = _KindsMemo(blobs, list(files), {}, [])
        if len(_MEMO) > 64:
            _MEMO.clear()
            _MEMO[(base, max_bytes)] = memo
    assert check is not None
    for rel in todo:
        blob = blobs.get(rel) if rel not in dirty else None
        if blob is None:
            out[rel] = file_kind(base + rel, max_bytes)
            memo.volatile.append(rel)
            continue
        key = (rel, blob, max_bytes)
        kind = _BLOB_KINDS.get(key)
        if kind is None:
            kind = file_kind(base + rel, max_bytes)
            try:
                older = os.stat(base + rel).st_mtime_ns < check.started_ns - 2_000_000_000
            except OSError:
                older = False
            if older:
                if len(_BLOB_KINDS) > 500_000:
                    _BLOB_KINDS.clear()
                _BLOB_KINDS[key] = kind
                memo.stable[rel] = kind
            else:
                memo.volatile.append(rel)
        else:
            _note(base + rel, kind)
            memo.stable[rel] = kind
        out[rel] = kind
    return out


@dataclass
class _RgMemo:
    files: list[str]
    gen: int
    given: list[str]
    seen: set[str]
    passed: set[str] | None


_RG_MEMO: dict[str, _RgMemo] = {}


def rg_inputs(base: str, files: list[str]) -> tuple[list[str], set[str], set[str] | None]:
    """Which of ``files`` ripgrep searches: those that were text when last seen.

    Args:
        base: the workspace folder, ending in ``/``.
        files: workspace-relative paths.

    Returns:
        ``(given, seen, passed)``: the files to give ripgrep (never seen, or text when last
        seen), those of them seen before (so within the size cap then), and ``set(given)``,
        or None when ``given`` is all of ``files``. The caller must not change them.
    """
    memo = _RG_MEMO.get(base)
    if memo is not None and memo.gen == _LAST_GEN[0] and memo.files == files:
        return memo.given, memo.seen, memo.passed
    gen = _LAST_GEN[0]
    given = [rel for rel in files if _LAST_KIND.get(base + rel, "text") == "text"]
    seen = {rel for rel in given if base + rel in _LAST_KIND}
    passed = set(given) if len(given) != len(files) else None
    if len(_RG_MEMO) > 64:
        _RG_MEMO.clear()
    _RG_MEMO[base] = _RgMemo(list(files), gen, given, seen, passed)
    return given, seen, passed
