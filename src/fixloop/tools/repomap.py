"""The repo map: a compact outline of the project, ranked by relevance to the failing tests.

In the style of aider's repo map (Paul Gauthier, "Building a better repository map with tree
sitter", aider.chat/2023/10/22/repomap.html, and aider's ``repomap.py``): files, and in each the
classes and functions with their signatures, the most relevant definitions first, cut to a
token budget. What is ranked, in this order:

1. **Names the failing tests point at**: the functions of the traceback frames in source files
   (``shop/pricing.py:20: in add_tax``) weigh 3 each, every other identifier in the failing
   tests' output (``E`` lines, the assertion shown) and in the failing test functions' bodies
   weighs 1 per mention. Only names some non-test file defines count.
2. **A graph rank**: personalized PageRank (Page, Brin, Motwani, Winograd 1999, "The PageRank
   citation ranking") on the file/symbol reference graph: a file points at each name it
   mentions that another file defines (weight 0.1 for ``_private`` names and for names defined
   in more than 5 files, as aider weighs them), a name points at the files defining it. The
   walk restarts at the failing tests' files and at the names of tier 1 (teleport 0.15). It is
   computed by forward push (Andersen, Chung, Lang 2006, "Local graph partitioning using
   PageRank vectors"; Andersen, Chung, Lang 2007 for directed graphs): only the part of the
   graph the restart set reaches is touched, so the cost does not grow with the project.
3. **References**: how many files mention a name (the in-degree of its symbol node, weighted
   as above; one step of PageRank from a uniform start), for everything the walk did not reach
   and for a map without failing tests.

Test files feed the graph but are not shown (the model cannot change them). The token count is
an estimate, 4 characters per token (the map is built before any model call; the budget is a
size, not a bill). The names come from :mod:`.mapscan`, cached by content hash.
"""

from __future__ import annotations

import os
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from fixloop.tools.mapscan import Entry, MapCache, Tags, content_hash
from fixloop.types import TestReport
from fixloop.workspace import Workspace, is_test_file

#: Python source suffixes the map reads.
MAP_SUFFIXES = (".py", ".pyi")
#: Files larger than this are left out of the map (generated tables, vendored bundles).
MAP_FILE_BYTES = 1_000_000
CHARS_PER_TOKEN = 4
_TELEPORT = 0.15
_PUSH_EPS = 1e-4
_FRAME = re.compile(
    r"^(?:\s*File \"([^\"]+)\", line \d+, in (\w+)|([^\s:]+\.py):\d+: in (\w+))", re.M
)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def estimate_tokens(text: str) -> int:
    """Tokens of ``text`` by the 4-characters-per-token estimate (rounded up)."""
    return -(-len(text) // CHARS_PER_TOKEN)


@dataclass
class Focus:
    """What the failing tests point at.

    Attributes:
        names: name -> weight (tier 1 of the ranking; see the module docstring).
        files: workspace-relative test files of the failing tests (the walk's restart set).
    """

    names: Counter[str] = field(default_factory=Counter)
    files: list[str] = field(default_factory=list)


#: How many definitions of the reference order a project index keeps (the map shows far fewer).
_BASE_KEEP = 4_000


class _Project:
    """The mapped files (hashes, bytes), their tags on demand, and the symbol index.

    The index (which files define each name, the in-degree of each name, the definitions in
    reference order) is a function of the files' contents: it is cached under the hash of every
    path and content hash, so a warm map reads no tags but those of the files its walk visits.
    """

    def __init__(self, paths: list[str], data: dict[str, bytes], cache: MapCache) -> None:
        self.paths = paths
        self.data = data
        self.cache = cache
        self.hashes = {p: content_hash(b) for p, b in data.items()}
        self._tags: dict[str, Tags] = {}
        self.definers: dict[str, list[str]] = {}
        self.indeg: dict[str, float] = {}
        self.base: list[tuple[str, str, str, int, int]] = []

    def index(self) -> _Project:
        """Load the symbol index (from the cache, or built from every file's tags); self."""
        key = content_hash(
            "\n".join(f"{p}\0{self.hashes[p]}" for p in self.paths).encode("utf-8", "surrogatepass")
        )
        index = self.cache.project(key)
        if index is None:
            self.load_tags(self.paths)
            index = self._build_index()
            self.cache.put_project(key, index)
        definers, self.indeg, base = index
        self.definers = definers
        self.base = [tuple(x) for x in base]
        return self

    def load_tags(self, paths: Iterable[str]) -> None:
        """Make the tags of ``paths`` available (from the cache or by scanning)."""
        want = {self.hashes[p]: self.data[p] for p in paths if p not in self._tags}
        if want:
            got = self.cache.tags(want)
            for p in paths:
                if p not in self._tags:
                    self._tags[p] = got[self.hashes[p]]

    def tags(self, path: str) -> Tags:
        """The :class:`Tags` of one mapped file."""
        if path not in self._tags:
            self.load_tags([path])
        return self._tags[path]

    def own(self, path: str) -> set[str]:
        """The names ``path`` defines itself (its mentions of them are not references)."""
        return {n for n, _k, _l, _i in self.tags(path).defs}

    def _build_index(self) -> tuple[dict[str, list[str]], dict[str, float], list[tuple]]:
        d: dict[str, list[str]] = defaultdict(list)
        for p in self.paths:
            if not is_test_file(p):
                for name in dict.fromkeys(n for n, _k, _l, _i in self._tags[p].defs):
                    d[name].append(p)
        self.definers = dict(d)
        defined = self.definers.keys()
        deg: dict[str, float] = defaultdict(float)
        for p in self.paths:
            own = self.own(p)
            for name in self._tags[p].refs & defined:
                if name not in own:
                    deg[name] += 1.0
        indeg = {n: v * _weight(n, self) for n, v in deg.items()}
        scored = []
        for p in self.paths:
            if is_test_file(p):
                continue
            for name, kind, line, indent in self._tags[p].defs:
                share = 1 / len(self.definers[name])
                scored.append((-indeg.get(name, 0.0) * share, indent > 0, p, line, name, kind))
        scored.sort()
        base = [
            (p, name, kind, line, 1 if nested else 0) for _s, nested, p, line, name, kind in scored
        ]
        return self.definers, indeg, base[:_BASE_KEEP]


class RepoMap:
    """The repo map of one workspace: lists and hashes the files at each call, ranks, renders.

    Args:
        ws: the workspace (which files exist and may be read).
        cache: the content-hash cache (:class:`~fixloop.tools.mapscan.MapCache`); a memory-only
            one when None.

    Every call reads the files again (hashing all of Django takes 0.06 s), so the map always
    shows the files as they are, edits included.
    """

    def __init__(self, ws: Workspace, cache: MapCache | None = None) -> None:
        self.ws = ws
        self.cache = cache or MapCache(None)

    def project(self, sub: str = ".") -> _Project:
        """The Python files under ``sub`` (test files included), hashed and indexed.

        Raises:
            PathRefused: for a ``sub`` the workspace refuses.
        """
        paths, data = [], {}
        top = str(self.ws.root)
        for rel in self.ws.iter_files(sub, suffixes=MAP_SUFFIXES):
            try:
                with open(os.path.join(top, rel), "rb") as f:
                    b = f.read(MAP_FILE_BYTES + 1)
            except OSError:
                continue
            if len(b) > MAP_FILE_BYTES or b"\x00" in b[:8192]:
                continue
            paths.append(rel)
            data[rel] = b
        return _Project(paths, data, self.cache)

    # ------------------------------------------------------------------ ranking
    def focus(self, report: TestReport | None, p: _Project) -> Focus:
        """What the failing tests of ``report`` point at (tier 1 and the restart set).

        Args:
            report: the baseline (or latest) test report; None gives an empty focus.
            p: the project with its index (``project().index()``).

        Returns:
            The :class:`Focus`; names no non-test file defines are dropped.
        """
        f = Focus()
        if report is None or not report.failing:
            return f
        names: Counter[str] = Counter()
        text = report.output + "\n" + "\n".join(t.reason for t in report.failing)
        for m in _FRAME.finditer(text):
            path, func = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            rel = self._rel(path, p)
            if rel is not None and not is_test_file(rel):
                names[func] += 3
        names.update(_WORD.findall(text))
        for tid in report.failing_ids:
            path, _, rest = tid.partition("::")
            if path in p.data and path not in f.files:
                f.files.append(path)
            test_name = rest.split("::")[-1].split("[")[0] if rest else ""
            if path in p.data and test_name:
                names.update(_body_words(p.data[path], test_name))
        f.names = Counter({n: w for n, w in names.items() if n in p.definers})
        return f

    def _rel(self, path: str, p: _Project) -> str | None:
        if path in p.data:
            return path
        root = str(self.ws.root) + "/"
        if path.startswith(root) and path[len(root) :] in p.data:
            return path[len(root) :]
        return None

    def _walk(self, p: _Project, focus: Focus) -> dict[str, float]:
        """Personalized PageRank of the symbol nodes by forward push; ``{}`` without a focus."""
        total = sum(focus.names.values()) + len(focus.files)
        if not total:
            return {}
        start: dict[tuple[str, str], float] = {}
        for name, weight in focus.names.items():
            start[("s", name)] = weight / total
        for path in focus.files:
            start[("f", path)] = start.get(("f", path), 0.0) + 1 / total
        rank: dict[tuple[str, str], float] = defaultdict(float)
        resid: dict[tuple[str, str], float] = defaultdict(float, start)
        queue = list(start)
        edges_of: dict[tuple[str, str], list[tuple[tuple[str, str], float]]] = {}
        pushes = 0
        while queue and pushes < 50_000:
            node = queue.pop()
            r = resid[node]
            out = edges_of.get(node)
            if out is None:
                out = edges_of[node] = _out_edges(node, p)
            if r <= _PUSH_EPS * max(len(out), 1):
                continue
            pushes += 1
            rank[node] += _TELEPORT * r
            resid[node] = 0.0
            spread = (1 - _TELEPORT) * r
            for nxt, w in out:
                before = resid[nxt]
                resid[nxt] = before + spread * w
                if before <= _PUSH_EPS:
                    queue.append(nxt)
        return {n: v for (kind, n), v in rank.items() if kind == "s"}

    def ranked_defs(self, focus: Focus, p: _Project) -> list[tuple[str, Entry]]:
        """The definitions of the non-test files, most relevant first.

        Returns:
            ``(path, entry)`` pairs from the name scan (``entry.text`` is empty: the outline is
            read later, only for the files shown): the definitions of tier-1 and walked names
            first, then the project index's reference order (its first 4,000).
        """
        walk = self._walk(p, focus)
        names = set(focus.names) | set(walk)
        scored = []
        p.load_tags({f for n in names for f in p.definers.get(n, ())})
        for name in names:
            files = p.definers.get(name, [])
            for path in files:
                share = 1 / len(files)
                for n, kind, line, indent in p.tags(path).defs:
                    if n != name:
                        continue
                    key = (
                        -focus.names.get(name, 0),
                        -walk.get(name, 0.0) * share,
                        -p.indeg.get(name, 0.0) * share,
                        indent > 0,
                    )
                    scored.append((key, path, line, Entry(line, min(indent, 1), kind, name, "")))
        scored.sort(key=lambda x: (x[0], x[1], x[2]))
        out = [(path, e) for _k, path, _l, e in scored]
        seen = {(path, e.line) for path, e in out}
        for path, name, kind, line, nested in p.base:
            if (path, line) not in seen:
                out.append((path, Entry(line, nested, kind, name, "")))
        return out

    # ------------------------------------------------------------------ rendering
    def render(self, report: TestReport | None, max_tokens: int) -> str:
        """The map for the first message: ranked, cut to ``max_tokens`` (estimated).

        Args:
            report: the baseline report (its failing tests rank the map), or None.
            max_tokens: the budget (:func:`estimate_tokens`); 0 or less gives "".

        Returns:
            The map's text (a header line, then ``path:`` and ``  line|signature`` lines, files
            in the order of their best-ranked definition, definitions in line order), or ""
            when the budget is 0 or the project has no Python source outside its tests.
        """
        if max_tokens <= 0:
            return ""
        p = self.project().index()
        focus = self.focus(report, p)
        order = self.ranked_defs(focus, p)
        if not order:
            return ""
        how = "relevance to the failing tests" if focus.names or focus.files else "references"
        head = (
            f"Repository map ({len(p.paths)} Python files; definitions ranked by {how}; "
            "repo_map(path) shows the whole outline of a folder or file):"
        )
        chosen: dict[str, set[str]] = {}
        outlines: dict[str, list[Entry]] = {}
        text, room = "", max_tokens - estimate_tokens(head)
        for path, e in order:
            if path not in outlines:
                outlines[path] = self.cache.outline(p.hashes[path], p.data[path], path)[0]
            names = chosen.get(path, set())
            wanted = {x.name for x in outlines[path] if x.name.split(".")[-1] == e.name}
            wanted |= {n.rsplit(".", 1)[0] for n in wanted if "." in n}  # enclosing classes
            if not wanted or wanted <= names:
                continue
            trial = {**chosen, path: names | wanted}
            candidate = _render_files(trial, outlines)
            if estimate_tokens(candidate) > room:
                break
            chosen, text = trial, candidate
        return f"{head}\n{text}" if text else ""

    def outline_of(self, sub: str, max_bytes: int) -> tuple[str, int, int]:
        """The whole outline of a folder or file, for the ``repo_map`` tool.

        Args:
            sub: workspace-relative folder or Python file.
            max_bytes: stop adding files past this many bytes of text (one file always).

        Returns:
            ``(text, files shown, files in all)``; files in path order.

        Raises:
            PathRefused: for a path the workspace refuses (missing, outside, blocked).
        """
        p = self.project(sub)
        parts: list[str] = []
        size = shown = 0
        for path in p.paths:
            entries, note = self.cache.outline(p.hashes[path], p.data[path], path)
            block = _file_block(path, entries, note)
            n = len(block.encode("utf-8", "surrogatepass")) + 1
            if size + n > max_bytes and shown:
                break
            parts.append(block)
            size += n
            shown += 1
        return "\n".join(parts), shown, len(p.paths)


def _weight(name: str, p: _Project) -> float:
    """The weight of a reference to ``name`` (after aider's ``get_ranked_tags``).

    x10 for a long structured name (8+ characters with ``_`` or mixed case), x0.1 for a private
    name, for a name defined in more than 5 files and for one shorter than 3 characters (the
    name scan reads comments and strings too, where single letters are common).
    """
    w = 1.0
    if len(name) >= 8 and ("_" in name.strip("_") or name.lower() != name != name.upper()):
        w *= 10
    if name.startswith("_"):
        w *= 0.1
    if len(p.definers.get(name, ())) > 5:
        w *= 0.1
    if len(name) < 3:
        w *= 0.1
    return w


def _out_edges(node: tuple[str, str], p: _Project) -> list[tuple[tuple[str, str], float]]:
    """The weighted out-edges of a node, weights summing to 1 (none for a dangling node)."""
    kind, key = node
    if kind == "s":
        files = p.definers.get(key, [])
        return [(("f", f), 1 / len(files)) for f in files]
    if key not in p.data:
        return []
    refs = (p.tags(key).refs & p.definers.keys()) - p.own(key)
    pairs = [(("s", n), _weight(n, p)) for n in sorted(refs)]
    total = sum(w for _n, w in pairs)
    return [(n, w / total) for n, w in pairs] if total else []


def _body_words(data: bytes, test_name: str) -> list[str]:
    """The identifiers in the body of the test function ``test_name`` (first definition)."""
    text = data.decode("utf-8", "replace")
    m = re.search(rf"^([ \t]*)(?:async[ \t]+)?def[ \t]+{re.escape(test_name)}\b", text, re.M)
    if m is None:
        return []
    indent = len(m.group(1))
    body: list[str] = []
    for line in text[m.end() :].split("\n")[1:200]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        body.append(line)
    return _WORD.findall("\n".join(body))


def _file_block(path: str, entries: list[Entry], note: str = "") -> str:
    head = f"{path}:" + (f" ({note})" if note else "")
    lines = [head] + [f"{e.line:>6}|{'  ' * e.depth}{e.text}" for e in entries]
    if not entries:
        lines.append("        (no classes or functions)")
    return "\n".join(lines)


def _render_files(chosen: dict[str, set[str]], outlines: dict[str, list[Entry]]) -> str:
    blocks = []
    for path, names in chosen.items():
        if names:
            blocks.append(_file_block(path, [e for e in outlines[path] if e.name in names]))
    return "\n".join(blocks)
