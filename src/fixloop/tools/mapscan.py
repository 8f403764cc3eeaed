"""The repo map's view of one file: its names (for the graph), its outline, and their cache.

Two passes with two costs, measured on Django 5.1's sdist (2,788 Python files, 17 MB, this
2-core machine under load; ``benchmarks/repo_map.py``):

- the **name scan** (:func:`scan`) runs on every Python file: the definitions
  (``def``/``class`` at the start of a line, with their indentation) and the set of identifiers
  the file mentions, both by regular expression on the bytes. 0.2 s for all of Django. It feeds
  the reference graph only, where a name in a comment or a string is a little noise, never an
  error.
- the **outline** (:func:`outline`) runs only on the files shown (the first message's map, a
  ``repo_map`` call): classes, functions and methods with their signatures, read from the
  standard library's :mod:`ast`. Parsing every file with a parser costs 2.5 s with ``ast`` and
  1.5 s with tree-sitter (tree-sitter-python 0.25) on the same files, over the 2 s cold budget
  either way, so no parser runs on the whole project; on the few files shown ``ast``'s speed
  does not matter. Tree-sitter's advantage is robustness: it still gives a tree for a file that
  does not parse, where ``ast`` gives nothing. A file with a syntax error gets its outline from
  the name scan instead (each ``def``/``class`` line as written, up to its colon), marked as
  such, so the map never loses a file; that keeps fixloop free of a native dependency for this.

Both results are cached across runs by the file's content hash (BLAKE2b, 16 bytes) in one
SQLite file (``$FIXLOOP_HOME/cache/repomap.sqlite3``, :class:`MapCache`): a worktree is checked
out fresh for each run, so paths and modification times change while contents do not. Reading
and hashing all of Django takes 0.06 s. A cache that cannot be opened or written is skipped
(the map is built without it); it never fails a run.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import keyword
import marshal
import re
import sqlite3
import sys
import time
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Any

from fixloop.quiet import no_warnings

#: Bumped when what the scan or the outline produce changes (old cache rows are then ignored).
SCAN_VERSION = f"1-py{sys.version_info[0]}.{sys.version_info[1]}"

# after a newline (the text is scanned with one prepended): 1.6x faster than ``^`` with re.M
_DEF = re.compile(r"\n([ \t]*)(?:async[ \t]+)?(def|class)[ \t]+([A-Za-z_][A-Za-z0-9_]*)")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEYWORDS = frozenset({*keyword.kwlist, "self", "cls"})


@dataclass(frozen=True)
class Tags:
    """The names of one file, from the name scan.

    Attributes:
        defs: ``(name, kind, line, indent)`` of each ``def``/``class`` line; kind is ``def`` or
            ``class``; line is 1-based; indent in columns as written (a tab counts 1).
        refs: the identifiers the file mentions (keywords, ``self`` and ``cls`` left out).
    """

    defs: tuple[tuple[str, str, int, int], ...]
    refs: frozenset[str]


@dataclass(frozen=True)
class Entry:
    """One line of a file's outline.

    Attributes:
        line: 1-based line of the ``def``/``class`` keyword (decorators not counted).
        depth: 0 for module level, 1 inside a class, and so on (functions nested in functions
            are left out).
        kind: ``def`` or ``class``.
        name: the qualified name, e.g. ``Cart.total``.
        text: the signature as shown, e.g. ``def total(self, tax: float = 0.0) -> float``.
    """

    line: int
    depth: int
    kind: str
    name: str
    text: str


def content_hash(data: bytes) -> str:
    """The cache key of a file's content: BLAKE2b with a 16-byte digest, in hex."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def scan(data: bytes) -> Tags:
    """The name scan of one file (see the module docstring).

    Args:
        data: the file's bytes (any encoding; identifiers are read as ASCII).

    Returns:
        The file's :class:`Tags`.
    """
    text = "\n" + data.decode("latin-1")  # one char per byte: ASCII names kept
    defs = []
    line, pos = 0, 0
    for m in _DEF.finditer(text):
        line += text.count("\n", pos, m.start() + 1)
        pos = m.start() + 1
        defs.append((m.group(3), m.group(2), line, len(m.group(1))))
    refs = frozenset(_IDENT.findall(text)) - _KEYWORDS
    return Tags(tuple(defs), refs)


def outline(data: bytes, name: str = "<file>") -> tuple[list[Entry], str]:
    """The outline of one Python file: classes, functions and methods with their signatures.

    Args:
        data: the file's bytes.
        name: the file name (for messages only).

    Returns:
        ``(entries in line order, note)``: the note is empty, or says the file does not parse
        and the entries come from its ``def``/``class`` lines as written.
    """
    try:
        with no_warnings():
            tree = ast.parse(data, filename=name)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as e:
        where = f" at line {e.lineno}" if isinstance(e, SyntaxError) and e.lineno else ""
        note = f"does not parse{where}; outline from its def/class lines"
        return _lexical_outline(data), note
    out: list[Entry] = []
    _walk(tree.body, 0, "", out)
    out.sort(key=lambda e: e.line)
    return out, ""


def _walk(body: list[ast.stmt], depth: int, prefix: str, out: list[Entry]) -> None:
    for node in body:
        if isinstance(node, ast.ClassDef):
            bases = [ast.unparse(b) for b in node.bases] + [ast.unparse(k) for k in node.keywords]
            text = f"class {node.name}" + (f"({', '.join(bases)})" if bases else "")
            out.append(Entry(node.lineno, depth, "class", prefix + node.name, text))
            _walk(node.body, depth + 1, f"{prefix}{node.name}.", out)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            asy = "async " if isinstance(node, ast.AsyncFunctionDef) else ""
            ret = f" -> {ast.unparse(node.returns)}" if node.returns is not None else ""
            text = f"{asy}def {node.name}({ast.unparse(node.args)}){ret}"
            out.append(Entry(node.lineno, depth, "def", prefix + node.name, text))
        elif isinstance(node, ast.If | ast.Try | ast.With):  # defs under if TYPE_CHECKING etc.
            for part in ("body", "orelse", "finalbody"):
                _walk(getattr(node, part, []) or [], depth, prefix, out)
            for h in getattr(node, "handlers", []) or []:
                _walk(h.body, depth, prefix, out)


def _lexical_outline(data: bytes) -> list[Entry]:
    """Outline entries from the ``def``/``class`` lines of a file that does not parse."""
    lines = data.split(b"\n")
    out: list[Entry] = []
    stack: list[tuple[int, str]] = []  # (indent, class name) of enclosing classes
    for name, kind, line, indent in scan(data).defs:
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if indent and not stack:
            continue  # nested in a function: left out, as in the parsed outline
        text = lines[line - 1].decode("utf-8", "replace").strip()
        head = text.split(":", 1)[0] if text.rstrip().endswith(":") else text
        qual = ".".join([c for _i, c in stack] + [name])
        out.append(Entry(line, len(stack), kind, qual, head[:200]))
        if kind == "class":
            stack.append((indent, name))
    return out


class MapCache:
    """The content-hash cache of scans, outlines and project indexes (SQLite, or memory only).

    Args:
        path: the SQLite file (folders made), or None for a cache that lives as long as the
            object (tests, a run without ``FIXLOOP_HOME``).

    Rows are keyed by a content hash and :data:`SCAN_VERSION`: ``tags`` (one file's name scan),
    ``outlines`` (one file's outline) and ``projects`` (the symbol index of a whole set of files,
    keyed by the hash of every path and content hash in it; the 16 newest are kept). Every
    database error disables the file for this object's life (a read-only home, a locked or
    corrupt file): the map is then built from the files.
    """

    _TABLES = (
        "CREATE TABLE IF NOT EXISTS tags (key TEXT PRIMARY KEY, defs TEXT, refs TEXT)",
        "CREATE TABLE IF NOT EXISTS outlines (key TEXT PRIMARY KEY, data BLOB)",
        "CREATE TABLE IF NOT EXISTS projects (key TEXT PRIMARY KEY, data BLOB, used REAL)",
    )

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._tags: dict[str, Tags] = {}
        self._outlines: dict[str, tuple[list[Entry], str]] = {}
        self._db: sqlite3.Connection | None = None
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(path, timeout=2.0)
                # a cache: a row lost in a crash is scanned again, so no fsync per commit
                self._db.execute("PRAGMA synchronous=OFF")
                self._db.execute("PRAGMA journal_mode=WAL")
                with self._db:
                    for sql in self._TABLES:
                        self._db.execute(sql)
            except (OSError, sqlite3.Error):
                self._close()

    def tags(self, files: dict[str, bytes]) -> dict[str, Tags]:
        """The tags of each content hash, from the cache or by scanning.

        Args:
            files: content hash -> the file's bytes (a miss is scanned).

        Returns:
            hash -> :class:`Tags`; new scans are written back in one transaction.
        """
        want = [h for h in files if h not in self._tags]
        if want and self._db is not None:
            self._load(want)
        pending = []
        for h in want:
            if h not in self._tags:
                t = scan(files[h])
                self._tags[h] = t
                pending.append((self._key(h), _pack_defs(t.defs), " ".join(t.refs)))
        self._write("INSERT OR REPLACE INTO tags VALUES (?, ?, ?)", pending)
        return {h: self._tags[h] for h in files}

    def outline(self, h: str, data: bytes, name: str) -> tuple[list[Entry], str]:
        """The outline of the file with content hash ``h`` (see :func:`outline`), cached."""
        got = self._outlines.get(h)
        if got is not None:
            return got
        if self._db is not None:
            try:
                row = self._db.execute(
                    "SELECT data FROM outlines WHERE key = ?", (self._key(h),)
                ).fetchone()
                if row is not None:
                    rows, note = marshal.loads(row[0])
                    got = ([Entry(*r) for r in rows], note)
            except (sqlite3.Error, ValueError, EOFError, TypeError):
                self._close()
                got = None
        if got is None:
            got = outline(data, name)
            blob = marshal.dumps(([astuple(e) for e in got[0]], got[1]))
            self._write("INSERT OR REPLACE INTO outlines VALUES (?, ?)", [(self._key(h), blob)])
        self._outlines[h] = got
        return got

    def project(self, key: str) -> Any:
        """The project index stored under ``key`` (a marshal-able value), or None."""
        if self._db is None:
            return None
        try:
            row = self._db.execute(
                "SELECT data FROM projects WHERE key = ?", (self._key(key),)
            ).fetchone()
            return None if row is None else marshal.loads(row[0])
        except (sqlite3.Error, ValueError, EOFError, TypeError):
            self._close()
            return None

    def put_project(self, key: str, value: Any) -> None:
        """Store a project index under ``key``; keep the 16 most recently stored."""
        self._write(
            "INSERT OR REPLACE INTO projects VALUES (?, ?, ?)",
            [(self._key(key), marshal.dumps(value), time.time())],
        )
        self._write(
            "DELETE FROM projects WHERE key NOT IN "
            "(SELECT key FROM projects ORDER BY used DESC LIMIT 16)",
            [()],
        )

    def _key(self, h: str) -> str:
        return f"{SCAN_VERSION}:{h}"

    def _load(self, want: list[str]) -> None:
        db = self._db
        assert db is not None
        try:
            for i in range(0, len(want), 500):
                chunk = [self._key(h) for h in want[i : i + 500]]
                marks = ",".join("?" * len(chunk))
                rows = db.execute(f"SELECT key, defs, refs FROM tags WHERE key IN ({marks})", chunk)
                for key, defs, refs in rows:
                    h = key.rsplit(":", 1)[1]
                    self._tags[h] = Tags(_unpack_defs(defs), frozenset(refs.split()))
        except (sqlite3.Error, ValueError, IndexError):
            self._close()

    def _write(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        if not rows or self._db is None:
            return
        try:
            with self._db:
                self._db.executemany(sql, rows)
        except sqlite3.Error:
            self._close()

    def _close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
        self._db = None

    def close(self) -> None:
        """Close the database (further use works from memory only)."""
        self._close()


def _pack_defs(defs: tuple[tuple[str, str, int, int], ...]) -> str:
    return "\n".join(f"{n} {k} {line} {ind}" for n, k, line, ind in defs)


def _unpack_defs(text: str) -> tuple[tuple[str, str, int, int], ...]:
    out = []
    for row in text.split("\n") if text else ():
        n, k, line, ind = row.split(" ")
        out.append((n, k, int(line), int(ind)))
    return tuple(out)
