"""Syntax-tree analysis shared by the fix templates (see :mod:`fixloop.repair.templates`).

One :class:`FileInfo` per source file holds the libcst tree with positions, a parent map, the
statements with their line spans and sibling blocks, the enclosing function of every node, the
names bound in each function and the integer constants of the file. Templates never rebuild the
whole module: a mutation is a list of :class:`Edit` text splices on the original source at the
exact character range of the node it changes, so that everything else (comments, quoting,
spacing) stays byte-identical and diffs stay minimal. libcst gives the ranges
(:class:`libcst.metadata.PositionProvider`, which excludes a node's own parentheses) and renders
new sub-trees with their original formatting.

Replacing a node can change how the text parses (``a - b * c`` with ``*`` -> ``+`` must become
``a - (b + c)``), so :func:`needs_parens` applies Python's precedence table before splicing;
that and the other text-level helpers live in :mod:`.templates_syntax` (re-exported here).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

# re-exported: the templates import these from here
from .templates_syntax import ATOM as ATOM
from .templates_syntax import FOCUS_MIN_LINES as FOCUS_MIN_LINES
from .templates_syntax import bare as bare
from .templates_syntax import blank_unrelated as blank_unrelated
from .templates_syntax import code as code
from .templates_syntax import fix_child_parens as fix_child_parens
from .templates_syntax import needs_parens as needs_parens
from .templates_syntax import parens as parens
from .templates_syntax import parses as parses
from .templates_syntax import precedence as precedence

COMPOUND = (
    cst.If,
    cst.For,
    cst.While,
    cst.With,
    cst.Try,
    cst.FunctionDef,
    cst.ClassDef,
)


@dataclass(frozen=True)
class Edit:
    """Replace ``source[start:end]`` by ``text``."""

    start: int
    end: int
    text: str


@dataclass
class Mutation:
    """One template application: splices on the original source plus ranking data."""

    edits: tuple[Edit, ...]
    template: str
    description: str
    line: int
    prior: float


_log = logging.getLogger("fixloop.repair.templates")


def guarded(fi: FileInfo, fn: Callable[..., Iterable[Mutation]], *args: object) -> list[Mutation]:
    """Run one template on one node, or give nothing when it raises.

    ``list(fn(*args))``, or ``[]`` when the template raises: one template failing on one node
    (libcst refusing a tree it would build, an unforeseen shape) costs only its own mutations, never
    the file's other candidates.

    Args:
        fi: the file; a failure is appended to ``fi.template_errors`` (and logged at debug level).
        fn: a template function returning or yielding :class:`Mutation` objects.
        *args: its arguments (a node or statement among them names the line in the message).

    Returns:
        the template's mutations, or an empty list when it raised an :class:`Exception`.
    """
    try:
        return list(fn(*args))
    except Exception as exc:  # noqa: BLE001 - a template defect is that template's loss only
        where = ""
        for a in args:
            if isinstance(a, cst.CSTNode) and a in fi.positions:
                where = f" on line {fi.line_of(a)}"
                break
            start = getattr(a, "start", None)
            if isinstance(start, int) and not isinstance(a, FileInfo):
                where = f" on line {start}"
                break
        name = getattr(fn, "__name__", "template")
        note = f"{name}{where}: {type(exc).__name__}: {exc}"
        fi.template_errors.append(note)
        _log.debug("template failed in %s: %s", fi.path, note)
        return []


def apply_edits(source: str, edits: Sequence[Edit]) -> str:
    """Apply non-overlapping splices (any order) to ``source``."""
    out = source
    for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        out = out[: e.start] + e.text + out[e.end :]
    return out


# ------------------------------------------------------------------------------ the file


@dataclass
class StmtInfo:
    """A statement (simple line or compound) and where it sits."""

    node: cst.CSTNode
    start: int  # 1-based first line
    end: int  # 1-based last line (compound: end of the body)
    header_end: int  # last line of the header (== end for simple statements)
    block: tuple[cst.CSTNode, ...]  # the sibling statements, in order
    index: int  # position in ``block``
    func: cst.FunctionDef | None
    cls: cst.ClassDef | None
    depth: int  # nesting depth of blocks
    alone: bool  # nothing but whitespace before it on its first line and after it on its last


@dataclass
class FuncInfo:
    """Names bound in one function: parameter and local names with their first binding line."""

    node: cst.FunctionDef
    start: int
    end: int
    params: list[str] = field(default_factory=list)
    locals: dict[str, int] = field(default_factory=dict)  # name -> first binding line
    assigns: list[tuple[int, str]] = field(default_factory=list)  # (line, name) every binding
    groups: list[tuple[str, ...]] = field(default_factory=list)  # names bound together (a, b = ..)
    loop_vars: list[tuple[int, int, tuple[str, ...]]] = field(default_factory=list)
    has_value_return: bool = False
    is_generator: bool = False


def _target_names(node: cst.CSTNode) -> list[str]:
    out: list[str] = []
    if isinstance(node, cst.Name):
        out.append(node.value)
    elif isinstance(node, (cst.Tuple, cst.List)):
        for el in node.elements:
            out.extend(_target_names(el.value))
    elif isinstance(node, cst.StarredElement):
        out.extend(_target_names(node.value))
    return out


def is_docstring(stmt: cst.CSTNode) -> bool:
    """A bare string-expression statement."""
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


class FileInfo:
    """Parsed file plus the indexes the templates need.

    Attributes:
        template_errors: templates that raised on this file (see :func:`guarded`), one
            ``"name on line N: Error: message"`` each.
    """

    def __init__(self, source: str, path: str = "", *, focus: Sequence[int] = ()) -> None:
        """Index ``source``; with ``focus`` lines, a long file is analysed only around them.

        Args:
            source: the file's text.
            path: its path (informative).
            focus: 1-based lines of interest; when given and the file is longer than
                ``FOCUS_MIN_LINES``, the functions and classes holding none of them are blanked
                (see :func:`blank_unrelated`) before the syntax tree is built.
        """
        self.source = source
        self.path = path
        self.template_errors: list[str] = []  # "template on line N: error", see guarded()
        analysed = blank_unrelated(source, focus) if focus else source
        self.wrapper = MetadataWrapper(cst.parse_module(analysed), unsafe_skip_copy=True)
        self.module = self.wrapper.module
        self.positions = self.wrapper.resolve(PositionProvider)
        self.lines = source.splitlines(keepends=True)
        self.line_starts: list[int] = []
        off = 0
        self.same_lines: dict[str, list[int]] = {}  # stripped text -> 0-based line indexes
        for i, ln in enumerate(self.lines):
            self.line_starts.append(off)
            self.same_lines.setdefault(ln.strip(), []).append(i)
            off += len(ln)
        self.line_starts.append(off)
        self.parent: dict[int, tuple[cst.CSTNode, str]] = {}
        self.stmts: list[StmtInfo] = []
        self.elifs: list[StmtInfo] = []  # ``elif`` clauses (an If in another If's orelse)
        self.funcs: dict[int, FuncInfo] = {}
        self.classes: dict[int, cst.ClassDef] = {}
        self.class_attrs: dict[int, list[str]] = {}  # id(class) -> self.X names, in order
        self.class_assigned: dict[int, set[str]] = {}  # id(class) -> self.X assigned
        self.ints: list[tuple[int, int]] = []  # (line, value) of integer literals
        self.floats: list[tuple[int, str]] = []  # (line, code) of float literals
        self.strings: list[tuple[int, str]] = []  # (line, code) of short string literals
        self.calls: list[cst.Call] = []
        self.raises: list[tuple[int, cst.SimpleStatementLine, FuncInfo | None]] = []
        self.exc_names: list[str] = []
        self.module_names: list[str] = []
        self.func_of: dict[int, FuncInfo] = {}  # id(node) -> innermost enclosing function
        self.class_of_func: dict[int, cst.ClassDef] = {}
        self._stmt_by_id: dict[int, StmtInfo] = {}
        self._names: dict[int, set[str]] = {}
        self.memo: dict[str, object] = {}  # per-file results of whole-module walks, by helper
        self._regions: list[tuple[int, int, int, StmtInfo]] | None = None
        self._index()

    # -------------------------------------------------------------------- positions

    def span(self, node: cst.CSTNode) -> tuple[int, int]:
        """Character offsets [start, end) of a node (its own parentheses excluded)."""
        r = self.positions[node]
        return (
            self.line_starts[r.start.line - 1] + r.start.column,
            self.line_starts[r.end.line - 1] + r.end.column,
        )

    def line_of(self, node: cst.CSTNode) -> int:
        """The 1-based line where ``node`` starts."""
        return self.positions[node].start.line

    def end_line_of(self, node: cst.CSTNode) -> int:
        """The 1-based line where ``node`` ends."""
        return self.positions[node].end.line

    def text(self, node: cst.CSTNode) -> str:
        """The source text of ``node``, exactly as in the file."""
        s, e = self.span(node)
        return self.source[s:e]

    def indent_of_line(self, line: int) -> str:
        """The leading spaces and tabs of the 1-based ``line``."""
        ln = self.lines[line - 1]
        return ln[: len(ln) - len(ln.lstrip(" \t"))]

    def stmt_text(self, st: StmtInfo, indent: str) -> str:
        """The statement's whole lines re-indented to ``indent`` (newline-terminated)."""
        own = self.indent_of_line(st.start)
        out = []
        for ln in self.lines[st.start - 1 : st.end]:
            body = ln[len(own) :] if ln.startswith(own) else ln.lstrip(" \t")
            out.append(indent + body if body.strip() else body)
        text = "".join(out)
        return text if text.endswith("\n") else text + "\n"

    def parent_of(self, node: cst.CSTNode) -> tuple[cst.CSTNode | None, str]:
        """``(parent node, field name)`` of ``node``; ``(None, "")`` for the module."""
        return self.parent.get(id(node), (None, ""))

    # -------------------------------------------------------------------- indexing

    def _index(self) -> None:
        info = self

        class V(cst.CSTVisitor):
            def __init__(self) -> None:
                self.stack: list[cst.CSTNode] = []
                self.funcs: list[FuncInfo] = []
                self.classes: list[cst.ClassDef] = []
                self.depth = 0

            def on_visit(self, node: cst.CSTNode) -> bool:
                if self.stack:
                    parent = self.stack[-1]
                    info.parent[id(node)] = (parent, _field_of(parent, node))
                if self.funcs:
                    info.func_of[id(node)] = self.funcs[-1]
                self.stack.append(node)
                f = self.funcs[-1] if self.funcs else None
                if isinstance(node, cst.FunctionDef):
                    fi = FuncInfo(node, info.line_of(node), info.end_line_of(node))
                    params = node.params
                    for p in (
                        list(params.posonly_params)
                        + list(params.params)
                        + list(params.kwonly_params)
                    ):
                        fi.params.append(p.name.value)
                    for star in (params.star_arg, params.star_kwarg):
                        if isinstance(star, cst.Param):
                            fi.params.append(star.name.value)
                    info.funcs[id(node)] = fi
                    if self.classes and (not self.funcs):
                        info.class_of_func[id(node)] = self.classes[-1]
                    self.funcs.append(fi)
                elif isinstance(node, cst.ClassDef):
                    for base in node.bases:
                        b = base.value
                        bname = (
                            b.attr.value
                            if isinstance(b, cst.Attribute)
                            else getattr(b, "value", "")
                        )
                        if isinstance(bname, str) and bname.endswith(("Error", "Exception")):
                            if node.name.value not in info.exc_names:
                                info.exc_names.append(node.name.value)
                    info.classes[id(node)] = node
                    info.class_attrs[id(node)] = []
                    info.class_assigned[id(node)] = set()
                    self.classes.append(node)
                elif isinstance(node, cst.If) and len(self.stack) > 1:
                    outer = self.stack[-2]
                    if isinstance(outer, cst.If) and outer.orelse is node:
                        info._add_elif(node, f, self.classes, self.depth)
                elif isinstance(node, (cst.IndentedBlock, cst.Module)):
                    self.depth += 1
                    body = tuple(node.body)
                    for i, st in enumerate(body):
                        info._add_stmt(st, body, i, f, self.classes, self.depth)
                elif isinstance(node, cst.SimpleStatementSuite):
                    pass
                elif isinstance(node, cst.Integer):
                    try:
                        info.ints.append((info.line_of(node), int(node.evaluated_value)))
                    except (ValueError, TypeError):
                        pass
                elif isinstance(node, cst.Float):
                    info.floats.append((info.line_of(node), node.value))
                elif isinstance(node, cst.SimpleString):
                    if len(node.value) <= 40 and not node.value.startswith(('"""', "'''")):
                        info.strings.append((info.line_of(node), node.value))
                elif isinstance(node, cst.Call):
                    info.calls.append(node)
                elif isinstance(node, cst.Attribute):
                    if (
                        isinstance(node.value, cst.Name)
                        and node.value.value == "self"
                        and self.classes
                    ):
                        attrs = info.class_attrs[id(self.classes[-1])]
                        if node.attr.value not in attrs:
                            attrs.append(node.attr.value)
                        holder = self.stack[-2] if len(self.stack) > 1 else None
                        if isinstance(holder, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
                            info.class_assigned[id(self.classes[-1])].add(node.attr.value)
                elif isinstance(node, cst.Raise) and node.exc is not None:
                    exc = node.exc.func if isinstance(node.exc, cst.Call) else node.exc
                    if isinstance(exc, cst.Name) and exc.value not in info.exc_names:
                        info.exc_names.append(exc.value)
                elif isinstance(node, cst.ExceptHandler) and isinstance(node.type, cst.Name):
                    if node.type.value not in info.exc_names:
                        info.exc_names.append(node.type.value)
                if f is not None:
                    info._bind(node, f)
                elif isinstance(node, (cst.Assign, cst.AnnAssign)) or isinstance(
                    node, (cst.FunctionDef, cst.ClassDef)
                ):
                    targets: list[cst.CSTNode] = []
                    if isinstance(node, cst.Assign):
                        targets = [t.target for t in node.targets]
                    elif isinstance(node, cst.AnnAssign):
                        targets = [node.target]
                    else:
                        targets = [node.name]
                    for t in targets:
                        for n in _target_names(t):
                            if n not in info.module_names:
                                info.module_names.append(n)
                return True

            def on_leave(self, node: cst.CSTNode) -> None:
                self.stack.pop()
                if isinstance(node, cst.FunctionDef):
                    self.funcs.pop()
                elif isinstance(node, cst.ClassDef):
                    self.classes.pop()
                elif isinstance(node, (cst.IndentedBlock, cst.Module)):
                    self.depth -= 1

        self.module.visit(V())

    def _bind(self, node: cst.CSTNode, f: FuncInfo) -> None:
        line = self.line_of(node) if node in self.positions else 0
        names: list[str] = []
        if isinstance(node, cst.Assign):
            for t in node.targets:
                tn = _target_names(t.target)
                names.extend(tn)
                if len(tn) > 1:
                    f.groups.append(tuple(tn))
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            names.extend(_target_names(node.target))
        elif isinstance(node, (cst.For, cst.CompFor)):
            tn = _target_names(node.target)
            names.extend(tn)
            if len(tn) > 1:
                f.groups.append(tuple(tn))
            if isinstance(node, cst.For):
                f.loop_vars.append((line, self.end_line_of(node), tuple(tn)))
        elif isinstance(node, cst.AsName):
            names.extend(_target_names(node.name))
        elif isinstance(node, cst.NamedExpr):
            names.extend(_target_names(node.target))
        elif isinstance(node, cst.Return) and node.value is not None:
            if self.func_of.get(id(node)) is f:
                f.has_value_return = True
        elif isinstance(node, (cst.Yield,)):
            if self.func_of.get(id(node)) is f:
                f.is_generator = True
        for n in names:
            f.locals.setdefault(n, line)
            f.assigns.append((line, n))

    def _add_stmt(
        self,
        st: cst.CSTNode,
        block: tuple[cst.CSTNode, ...],
        index: int,
        func: FuncInfo | None,
        classes: list[cst.ClassDef],
        depth: int,
    ) -> None:
        if st not in self.positions:
            return
        r = self.positions[st]
        start, end = r.start.line, r.end.line
        header_end = start
        body = getattr(st, "body", None)
        if isinstance(st, COMPOUND) and isinstance(body, cst.IndentedBlock) and body.body:
            first = body.body[0]
            if first in self.positions:
                header_end = max(start, self.positions[first].start.line - 1)
        elif isinstance(st, cst.SimpleStatementLine):
            header_end = end
        before = self.lines[start - 1][: r.start.column]
        after = self.lines[end - 1][r.end.column :]
        alone = not before.strip() and (not after.strip() or after.strip().startswith("#"))
        self.stmts.append(
            StmtInfo(
                node=st,
                start=start,
                end=end,
                header_end=header_end,
                block=block,
                index=index,
                func=func.node if func else None,
                cls=classes[-1] if classes else None,
                depth=depth,
                alone=alone,
            )
        )
        if isinstance(st, cst.SimpleStatementLine):
            for small in st.body:
                if isinstance(small, cst.Raise):
                    self.raises.append((start, st, func))

    def _add_elif(
        self, node: cst.If, func: FuncInfo | None, classes: list[cst.ClassDef], depth: int
    ) -> None:
        """Index an ``elif`` clause: its condition is mutated like an ``if`` statement's."""
        if node not in self.positions:
            return
        start, end = self.line_of(node), self.end_line_of(node)
        header_end = start
        body = node.body
        if isinstance(body, cst.IndentedBlock) and body.body and body.body[0] in self.positions:
            header_end = max(start, self.line_of(body.body[0]) - 1)
        self.elifs.append(
            StmtInfo(
                node=node,
                start=start,
                end=end,
                header_end=header_end,
                block=(),
                index=0,
                func=func.node if func else None,
                cls=classes[-1] if classes else None,
                depth=depth + 1,
                alone=True,
            )
        )

    # -------------------------------------------------------------------- queries

    def elif_at(self, line: int) -> StmtInfo | None:
        """The ``elif`` clause whose header covers ``line`` (its condition's lines), or None."""
        for st in self.elifs:
            if st.start <= line <= st.header_end:
                return st
        return None

    def stmt_at(self, line: int) -> StmtInfo | None:
        """The innermost statement whose header (or whole simple statement) covers ``line``."""
        best: StmtInfo | None = None
        for st in self.stmts:
            if st.start <= line <= st.header_end:
                if best is None or st.depth > best.depth:
                    best = st
        return best

    def stmt_info(self, node: cst.CSTNode) -> StmtInfo | None:
        """The indexed statement ``node`` is, or None when it is not a statement of the file."""
        if len(self._stmt_by_id) != len(self.stmts):
            self._stmt_by_id = {id(st.node): st for st in self.stmts}
        return self._stmt_by_id.get(id(node))

    def names_in(self, node: cst.CSTNode) -> set[str]:
        """Every identifier (``Name``) used in the node (cached)."""
        got = self._names.get(id(node))
        if got is None:
            got = set()
            out = got

            class V(cst.CSTVisitor):
                def visit_Name(self, n: cst.Name) -> None:
                    out.add(n.value)

            node.visit(V())
            self._names[id(node)] = got
        return got

    def valid(self, new_source: str, edits: Sequence[Edit]) -> bool:
        """Whether ``new_source`` (this source with ``edits`` applied) parses.

        When every edit falls inside one function (or one top-level statement), only that
        statement is re-parsed, under an ``if 1:`` header when it is indented: candidate
        validation otherwise dominates generation time on long files.
        """
        if not edits:
            return parses(new_source)
        lo = min(e.start for e in edits)
        hi = max(e.end for e in edits)
        if self._regions is None:
            self._regions = [
                (self.line_starts[st.start - 1], self.line_starts[st.end], st.depth, st)
                for st in self.stmts
                if st.depth == 1 or isinstance(st.node, cst.FunctionDef)
            ]
        best: StmtInfo | None = None
        for s, e, depth, st in self._regions:
            if s <= lo and hi <= e and (best is None or depth > best.depth):
                best = st
        if best is None:
            return parses(new_source)
        s, e = self.line_starts[best.start - 1], self.line_starts[best.end]
        delta = len(new_source) - len(self.source)
        region = new_source[s : e + delta]
        if self.indent_of_line(best.start):
            region = "if 1:\n" + region
        return parses(region)

    def func_info(self, node: cst.CSTNode | None) -> FuncInfo | None:
        """The indexed function ``node`` is, or None (also for ``None``)."""
        if node is None:
            return None
        return self.funcs.get(id(node))

    def header_nodes(self, st: StmtInfo) -> Iterator[cst.CSTNode]:
        """Every node of the statement, leaving out nested bodies (pre-order)."""
        out: list[cst.CSTNode] = []

        class V(cst.CSTVisitor):
            def on_visit(self, node: cst.CSTNode) -> bool:
                if node is not st.node and isinstance(
                    node,
                    (
                        cst.IndentedBlock,
                        cst.SimpleStatementSuite,
                        cst.Else,
                        cst.If,
                        cst.ExceptHandler,
                        cst.Finally,
                    ),
                ):
                    return False
                out.append(node)
                return True

        st.node.visit(V())
        return iter(out)


def _field_of(parent: cst.CSTNode, child: cst.CSTNode) -> str:
    for name in ("left", "right", "value", "func", "expression", "test", "body", "orelse"):
        if getattr(parent, name, None) is child:
            return name
    return ""
