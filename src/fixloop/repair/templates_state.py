"""State updates a method leaves out: a tail pointer, a new element, a shortfall check, a cap.

Heldout8's missing statements and wrappers that no template generated (issue 19), each drawn
from the statements and names of the same function and class (the program's own code: Barr et
al., "The Plastic Surgery Hypothesis", FSE 2014; GenProg's insertions, Le Goues et al., TSE
2012; TBar's fix patterns FP2 "null/range checks" and FP7 "mutate method invocation" for the
guard and the wrapper, Liu et al., ISSTA 2019):

- ``insert-pointer-advance``: ``P = v`` after a store ``P.f = v`` into the object a pointer
  ``P`` holds (``self.tail.next = boat``), when no statement of the class (for ``self.x``) or
  the function (for a local) ever binds ``P`` to anything but ``None``: a linked list's append
  that never moves its tail, a walk that never moves ``prev``. Put after the whole ``if`` when
  the store sits in one branch of it and another branch stores ``v`` too (``self.head = v``:
  the first element), else right after the store.
- ``insert-new-push``: ``C.append(x)`` before a ``return`` of ``len(C) - 1`` or ``C[-1]`` (the
  index or the element of a last item the block never pushed), ``x`` a parameter of the
  function, or ``[x]`` first when ``C`` holds lists (its annotation ``list[list[...]]``, or a
  loop over ``C`` appends to its elements): "else start a new stack".
- ``insert-shortfall-guard``: ``if T < v: raise E(k)`` at the top of a function (after its
  docstring and leading guards) whose body takes an amount away from state, ``T -= v`` (``T`` a
  subscript or an attribute, never a plain local), and ``E`` an exception class the module
  declares and never raises: the stock that must not go negative. ``k`` is the subscript's key
  (``self.stock[item]`` -> ``E(item)``), else the message of both values.
- ``wrap-min-room``: ``n = min(e, X.cap - X.a)`` for an assignment ``n = e`` whose name the
  function then adds to a field, ``X.a += n``, with ``cap`` a bound-named field of the same
  object (``capacity``, ``max_...``); also ``X.a += min(e, X.cap - X.a)``: a tank filled past
  its capacity, a counter past its limit (the room left, not the bound itself).
- ``wrap-or-default`` (borrowed): ``r.a`` -> ``r.a or D'`` where the file already defaults
  the same field elsewhere, ``q.a or D``; ``D'`` is ``D`` with ``q`` renamed ``r`` and a name
  not in scope here that is a field of ``a``'s class read through ``r`` (``f"vest {vest}"``
  -> ``f"vest {p.vest}"``).

:func:`state_statement_mutations` runs the statement kinds anchored at one statement,
:func:`state_header_mutations` the borrowed default over a statement's header.
"""

from __future__ import annotations

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded, is_docstring
from .templates_base import _mut, _short
from .templates_blocks import _BUILTINS, _one_line, _step, scope_chain
from .templates_guards import _raised_classes
from .templates_insert import free_names
from .templates_lines import inserted
from .templates_missing import message
from .templates_positions import (
    all_class_fields,
    class_fields,
    header_nodes_on,
    method_class,
    value_position,
)
from .templates_wrappers import _CAP_WORDS, _words

#: hand-set priors of this module's templates
STATE_PRIORS: dict[str, float] = {
    "insert-pointer-advance": 0.4,
    "insert-new-push": 0.4,
    "insert-shortfall-guard": 0.35,
    "wrap-min-room": 0.35,
    "wrap-or-default": 0.4,  # borrowed from the file's own default of the same field
}


def _single(st: StmtInfo) -> cst.BaseSmallStatement | None:
    """The one small statement of a simple statement line standing alone, else None."""
    if not st.alone or not isinstance(st.node, cst.SimpleStatementLine) or len(st.node.body) != 1:
        return None
    return st.node.body[0]


def _is_none(node: cst.CSTNode | None) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


# ------------------------------------------------------------------------------ pointer advance


def _bindings(fi: FileInfo, scope: cst.CSTNode, target: str) -> list[cst.BaseExpression | None]:
    """Values of every ``target = value`` (plain or annotated) in ``scope``; None: no value."""
    out: list[cst.BaseExpression | None] = []

    class V(cst.CSTVisitor):
        def visit_Assign(self, n: cst.Assign) -> None:
            if any(fi.text(t.target) == target for t in n.targets):
                out.append(n.value)

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            if fi.text(n.target) == target:
                out.append(n.value)

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            if fi.text(n.target) == target:
                out.append(n.value)

        def visit_For(self, n: cst.For) -> None:
            if target in {fi.text(t) for t in _flat(n.target)}:
                out.append(n.iter)

    scope.visit(V())
    return out


def _flat(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(node, (cst.Tuple, cst.List)):
        return [x for e in node.elements for x in _flat(e.value)]
    return [node]


def _top_if(fi: FileInfo, stmt: cst.CSTNode) -> cst.If | None:
    """The outermost ``if`` (through ``elif``/``else``) whose branch holds ``stmt`` directly."""
    block, _ = fi.parent_of(stmt)
    owner, _ = fi.parent_of(block) if block is not None else (None, "")
    if isinstance(owner, cst.Else):
        owner, _ = fi.parent_of(owner)
    if not isinstance(owner, cst.If):
        return None
    while True:
        up, fld = fi.parent_of(owner)
        if isinstance(up, cst.If) and fld == "orelse":
            owner = up
        else:
            return owner


def _stores_value(fi: FileInfo, node: cst.CSTNode, value: str, skip: cst.CSTNode) -> bool:
    """Whether ``node`` holds an assignment of the name ``value`` other than ``skip``."""
    found = False

    class V(cst.CSTVisitor):
        def visit_Assign(self, n: cst.Assign) -> None:
            nonlocal found
            if n is not skip and isinstance(n.value, cst.Name) and n.value.value == value:
                found = True

    node.visit(V())
    return found


def _branch_stores(node: cst.If) -> list[cst.SimpleStatementLine]:
    """One-statement lines standing directly in the branches of ``node`` (``elif``s included)."""
    out: list[cst.SimpleStatementLine] = []
    cur: cst.BaseSuite | cst.If | cst.Else | None = node
    while cur is not None:
        body = cur.body if isinstance(cur, (cst.If, cst.Else)) else None
        out += [s for s in getattr(body, "body", ()) if isinstance(s, cst.SimpleStatementLine)]
        cur = cur.orelse if isinstance(cur, cst.If) else None
    return [s for s in out if len(s.body) == 1]


def pointer_advance_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``P = v`` after ``P.f = v`` for a pointer ``P`` only ever bound to ``None`` (see module).

    Anchored at the store or at the ``if`` holding it in a branch: while the pointer is never
    advanced, the branch that stores through it never runs, so only the ``if`` is suspicious.
    """
    if st.func is None or not st.alone:
        return []
    lines = _branch_stores(st.node) if isinstance(st.node, cst.If) else [st.node]
    out: list[Mutation] = []
    for line in lines:
        if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1:
            out += _advance(fi, st, line, line.body[0])
    return out[:2]


def _advance(
    fi: FileInfo, st: StmtInfo, line: cst.SimpleStatementLine, small: cst.BaseSmallStatement
) -> list[Mutation]:
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return []
    target = small.targets[0].target
    if not (isinstance(target, cst.Attribute) and isinstance(small.value, cst.Name)):
        return []
    ptr = target.value
    is_self = (
        isinstance(ptr, cst.Attribute)
        and isinstance(ptr.value, cst.Name)
        and ptr.value.value == "self"
    )
    if not (is_self or isinstance(ptr, cst.Name)):
        return []
    p, v = fi.text(ptr), small.value.value
    if p == v or (isinstance(ptr, cst.Name) and p in ("self", "cls")):
        return []
    scope: cst.CSTNode | None = st.cls if is_self else st.func
    if scope is None:
        return []
    values = _bindings(fi, scope, p)
    if not values or not all(_is_none(x) for x in values):
        return []  # the pointer moves somewhere already, or is never set up
    top = _top_if(fi, line)
    if top is not None and _stores_value(fi, top, v, small):
        anchor = fi.stmt_info(top)
        where = f"after the if of line {fi.line_of(top)}"
    else:
        anchor, where = fi.stmt_info(line), f"after line {fi.line_of(line)}"
    if anchor is None:
        return []
    text = f"{p} = {v}"
    return [
        inserted(
            fi.line_starts[anchor.end],
            f"{fi.indent_of_line(anchor.start)}{text}\n",
            "insert-pointer-advance",
            f"insert '{text}' {where}",
            st.start,
            STATE_PRIORS["insert-pointer-advance"],
        )
    ]


# ------------------------------------------------------------------------------ new element push


def _last_of(node: cst.CSTNode, fi: FileInfo) -> list[str]:
    """Collections ``node`` reads the last item of: ``len(C) - 1`` or ``C[-1]`` (texts)."""
    out: list[str] = []

    class V(cst.CSTVisitor):
        def visit_BinaryOperation(self, n: cst.BinaryOperation) -> None:
            left, right = n.left, n.right
            if (
                isinstance(n.operator, cst.Subtract)
                and isinstance(right, cst.Integer)
                and right.value == "1"
                and isinstance(left, cst.Call)
                and isinstance(left.func, cst.Name)
                and left.func.value == "len"
                and len(left.args) == 1
            ):
                out.append(fi.text(left.args[0].value))

        def visit_Subscript(self, n: cst.Subscript) -> None:
            if len(n.slice) == 1 and isinstance(n.slice[0].slice, cst.Index):
                idx = n.slice[0].slice.value
                if fi.text(idx).replace(" ", "") == "-1":
                    out.append(fi.text(n.value))

    node.visit(V())
    return [c for c in dict.fromkeys(out) if "\n" not in c]


def _holds_lists(fi: FileInfo, st: StmtInfo, func: FuncInfo, coll: str) -> bool:
    """Whether the elements of ``coll`` are lists: its annotation, or a loop appending to them."""
    if coll.startswith("self.") and st.cls is not None:
        for f, ann in class_fields(fi, st.cls):
            if f == coll[5:] and ann.replace(" ", "").lower().startswith("list[list["):
                return True
    for loop in fi.stmts:
        if loop.func is not func.node or not isinstance(loop.node, cst.For):
            continue
        it = fi.text(loop.node.iter)
        if it not in (coll, f"enumerate({coll})"):
            continue
        elem = _flat(loop.node.target)[-1]
        if isinstance(elem, cst.Name) and f"{elem.value}.append(" in fi.text(loop.node.body):
            return True
    return False


def new_push_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``C.append(x)`` before a ``return`` of the last item's index (see the module docstring)."""
    small = _single(st)
    func = fi.func_info(st.func)
    if not isinstance(small, cst.Return) or small.value is None or func is None:
        return []
    out: list[Mutation] = []
    before = "".join(fi.text(s) for s in st.block[: st.index])
    for coll in _last_of(small.value, fi)[:1]:
        if any(f"{coll}.{m}(" in before for m in ("append", "insert", "extend")):
            continue  # the block pushed already
        used = free_names(cst.parse_expression(coll))
        params = [p for p in func.params if p not in ("self", "cls") and p not in used][:2]
        nested = _holds_lists(fi, st, func, coll)
        texts: list[tuple[str, float]] = []
        for k, p in enumerate(params):
            w = 1.0 - 0.2 * k
            if nested:
                texts += [(f"{coll}.append([{p}])", w), (f"{coll}.append({p})", 0.5 * w)]
            else:
                texts.append((f"{coll}.append({p})", w))
        indent = fi.indent_of_line(st.start)
        for text, w in texts[:3]:
            out.append(
                inserted(
                    fi.line_starts[st.start - 1],
                    f"{indent}{text}\n",
                    "insert-new-push",
                    f"insert '{text}' before line {st.start}",
                    st.start,
                    STATE_PRIORS["insert-new-push"] * w,
                )
            )
    return out


# ------------------------------------------------------------------------------ shortfall guard


def _is_guard(stmt: cst.CSTNode) -> bool:
    """``if c: raise ...`` with nothing else."""
    if not isinstance(stmt, cst.If) or stmt.orelse is not None:
        return False
    body = list(getattr(stmt.body, "body", ()))
    return (
        len(body) == 1
        and isinstance(body[0], cst.SimpleStatementLine)
        and isinstance(body[0].body[0], cst.Raise)
    )


def _decrements(func: cst.FunctionDef) -> list[cst.AugAssign]:
    """``T -= v`` statements of ``func`` (not of nested functions), ``T`` no plain name."""
    out: list[cst.AugAssign] = []

    class V(cst.CSTVisitor):
        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return n is func

        def visit_Lambda(self, n: cst.Lambda) -> bool:
            return False

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            if isinstance(n.operator, cst.SubtractAssign) and isinstance(
                n.target, (cst.Subscript, cst.Attribute)
            ):
                out.append(n)

    func.visit(V())
    return out


def shortfall_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if T < v: raise E(k)`` at the top of a function taking ``v`` off ``T`` (see module)."""
    func = fi.func_info(st.func)
    if func is None or not st.alone or fi.parent_of(st.node)[0] is not func.node.body:
        return []
    if not all(is_docstring(b) or _is_guard(b) for b in st.block[: st.index]):
        return []
    if is_docstring(st.node) or _is_guard(st.node):
        return []
    defined, raised = _raised_classes(fi)
    classes = [c for c in defined if c not in raised and f"raise {c}" not in fi.source][:2]
    if not classes:  # no error the module declares and never signals: no sign of a missing check
        return []
    known = set(func.params) | set(fi.module_names) | {"self"}
    indent = fi.indent_of_line(st.start)
    step = _step(indent)
    out: list[Mutation] = []
    for dec in _decrements(func.node)[:1]:
        t, v = fi.text(dec.target), fi.text(dec.value)
        if "\n" in t + v or not (free_names(dec.target) | free_names(dec.value)) <= known:
            continue
        tgt = dec.target
        key = ""
        if isinstance(tgt, cst.Subscript) and len(tgt.slice) == 1:
            idx = tgt.slice[0].slice
            key = fi.text(idx.value) if isinstance(idx, cst.Index) else ""
        arg = key or message(t, "<", v)
        cond = f"{t} < {v}"
        for k, cls in enumerate(classes):
            out.append(
                inserted(
                    fi.line_starts[st.start - 1],
                    f"{indent}if {cond}:\n{indent}{step}raise {cls}({arg})\n",
                    "insert-shortfall-guard",
                    f"insert 'if {_one_line(cond)}: raise {cls}(...)' before line {st.start}",
                    st.start,
                    STATE_PRIORS["insert-shortfall-guard"] * (1.0 - 0.3 * k),
                )
            )
    return out


# ------------------------------------------------------------------------------ room left


def _caps_of(fi: FileInfo, st: StmtInfo, func: FuncInfo, obj: str, attr: str) -> list[str]:
    """Bound-named fields ``obj.cap`` beside ``obj.attr``: the method's class for ``self``."""
    names: list[str] = []
    if obj == "self":
        cls = method_class(fi, func)
        if cls is not None:
            names = [f for f, _ in class_fields(fi, cls)] + fi.class_attrs.get(id(cls), [])
    else:
        for fields in all_class_fields(fi):
            if any(f == attr for f, _ in fields):
                names += [f for f, _ in fields]
    caps = [n for n in dict.fromkeys(names) if n != attr and _words(n) & _CAP_WORDS]
    return [f"{obj}.{c}" for c in caps[:2]]


def _added_to(fi: FileInfo, func: cst.FunctionDef, name: str, after: int) -> list[cst.Attribute]:
    """Fields ``X.a`` the function adds the name ``name`` to (``X.a += name``) after a line."""
    out: list[cst.Attribute] = []

    class V(cst.CSTVisitor):
        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            if (
                isinstance(n.operator, cst.AddAssign)
                and isinstance(n.target, cst.Attribute)
                and isinstance(n.target.value, cst.Name)
                and isinstance(n.value, cst.Name)
                and n.value.value == name
                and fi.line_of(n) > after
            ):
                out.append(n.target)

    func.visit(V())
    return out


def room_cap_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``n = min(e, X.cap - X.a)`` before ``X.a += n`` (see the module docstring)."""
    small = _single(st)
    func = fi.func_info(st.func)
    if func is None or small is None:
        return []
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        name = small.targets[0].target
        if not isinstance(name, cst.Name):
            return []
        value, fields = small.value, _added_to(fi, func.node, name.value, st.start)
    elif isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.AddAssign):
        t = small.target
        if not (isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name)):
            return []
        value, fields = small.value, [t]
    else:
        return []
    e = fi.text(value)
    if "\n" in e or isinstance(value, (cst.Integer, cst.Float)):
        return []
    out: list[Mutation] = []
    for field in fields[:1]:
        obj = field.value.value if isinstance(field.value, cst.Name) else ""
        a = fi.text(field)
        for cap in _caps_of(fi, st, func, obj, field.attr.value):
            if cap in e:
                continue
            out.append(
                _mut(
                    fi,
                    value,
                    f"min({e}, {cap} - {a})",
                    "wrap-min-room",
                    f"{_short(fi, value)} -> min(..., {cap} - {a})",
                    STATE_PRIORS["wrap-min-room"],
                )
            )
    return out


# ------------------------------------------------------------------------------ borrowed default


def _defaults_of(fi: FileInfo, attr: str) -> list[tuple[str, cst.BaseExpression, cst.CSTNode]]:
    """``(q, D, whole)`` for every ``q.attr or D`` of the file (``q`` a plain name)."""
    out: list[tuple[str, cst.BaseExpression, cst.CSTNode]] = []

    class V(cst.CSTVisitor):
        def visit_BooleanOperation(self, n: cst.BooleanOperation) -> None:
            left = n.left
            if (
                isinstance(n.operator, cst.Or)
                and isinstance(left, cst.Attribute)
                and isinstance(left.value, cst.Name)
                and left.attr.value == attr
            ):
                out.append((left.value.value, n.right, n))

    fi.module.visit(V())
    return out


def _module_level(fi: FileInfo) -> set[str]:
    """Names the module's own top-level statements bind (defs, classes, imports, assignments)."""
    out: set[str] = set()
    for stmt in fi.module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            out.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign):
                    out |= {fi.text(t.target) for t in small.targets}
                elif isinstance(small, cst.AnnAssign):
                    out.add(fi.text(small.target))
                elif isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(
                    small.names, cst.ImportStar
                ):
                    for alias in small.names:
                        name = alias.asname.name if alias.asname else alias.name
                        out.add(fi.text(name).split(".")[0])
    return out


class _Retarget(cst.CSTTransformer):
    """Renames the ``Name`` nodes of an expression (attribute names and keywords left alone)."""

    def __init__(self, names: dict[str, str]) -> None:
        super().__init__()
        self.names = names

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return True

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.BaseExpression:
        return updated_node.with_changes(attr=original_node.attr)

    def leave_Arg(self, original_node: cst.Arg, updated_node: cst.Arg) -> cst.Arg:
        return updated_node.with_changes(keyword=original_node.keyword)

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        new = self.names.get(original_node.value)
        return cst.parse_expression(new) if new else updated_node


def borrowed_default_mutations(fi: FileInfo, node: cst.Attribute, func: FuncInfo) -> list[Mutation]:
    """``r.a`` -> ``r.a or D'`` from the file's own ``q.a or D`` (see the module docstring)."""
    if not isinstance(node.value, cst.Name) or not value_position(fi, node):
        return []
    parent, _ = fi.parent_of(node)
    if isinstance(parent, (cst.BooleanOperation, cst.AssignTarget, cst.AugAssign)):
        return []
    r, attr = node.value.value, node.attr.value
    fields = {f for fs in all_class_fields(fi) if any(f == attr for f, _ in fs) for f, _ in fs}
    scope = _module_level(fi) | _BUILTINS | {r}
    for f in scope_chain(fi, func.node):
        scope |= set(f.params) | set(f.locals)
    out: list[Mutation] = []
    seen: set[str] = set()
    for q, default, whole in _defaults_of(fi, attr):
        if fi.span(whole)[0] <= fi.span(node)[0] < fi.span(whole)[1]:
            continue
        names: dict[str, str] = {q: r} if q != r else {}
        ok = True
        for n in free_names(default) - {q}:
            if n in scope:
                continue
            if n in fields:
                names[n] = f"{r}.{n}"
            else:
                ok = False
        if not ok:
            continue
        new = default.visit(_Retarget(names)) if names else default
        if not isinstance(new, cst.BaseExpression):
            continue
        d = cst.Module([]).code_for_node(new)
        if "\n" in d or d in seen:
            continue
        seen.add(d)
        text = fi.text(node)
        out.append(
            _mut(
                fi,
                node,
                f"{text} or {d}",
                "wrap-or-default",
                f"{_short(fi, node)} -> ... or {_one_line(d)} (as the file defaults it)",
                STATE_PRIORS["wrap-or-default"],
            )
        )
    return out[:2]


# ------------------------------------------------------------------------------ drivers


def state_header_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """The borrowed default over one statement's header (bodies left out)."""
    func = fi.func_info(st.func)
    if func is None:
        return []
    out: list[Mutation] = []
    for n in header_nodes_on(fi, st, line):
        if isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name):
            out.extend(guarded(fi, borrowed_default_mutations, fi, n, func))
    return out


def state_statement_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """The statement kinds of this module anchored at ``st``."""
    out: list[Mutation] = []
    for fn in (
        pointer_advance_mutations,
        new_push_mutations,
        shortfall_guard_mutations,
        room_cap_mutations,
    ):
        out.extend(guarded(fi, fn, fi, st))
    return out
