r"""search_code's fast engine: ripgrep (``rg --json``) finds the matches.

fixloop's own rules stay in :mod:`fixloop.tools.search`. ripgrep is the ``ripgrep`` package's binary (a pinned dependency: its wheel ships ``rg`` into
the environment's scripts folder); without it, search_code uses its Python engine. ripgrep's
regex engine has no backtracking (linear time: ``(a|aa)+$`` cannot run away) and searches the
files in parallel.

How its results are made to mean what the Python engine's mean (Python syntax, MULTILINE, the
first match on each line, the LF view of a file):

- ``--multiline``: ``\s``, ``[^x]`` and ``\n`` may match a newline, as in Python's MULTILINE
  search of the whole text; ``.`` does not (no dotall), ``^``/``$`` are line anchors.
- ``--crlf``: ``$`` matches before ``\r\n`` and ``.`` never matches ``\r`` (the LF view).
- ``--text``: the files are the ones fixloop calls text (a NUL past the first 8,000 bytes
  does not make ripgrep drop them); a UTF-8 BOM is dropped as fixloop's decoding drops it.
- ripgrep reports the lines of adjacent matches together: they are split here, and the first
  match starting on each line is kept.
- A file where a match spans lines, or a hit line holds a lone ``\r`` (an old-Mac line end,
  a line break in Python's view only), is searched again by the Python engine, so line
  numbers and the one-hit-per-line rule are exactly the Python engine's.
- Patterns whose syntax means something else to ripgrep (nested sets ``[[a]b]``, set
  operations ``&&``/``--``/``~~`` in classes, verbose mode) or that it rejects (look-around,
  back-references: this build has no PCRE2) go to the Python engine: :func:`accepts`. So do
  POSIX classes (``[[:alpha:]]``, ``[_[:digit:]]``) anywhere in a set: both engines know them,
  but ripgrep's are ASCII-only and the ``regex`` module's follow Unicode (an accented letter is
  in ``[[:alpha:]]`` to it, not to ripgrep); the Python engine's reading is the one both give.
"""

from __future__ import annotations

import base64
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
from collections.abc import Container
from dataclasses import dataclass, field

# Hits of one file: (line number, line text without its ending, match column in characters,
# match width in characters).
FileHits = list[tuple[int, str, int, int]]


def rg_binary() -> str | None:
    """The ``rg`` executable, or None.

    The one the ``ripgrep`` package installed beside this interpreter's scripts, else one on
    ``PATH``; None when there is none, or when ``FIXLOOP_SEARCH_ENGINE=python`` asks for the
    Python engine.
    """
    if os.environ.get("FIXLOOP_SEARCH_ENGINE", "") == "python":
        return None
    return _find_rg()


@functools.cache
def _find_rg() -> str | None:
    for folder in (sysconfig.get_path("scripts"), os.path.dirname(sys.executable)):
        cand = os.path.join(folder, "rg")
        if os.access(cand, os.X_OK):
            return cand
    return shutil.which("rg")


# A POSIX class inside a set, as both engines spell it: ``[:alpha:]``, ``[:^digit:]``.
_POSIX_CLASS = re.compile(r"\[:\^?[A-Za-z_]+:\]")
_PY_ONLY = ("[[", "&&", "--", "~~", "(?x", "(?a", "(?L", "(?u", "(?V", "(?r", "(?f", "(?b", "(?e")


def accepts(pattern: str) -> bool:
    """False for patterns ripgrep would read differently from Python (see the module text).

    Those are searched by the Python engine. Patterns ripgrep rejects are found when it runs
    (exit status 2 and no summary) and go there too.
    """
    return not any(s in pattern for s in _PY_ONLY) and _POSIX_CLASS.search(pattern) is None


@dataclass
class RgResult:
    """What one ripgrep run found.

    Attributes:
        hits: per workspace-relative path, its hits in line order (files it finished).
        redo: paths the Python engine must search again (a match across lines, a lone CR).
        timed_out: the deadline passed and ripgrep was killed: ``hits`` holds the files it
            had finished; others may be missing.
        total: matches counted (first per line), over all files.
        too_many: ``total`` reached the count limit: the caller searches in file order with
            the Python engine instead (ripgrep's parallel order cannot say which hits come
            first).
    """

    hits: dict[str, FileHits] = field(default_factory=dict)
    redo: set[str] = field(default_factory=set)
    timed_out: bool = False
    total: int = 0
    too_many: bool = False


class RgRejected(Exception):
    """ripgrep did not run the search (it rejected the pattern, or could not start)."""


def _text(obj: dict) -> bytes:
    if "text" in obj:
        return obj["text"].encode("utf-8", "surrogateescape")
    return base64.b64decode(obj["bytes"])


def _nchars(b: bytes) -> int:
    return len(b.decode("utf-8", "surrogateescape"))


def _split_message(data: dict) -> tuple[FileHits, bool]:
    """The hits of one ``match`` message (one hit per line), and whether to redo the file.

    The file needs the Python engine when a match spans lines or a hit line holds a lone CR.
    """
    raw = _text(data["lines"])
    first = data["line_number"]
    out: FileHits = []
    seen_line = -1
    for sub in data["submatches"]:
        s, e = sub["start"], sub["end"]
        if b"\n" in raw[s:e]:
            return [], True
        ls = raw.rfind(b"\n", 0, s) + 1
        if s == len(raw) and raw.endswith(b"\n"):
            continue  # the empty match after the last newline: not a line
        idx = raw.count(b"\n", 0, ls)
        if idx == seen_line:
            continue
        seen_line = idx
        le = raw.find(b"\n", s)
        le = len(raw) if le < 0 else le
        line = raw[ls:le]
        if line.endswith(b"\r"):
            line = line[:-1]
        if b"\r" in line:
            return [], True
        col = _nchars(line[: s - ls])
        width = _nchars(raw[s:e])
        out.append((first + idx, line.decode("utf-8", "surrogateescape"), col, width))
    return out, False


def search(
    root: str,
    files: list[str],
    pattern: str,
    ignore_case: bool,
    deadline: float,
    count_limit: int,
    max_filesize: int | None = None,
    known_small: Container[str] = (),
) -> RgResult:
    """Run ripgrep over ``files`` (workspace-relative, already filtered by fixloop's rules).

    Args:
        root: the workspace root (ripgrep's working folder).
        files: the text files to search.
        pattern: the pattern (Python syntax; :func:`accepts` said yes).
        ignore_case: ``-i``.
        deadline: ``time.monotonic()`` value: ripgrep is killed there (wall clock), the files
            it finished are kept.
        count_limit: stop (``too_many``) once this many hits are counted.
        max_filesize: files larger than this many bytes are not searched. ripgrep's own
            ``--max-filesize`` does not apply to paths named on its command line, so they are
            left out here (a 60 MB one-line-repeated file made a search of ``xxxx`` spend its
            whole 10 s deadline parsing ripgrep's JSON of that file, whose hits were dropped).
        known_small: files the caller saw within ``max_filesize`` at its last look (not
            ``stat``-ed again here: on Django's 4,900 text files those stats were 18 ms of a
            no-match search's ~65). A file that grew past the cap since is searched in full
            (the caller drops its hits; the deadline bounds it).

    Returns:
        An :class:`RgResult`.

    Raises:
        RgRejected: ripgrep rejected the pattern or did not run (the caller uses the Python
            engine).
    """
    rg = rg_binary()
    if rg is None:
        raise RgRejected("no rg executable")
    res = RgResult()
    base = [rg, "--json", "--no-config", "--no-ignore", "--text", "--crlf", "--multiline"]
    if ignore_case:
        base.append("--ignore-case")
    if max_filesize is not None:
        base += ["--max-filesize", str(max_filesize)]
        files = [f for f in files if f in known_small or _size(root, f) <= max_filesize]
    base += ["--max-count", str(count_limit), "-e", pattern, "--"]
    for chunk in _chunks(files, _argv_budget()):
        _run_one(base + chunk, root, deadline, count_limit, res)
        if res.timed_out or res.too_many:
            break
    return res


def _size(root: str, rel: str) -> int:
    """The size in bytes of ``root/rel`` (0 when it cannot be read: ripgrep says why)."""
    try:
        return os.stat(os.path.join(root, rel)).st_size
    except OSError:
        return 0


def _argv_budget() -> int:
    """Bytes of file arguments one ripgrep command line may carry (at least 200,000).

    The kernel caps a new program's arguments and environment together (``ARG_MAX``: a
    quarter of the stack limit, 2 MiB by default); half of it, less this environment, is
    left for the files. One command line is one ripgrep run: Django's 5,500 text files
    (~280 kB of paths) took two runs, one after the other, under the former fixed 200,000.
    """
    try:
        arg_max = os.sysconf("SC_ARG_MAX")
    except (OSError, ValueError):
        arg_max = 0
    env = sum(len(k) + len(v) + 2 + 8 for k, v in os.environ.items())
    return max(200_000, min(arg_max, 8 << 20) // 2 - env - 65_536)


def _chunks(files: list[str], max_bytes: int) -> list[list[str]]:
    """``files`` cut into argument lists of at most ``max_bytes`` (the kernel caps argv).

    Each file counts its UTF-8 bytes, its NUL and its 8-byte pointer in the argument array.
    """
    joined = "\0".join(files).encode("utf-8", "surrogateescape")
    if len(joined) + 9 * len(files) + 1 <= max_bytes:
        return [files] if files else []
    out: list[list[str]] = []
    cur: list[str] = []
    size = 0
    for f in files:
        n = len(f.encode("utf-8", "surrogateescape")) + 9
        if cur and size + n > max_bytes:
            out.append(cur)
            cur, size = [], 0
        cur.append(f)
        size += n
    if cur:
        out.append(cur)
    return out


def _run_one(argv: list[str], root: str, deadline: float, limit: int, res: RgResult) -> None:
    try:
        proc = subprocess.Popen(
            argv,
            cwd=root,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as e:
        raise RgRejected(str(e)) from e
    err_box: list[bytes] = []
    t = threading.Thread(target=lambda: err_box.append(proc.stderr.read()), daemon=True)  # type: ignore[union-attr]
    t.start()
    killer = threading.Timer(max(deadline - time.monotonic(), 0.0), _kill, (proc,))
    killer.daemon = True
    killer.start()
    pending: dict[str, FileHits] = {}  # files begun, not yet ended
    summary = False
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            msg = json.loads(line)
            kind = msg.get("type")
            if kind == "match":
                d = msg["data"]
                path = _text(d["path"]).decode("utf-8", "surrogateescape")
                if path in res.redo:
                    continue
                hits, redo = _split_message(d)
                if redo:
                    res.redo.add(path)
                    pending.pop(path, None)
                    continue
                pending.setdefault(path, []).extend(hits)
                res.total += len(hits)
                if res.total >= limit:
                    res.too_many = True
                    _kill(proc)
                    break
            elif kind == "end":
                path = _text(msg["data"]["path"]).decode("utf-8", "surrogateescape")
                if path in pending:
                    res.hits[path] = pending.pop(path)
            elif kind == "summary":
                summary = True
    finally:
        killer.cancel()
        proc.stdout.close()  # type: ignore[union-attr]
        proc.wait()
        t.join(5)
        if not t.is_alive():  # (a reader still blocked keeps its pipe: never closed under it)
            proc.stderr.close()  # type: ignore[union-attr]
    if res.too_many:
        return
    if time.monotonic() >= deadline and not summary:
        res.timed_out = True
        return
    if not summary:
        stderr = b"".join(err_box).decode("utf-8", "replace").strip()
        raise RgRejected(stderr or f"rg exited with status {proc.returncode}")


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, 9)
    except OSError:
        pass
