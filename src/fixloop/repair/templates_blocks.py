"""Missing statements drawn from outside the function: enclosing functions, the class, inverses.

The statement templates of :mod:`.templates_stmt` and :mod:`.templates_insert` draw what they
insert from the suspicious statement's own function. Issue 19's held-out bugs showed where that
is too narrow (GenProg, Le Goues et al. TSE 2012, inserts statements of the same *program*; the
Plastic Surgery Hypothesis, Barr et al. FSE 2014, finds fix ingredients mostly in the same file):

- ``insert-outer-statement``: a simple statement of another method of the same class (the reset
  ``self.current = 0.0`` that ``__init__`` holds, inserted after ``self.intervals.append(
  self.current)`` consumed the accumulator), or of an enclosing function of a nested one,
  inserted before or after the suspicious statement or at the start of its block. Only
  statements whose names are all visible at the place of insertion (the function's and its
  enclosing functions' names, the module's, builtins) and that share an attribute of ``self``
  or a name with the suspicious statement.
- ``insert-inverse``: the inverse of a collection operation the scope makes but never undoes:
  ``stack.append((x, y, heading))`` where the scope only unpacks ``x, y, heading =
  stack.pop()`` (the push of a branch is missing), ``C.add(v)`` where ``C.remove(v)`` or
  ``C.discard(v)`` exists and nothing adds. The scope of a local collection is the function
  and its enclosing functions; that of ``self.C``, the whole class.

:func:`scope_chain` (a nested function's enclosing functions) and :func:`visible` (the names a
statement may use) are shared with :mod:`.templates_insert`. :func:`block_mutations` runs both
templates for one statement; each returns :class:`~fixloop.repair.templates_ast.Mutation` objects
ranked by ``BLOCK_PRIORS`` times a weight.
"""

from __future__ import annotations

import builtins

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded, is_docstring
from .templates_lines import inserted

#: Each template's prior plausibility (the engine ranks by suspiciousness x prior).
BLOCK_PRIORS: dict[str, float] = {
    "insert-outer-statement": 0.3,  # self.current = 0.0 (from __init__) after consuming it
    "insert-inverse": 0.4,  # stack.append((x, y, h)) where only x, y, h = stack.pop() exists
}
#: weight of an inverse on a collection the scope binds empty and never fills (its removals
#: can only fail or find nothing)
EMPTY_BOOST = 1.5
#: most donor statements (outer statements, inverse operations) per suspicious statement
MAX_DONORS = 4
_BUILTINS = frozenset(dir(builtins))
_PUSH = ("append", "appendleft", "add", "insert", "extend", "push", "put")


def scope_chain(fi: FileInfo, func: cst.FunctionDef | None) -> list[FuncInfo]:
    """The function's :class:`FuncInfo`, then those of its enclosing functions, innermost first.

    Empty for ``None`` or a function the file index does not know.
    """
    out: list[FuncInfo] = []
    info = fi.func_info(func)
    while info is not None and all(info is not f for f in out):
        out.append(info)
        info = fi.func_of.get(id(info.node))  # a def's own entry is its enclosing function
    return out


def visible(fi: FileInfo, func: cst.FunctionDef | None) -> set[str]:
    """Names a statement of ``func`` may read: its scope chain's, the module's, builtins, self."""
    out = set(fi.module_names) | _BUILTINS | {"self"}
    chain = scope_chain(fi, func)
    for f in chain:
        out |= set(f.params) | set(f.locals)
    for f in fi.funcs.values():  # nested defs (a recursive ``visit`` calls itself)
        if any(fi.func_of.get(id(f.node)) is c for c in chain):
            out.add(f.node.name.value)
    return out


def _free(node: cst.CSTNode) -> set[str]:
    """Identifiers ``node`` reads or binds (attribute names left out)."""
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            out.add(n.value)

        def visit_Attribute(self, n: cst.Attribute) -> bool:
            n.value.visit(self)
            return False

    node.visit(V())
    return out


def _self_attrs(node: cst.CSTNode) -> set[str]:
    """The ``a`` of every ``self.a`` in ``node``."""
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> None:
            if isinstance(n.value, cst.Name) and n.value.value == "self":
                out.add(n.attr.value)

    node.visit(V())
    return out


def _assigned_self_attr(small: cst.BaseSmallStatement) -> str:
    """``a`` for ``self.a = ...`` / ``self.a += ...``; ``""`` otherwise."""
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        t: cst.BaseExpression = small.targets[0].target
    elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
        t = small.target
    else:
        return ""
    if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == "self":
        return t.attr.value
    return ""


def _step(indent: str) -> str:
    """One more level of ``indent``: a tab in tab-indented code, else four spaces."""
    return "\t" if indent[:1] == "\t" else "    "


def _one_line(text: str) -> str:
    t = " ".join(text.split())
    return t if len(t) <= 50 else t[:47] + "..."


def _points(fi: FileInfo, st: StmtInfo) -> list[tuple[int, str, str, float]]:
    """Where a statement may go around ``st``: ``(offset, indent, words, weight)``.

    Before ``st``; after it (a simple statement); at the start of its body (a compound one);
    after the whole compound statement (weight 0.8).
    """
    indent = fi.indent_of_line(st.start)
    out = [(fi.line_starts[st.start - 1], indent, f"before line {st.start}", 1.0)]
    if isinstance(st.node, cst.SimpleStatementLine):
        out.append((fi.line_starts[st.end], indent, f"after line {st.end}", 1.0))
        return out
    body = getattr(st.node, "body", None)
    if isinstance(body, cst.IndentedBlock) and body.body and st.header_end < st.end:
        inner = fi.indent_of_line(st.header_end + 1)
        out.append((fi.line_starts[st.header_end], inner, f"in the block of line {st.start}", 0.9))
    if st.end < len(fi.lines):
        out.append((fi.line_starts[st.end], indent, f"after the block of line {st.start}", 0.8))
    return out


def _emit(
    fi: FileInfo, st: StmtInfo, texts: list[tuple[str, float, str]], template: str
) -> list[Mutation]:
    """Each ``(statement text, weight, where from)`` inserted at each of :func:`_points`."""
    out = []
    for text, weight, source in texts:
        for pos, indent, words, w in _points(fi, st):
            body = "".join(indent + ln + "\n" for ln in text.split("\n"))
            out.append(
                inserted(
                    pos,
                    body,
                    template,
                    f"insert '{_one_line(text)}' {words} ({source})",
                    st.start,
                    BLOCK_PRIORS[template] * weight * w,
                )
            )
    return out


def _usable(st: StmtInfo) -> bool:
    return (
        st.alone
        and st.func is not None
        and not is_docstring(st.node)
        and not isinstance(st.node, (cst.FunctionDef, cst.ClassDef))
    )


def outer_statement_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """A statement of another method of the class or of an enclosing function, near ``st``.

    Donors: one-statement lines of the class's other methods that assign, update or call
    through an attribute of ``self`` that ``st`` also uses (weight 1.0 when the donor sets to a
    literal an attribute ``st`` reads: a reset after the value was consumed, else 0.6), and
    one-statement lines of the enclosing functions of a nested ``st`` that share a name with it
    (0.7). Never a ``return``/``raise``/``del``, a statement ``st``'s function already holds, or
    one that reads a name not visible at ``st``.
    """
    if not _usable(st):
        return []
    chain = scope_chain(fi, st.func)
    if not chain:
        return []
    names = visible(fi, st.func)
    own_attrs = _self_attrs(st.node) if st.cls is not None else set()
    own_names = _free(st.node) - {"self"}
    here = {
        " ".join(fi.text(o.node).split())
        for o in fi.stmts
        if o.func is st.func and isinstance(o.node, cst.SimpleStatementLine)
    }
    outer = {id(f.node) for f in chain[1:]}
    texts: list[tuple[str, float, str]] = []
    for other in fi.stmts:
        node = other.node
        if other.func is None or other.func is st.func or not other.alone:
            continue
        if not isinstance(node, cst.SimpleStatementLine) or len(node.body) != 1:
            continue
        small = node.body[0]
        if isinstance(small, (cst.Return, cst.Raise, cst.Del, cst.Pass, cst.Break, cst.Continue)):
            continue
        if is_docstring(node):
            continue
        from_class = st.cls is not None and other.cls is st.cls
        from_outer = id(other.func) in outer
        if not (from_class or from_outer):
            continue
        text = " ".join(fi.text(node).split())
        if text in here or any(text == t for t, _, _ in texts) or not _free(node) <= names:
            continue
        if from_class and _self_attrs(node) & own_attrs:
            attr = _assigned_self_attr(small)
            value = getattr(small, "value", None)
            literal = isinstance(
                value, (cst.Integer, cst.Float, cst.SimpleString, cst.List, cst.Dict, cst.Name)
            ) and not (isinstance(value, cst.Name) and value.value not in ("None", "True", "False"))
            w = 1.0 if attr in own_attrs and literal else 0.6
            texts.append((text, w, f"from {other.func.name.value}"))
        elif from_outer and (_free(node) - {"self"}) & own_names:
            texts.append((text, 0.7, f"from the enclosing {other.func.name.value}"))
    texts.sort(key=lambda t: -t[1])
    return _emit(fi, st, texts[:MAX_DONORS], "insert-outer-statement")


def _target_expr(fi: FileInfo, target: cst.BaseExpression) -> str:
    """The value an assignment target names, as an expression: ``x, y`` -> ``(x, y)``."""
    text = fi.text(target)
    if isinstance(target, (cst.Tuple,)) and not target.lpar:
        text = f"({text})"
    return "" if "\n" in text else text


def _collection_ops(fi: FileInfo, scope: cst.CSTNode) -> dict[str, dict[str, list[str]]]:
    """Collection text -> method -> the texts it was given or assigned to, for ``scope``.

    ``"pop"`` records the target a pop's value is assigned to (``x, y = stack.pop()`` ->
    ``"(x, y)"``, ``""`` for a bare pop); the other methods record their first argument.
    """
    out: dict[str, dict[str, list[str]]] = {}

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if not isinstance(f, cst.Attribute) or not isinstance(
                f.value, (cst.Name, cst.Attribute)
            ):
                return
            if f.value not in fi.positions:
                return
            coll, method = fi.text(f.value), f.attr.value
            if "\n" in coll:
                return
            ops = out.setdefault(coll, {})
            if method in ("pop", "popleft"):
                parent, _ = fi.parent_of(n)
                given = ""
                if isinstance(parent, cst.Assign) and len(parent.targets) == 1:
                    given = _target_expr(fi, parent.targets[0].target)
                ops.setdefault(method, []).append(given)
            elif (
                method in (*_PUSH, "remove", "discard")
                and n.args
                and n.args[0].value in fi.positions
            ):
                arg = fi.text(n.args[0].value)
                if "\n" not in arg:
                    ops.setdefault(method, []).append(arg)

    scope.visit(V())
    return out


def _kind(fi: FileInfo, scope: cst.CSTNode | None, coll: str) -> str:
    """``"set"`` or ``"list"`` when ``scope`` binds ``coll`` to an empty one of them, else ``""``."""
    found = ""

    class V(cst.CSTVisitor):
        def visit_Assign(self, n: cst.Assign) -> None:
            nonlocal found
            v = n.value
            if found or not any(
                t.target in fi.positions and fi.text(t.target) == coll for t in n.targets
            ):
                return
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Name):
                found = {"set": "set", "list": "list"}.get(v.func.value, "")
            elif isinstance(v, (cst.Set, cst.List)):
                found = "set" if isinstance(v, cst.Set) else "list"

    if scope is not None:
        scope.visit(V())
    return found


def self_collections(fi: FileInfo, cls: cst.ClassDef) -> dict[str, str]:
    """``"self.x"`` -> how to add to it (``add``, ``append``, ``dict``): the class's empty ones.

    Sets, lists and dicts an assignment in any method binds empty (``self.seen = set()``, also
    annotated: ``self.seen: set[str] = set()``).
    """
    out: dict[str, str] = {}

    class V(cst.CSTVisitor):
        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            if n.value is not None:
                self.visit_Assign(cst.Assign([cst.AssignTarget(n.target)], n.value))

        def visit_Assign(self, n: cst.Assign) -> None:
            if len(n.targets) != 1:
                return
            t, v = n.targets[0].target, n.value
            if not (
                isinstance(t, cst.Attribute)
                and isinstance(t.value, cst.Name)
                and t.value.value == "self"
            ):
                return
            kind = None
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and not v.args:
                kind = {"set": "add", "list": "append", "dict": "dict"}.get(v.func.value)
            elif isinstance(v, (cst.List, cst.Dict)) and not v.elements:
                kind = "append" if isinstance(v, cst.List) else "dict"
            if kind:
                out.setdefault(f"self.{t.attr.value}", kind)

    cls.visit(V())
    return out


def inverse_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``C.append(T)`` for ``T = C.pop()`` with no push on ``C``; ``C.add(v)`` for a removal.

    The scope searched is the outermost function of ``st``'s scope chain (a nested function's
    closure collections included) and, for collections rooted at ``self``, the whole class.
    Only values whose names are visible at ``st`` are pushed; the weight is 1.0 when ``st``
    itself reads one of those names, else 0.7, times ``EMPTY_BOOST`` when the scope binds the
    collection to an empty set or list (nothing else can fill it).
    """
    if not _usable(st):
        return []
    chain = scope_chain(fi, st.func)
    if not chain:
        return []
    names = visible(fi, st.func)
    ops = _collection_ops(fi, chain[-1].node)
    if st.cls is not None:
        for coll, got in _collection_ops(fi, st.cls).items():
            if coll.startswith("self."):
                ops[coll] = got
    own = _free(st.node)

    def kind_of(coll: str) -> str:
        return _kind(fi, st.cls if coll.startswith("self.") else chain[-1].node, coll)

    texts: list[tuple[str, float, str]] = []
    for coll, got in ops.items():
        pushed = any(m in got for m in _PUSH)
        values: list[tuple[str, str]] = []
        if not pushed:
            for method, push in (("pop", "append"), ("popleft", "append")):
                values += [(push, v) for v in got.get(method, []) if v]
            values += [("add", v) for v in got.get("discard", [])]
            kind = kind_of(coll)
            for push in {"set": ("add",), "list": ("append",)}.get(kind, ("add", "append")):
                values += [(push, v) for v in got.get("remove", [])]
        for push, value in dict.fromkeys(values):
            try:
                expr = cst.parse_expression(value)
            except cst.ParserSyntaxError:
                continue
            if not _free(expr) <= names:
                continue
            w = 1.0 if _free(expr) & own else 0.7
            if kind_of(coll) in ("set", "list"):  # bound empty, never filled: a certain defect
                w *= EMPTY_BOOST
            texts.append((f"{coll}.{push}({value})", w, f"undoes {coll}'s removal"))
    texts.sort(key=lambda t: -t[1])
    return _emit(fi, st, texts[:MAX_DONORS], "insert-inverse")


def block_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Every template of this module anchored at ``st``."""
    out: list[Mutation] = []
    for fn in (outer_statement_mutations, inverse_mutations):
        out.extend(guarded(fi, fn, fi, st))
    return out
