"""Missing-statement templates drawn from the same function: mirrors, set adds, tails, pointers.

GenProg (Le Goues et al., TSE 2012) inserts statements copied from the same program; Barr et al.
("The Plastic Surgery Hypothesis", FSE 2014) observed that fixes are mostly made of code already
there. A verbatim copy (``insert-statement`` in :mod:`.templates_stmt`) misses the missing
statements of issue 19 whose text is not anywhere in the function but is *implied* by it:

- ``insert-mirror-update``: ``waiting[d] -= 1`` where only ``waiting[d] += 1`` exists (the counter
  update of the other direction, same target and value);
- ``insert-set-add``: ``seen.add(node)`` for a set (or list) the function tests membership in
  (``node in seen``) but that nothing adds to at that place;
- ``insert-after-loop``: ``out.append(rest)`` (or ``if rest: out.append(rest)``, or under the
  guard the flush has inside the loop: ``if current is not None: out.append((current, n))``)
  after a loop whose body flushes an accumulator it rebinds, also in a call (the last chunk);
- ``insert-pointer-update``: ``prev = node`` in a loop that reads ``prev`` but never updates it
  (before the statement advancing ``node``, in the ``else`` of an ``if`` using ``prev``, or at
  the end of the body; only in that ``else`` when the ``if`` relinks through ``prev``, as an
  unlink ``prev.next = node.next`` does: the unlinked node must not become ``prev``);
- ``insert-loop-return``: ``return X`` at the end of a branch inside a ``for`` loop of a
  function that returns its not-found value after the loop (the loop variable or an attribute
  of it the module returns elsewhere).

Each function takes the file index and one statement and returns
:class:`~fixloop.repair.templates_ast.Mutation` objects (see :func:`insert_more_mutations`).
"""

from __future__ import annotations

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded, is_docstring
from .templates_base import PRIORS
from .templates_blocks import _one_line, _step, scope_chain, self_collections, visible
from .templates_lines import _loop_around, inserted


def _alone(st: StmtInfo) -> bool:
    return st.alone and not is_docstring(st.node) and st.func is not None


def _insert_points(fi: FileInfo, st: StmtInfo) -> list[tuple[int, str, str, float]]:
    """Where a statement may go near ``st``: ``(offset, indent, words, weight)``."""
    indent = fi.indent_of_line(st.start)
    out = [(fi.line_starts[st.start - 1], indent, f"before line {st.start}", 1.0)]
    if isinstance(st.node, cst.SimpleStatementLine):
        out.append((fi.line_starts[st.end], indent, f"after line {st.end}", 1.0))
    elif (
        isinstance(st.node, (cst.If, cst.For, cst.While, cst.With, cst.Try))
        and st.header_end < st.end
    ):
        inner = fi.indent_of_line(st.header_end + 1)
        out.append((fi.line_starts[st.header_end], inner, f"in the block of line {st.start}", 0.9))
    return out


def free_names(node: cst.CSTNode) -> set[str]:
    """The identifiers ``node`` reads or binds, attribute names (``x.attr``'s ``attr``) left out."""
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            out.add(n.value)

        def visit_Attribute(self, n: cst.Attribute) -> bool:
            n.value.visit(self)
            return False

    node.visit(V())
    return out


def _bound(fi: FileInfo, func: FuncInfo) -> set[str]:
    """Names ``func`` may read (:func:`.templates_blocks.visible`: enclosing functions too)."""
    return visible(fi, func.node)


def _mutations(
    fi: FileInfo, st: StmtInfo, texts: list[tuple[str, float]], template: str
) -> list[Mutation]:
    out = []
    for text, weight in texts:
        for pos, indent, words, w in _insert_points(fi, st):
            body = "".join(indent + ln + "\n" for ln in text.split("\n"))
            out.append(
                inserted(
                    pos,
                    body,
                    template,
                    f"insert '{_one_line(text)}' {words}",
                    st.start,
                    PRIORS[template] * weight * w,
                )
            )
    return out


_FLIP = {"+=": "-=", "-=": "+="}


def mirror_update_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``T -= V`` near ``st`` for every ``T += V`` of the function or class (and vice versa).

    Also a ``T += V`` of another function nested in the same outermost function (closure state
    a sibling ``up()`` raises and ``down()`` must lower), when ``T`` is visible at ``st``.
    """
    if not _alone(st):
        return []
    func = fi.func_info(st.func)
    if func is None:
        return []
    bound = _bound(fi, func)
    chain = scope_chain(fi, st.func)
    texts: list[tuple[str, float]] = []
    seen: set[str] = set()
    for other in fi.stmts:
        if not isinstance(other.node, cst.SimpleStatementLine) or len(other.node.body) != 1:
            continue
        update = counter_update(fi, other.node.body[0])
        if update is None:
            continue
        target_node, op, value = update
        same_func = other.func is st.func
        self_attr = _self_rooted(target_node) and other.cls is st.cls
        # closure state: functions nested in the same outermost function share its names
        outer = scope_chain(fi, other.func)[-1:]
        shared = bool(outer and chain) and outer[0] is chain[-1]
        if not (same_func or shared or (self_attr and st.cls is not None)):
            continue
        flipped = f" {_FLIP[op]} " + fi.text(value)
        if not free_names(value) <= bound:
            continue
        targets = [(t, 1.0) for t in _reindexed(fi, st, target_node)]
        if free_names(target_node) <= bound:
            targets.append((fi.text(target_node), 1.0 if same_func else 0.8))
        for target, w in targets:
            text = target + flipped
            if "\n" in text or text in seen:
                continue
            seen.add(text)
            texts.append((text, w))
    return _mutations(fi, st, texts[:4], "insert-mirror-update")


def _self_rooted(node: cst.CSTNode) -> bool:
    """``self.a``, ``self.a[k]``, ``self.a.b[k]``...: state of the instance, shared by its methods."""
    while isinstance(node, (cst.Subscript, cst.Attribute)):
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
            return node.value.value == "self"
        node = node.value
    return False


def counter_update(
    fi: FileInfo, small: cst.BaseSmallStatement
) -> tuple[cst.BaseAssignTargetExpression, str, cst.BaseExpression] | None:
    """``(T, "+=", V)`` for a counter update ``T += V`` or ``T = R + V`` where ``R`` reads ``T``.

    ``R`` reads ``T`` when it is ``T`` itself or, for ``T = m[k]``, a lookup of the same entry
    with a default (``m.get(k, 0)``). ``-`` gives ``"-="``. None for any other statement.
    """
    if isinstance(small, cst.AugAssign):
        op = {cst.AddAssign: "+=", cst.SubtractAssign: "-="}.get(type(small.operator))
        return (small.target, op, small.value) if op else None
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return None
    target, value = small.targets[0].target, small.value
    if not isinstance(target, (cst.Name, cst.Attribute, cst.Subscript)):
        return None
    if not isinstance(value, cst.BinaryOperation) or value.lpar:
        return None
    op = {cst.Add: "+=", cst.Subtract: "-="}.get(type(value.operator))
    if op is None:
        return None
    reads = fi.text(value.left) == fi.text(target)
    left = value.left
    if (
        not reads
        and isinstance(target, cst.Subscript)
        and len(target.slice) == 1
        and isinstance(left, cst.Call)
        and isinstance(left.func, cst.Attribute)
        and left.func.attr.value == "get"
        and left.args
    ):
        key = target.slice[0].slice
        reads = (
            isinstance(key, cst.Index)
            and fi.text(left.func.value) == fi.text(target.value)
            and fi.text(left.args[0].value) == fi.text(key.value)
        )
    return (target, op, value.right) if reads else None


def _reindexed(fi: FileInfo, st: StmtInfo, target: cst.BaseAssignTargetExpression) -> list[str]:
    """``C[j]`` for a target ``C[i]`` and each index ``j`` that ``st`` itself reads ``C`` with.

    The counter ``pending[course] += 1`` of one loop is undone as ``pending[later] -= 1`` where
    the statement at hand reads ``pending[later]``: the index comes from the place of insertion.
    """
    if not isinstance(target, cst.Subscript):
        return []
    base, own = fi.text(target.value), fi.text(target)
    out: list[str] = []
    for n in fi.header_nodes(st):
        if isinstance(n, cst.Subscript) and n in fi.positions and fi.text(n.value) == base:
            t = fi.text(n)
            if t != own and "\n" not in t and t not in out:
                out.append(t)
    return out


def _collections(fi: FileInfo, func: FuncInfo) -> dict[str, str]:
    """Local names bound to an empty set / list / dict in the function -> how to add to them."""
    out: dict[str, str] = {}
    for other in fi.stmts:
        if other.func is not func.node or not isinstance(other.node, cst.SimpleStatementLine):
            continue
        for small in other.node.body:  # ``seen = set()``, annotated too: ``seen: set[str] = set()``
            if isinstance(small, cst.AnnAssign) and small.value is not None:
                t, v = small.target, small.value
            elif isinstance(small, cst.Assign) and len(small.targets) == 1:
                t, v = small.targets[0].target, small.value
            else:
                continue
            if not isinstance(t, cst.Name):
                continue
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Name):
                kind = {"set": "add", "list": "append", "dict": "dict"}.get(v.func.value)
            elif isinstance(v, cst.Set):
                kind = "add"
            elif isinstance(v, (cst.SetComp, cst.ListComp)):  # filled from another collection
                kind = "add" if isinstance(v, cst.SetComp) else "append"
            elif isinstance(v, cst.List) and not v.elements:
                kind = "append"
            elif isinstance(v, cst.Dict) and not v.elements:
                kind = "dict"
            else:
                kind = None
            if kind:
                out.setdefault(t.value, kind)
    return out


def set_add_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``seen.add(x)`` near ``st`` for a membership test ``x in seen`` of the function.

    The function's scope chain counts (:func:`.templates_blocks.scope_chain`): a recursive
    nested ``visit`` tests and fills the ``seen`` of the function around it; in a method, so
    do the class's ``self.seen`` collections, tested in any of its methods.
    """
    if not _alone(st):
        return []
    chain = scope_chain(fi, st.func)
    if not chain:
        return []
    colls: dict[str, str] = {}
    for f in chain:  # a nested function's closure: its enclosing functions' collections
        for name, kind in _collections(fi, f).items():
            colls.setdefault(name, kind)
    if st.cls is not None:  # ``self.seen``: the class's collections, tested in any method
        colls.update(self_collections(fi, st.cls))
    if not colls:
        return []
    bound = visible(fi, st.func)
    pairs: list[tuple[str, str]] = []

    class V(cst.CSTVisitor):
        def visit_Comparison(self, n: cst.Comparison) -> None:
            if len(n.comparisons) != 1:
                return
            c = n.comparisons[0]
            if not isinstance(c.operator, (cst.In, cst.NotIn)):
                return
            coll = fi.text(c.comparator) if c.comparator in fi.positions else ""
            if coll in colls:
                item = fi.text(n.left) if n.left in fi.positions else ""
                if isinstance(n.left, cst.Tuple) and not item.startswith("("):
                    item = f"({item})"  # ``(a, b) in s``: one tuple item, not two arguments
                if item and "\n" not in item and free_names(n.left) <= bound:
                    pairs.extend([(coll, item)] if (coll, item) not in pairs else [])

    (st.cls if st.cls is not None else chain[-1].node).visit(V())
    texts = []
    for coll, item in pairs[:3]:
        kind = colls[coll]
        if kind == "dict":
            texts.append((f"{coll}[{item}] = True", 0.6))
        else:
            texts.append((f"{coll}.{kind}({item})", 1.0))
    return _mutations(fi, st, texts, "insert-set-add")


def _loop_of(fi: FileInfo, st: StmtInfo) -> StmtInfo | None:
    """``st`` when it is a loop, else the loop statement just before it in its block."""
    if isinstance(st.node, (cst.For, cst.While)):
        return st
    if st.index > 0:
        prev = fi.stmt_info(st.block[st.index - 1])
        if prev is not None and isinstance(prev.node, (cst.For, cst.While)):
            return prev
    return None


def after_loop_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """After a loop that flushes ``out.append(rest)`` and rebinds ``rest``: flush once more."""
    loop = _loop_of(fi, st)
    if loop is None or loop.func is None or not loop.alone:
        return []
    func = fi.func_info(loop.func)
    if func is None:
        return []
    rebound = {n for ln, n in func.assigns if loop.header_end < ln <= loop.end}
    calls: list[tuple[str, str, str]] = []  # (call, its argument when a name, its guard)

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if not (
                isinstance(f, cst.Attribute)
                and f.attr.value in ("append", "extend", "add")
                and len(n.args) == 1
            ):
                return
            arg = n.args[0].value
            hit = sorted(fi.names_in(arg) & rebound)
            tup = isinstance(arg, cst.Tuple) and all(
                isinstance(e.value, cst.Name) for e in arg.elements
            )
            if tup:
                var = ""  # a record of rebound names: (current, length)
            elif isinstance(arg, (cst.Name, cst.Call)) and len(hit) == 1:
                var = hit[0]  # the accumulator, alone or wrapped: ``cls(len(out) + 1, current)``
            else:
                return
            if not hit:
                return
            text = fi.text(n)
            if "\n" not in text and all(c[0] != text for c in calls):
                calls.append((text, var, _only_guard(fi, n)))

    loop.node.visit(V())
    indent = fi.indent_of_line(loop.start)
    step = _step(indent)
    pos = fi.line_starts[loop.end]
    out = []
    for text, var, guard in calls[:3]:
        bodies = []
        if guard:  # the flush inside the loop is guarded: the last one is guarded the same way
            bodies.append((f"if {guard}:\n{indent}{step}{text}", 1.0))
        if var:
            bodies.append((f"if {var}:\n{indent}{step}{text}", 1.0))
        bodies.append((text, 0.9))
        for body, w in bodies:
            out.append(
                inserted(
                    pos,
                    f"{indent}{body}\n",
                    "insert-after-loop",
                    f"insert '{_one_line(body)}' after the loop of line {loop.start}",
                    loop.end,
                    PRIORS["insert-after-loop"] * w,
                )
            )
    return out


def _only_guard(fi: FileInfo, call: cst.Call) -> str:
    """The condition ``C`` of an ``if C:`` (no ``else``) whose body is the call's line alone."""
    expr, _ = fi.parent_of(call)
    line = fi.parent_of(expr)[0] if isinstance(expr, cst.Expr) else None
    block = fi.parent_of(line)[0] if isinstance(line, cst.SimpleStatementLine) else None
    test = fi.parent_of(block)[0] if isinstance(block, cst.IndentedBlock) else None
    if (
        isinstance(test, cst.If)
        and test.orelse is None
        and isinstance(block, cst.IndentedBlock)
        and len(block.body) == 1
        and isinstance(line, cst.SimpleStatementLine)
        and len(line.body) == 1
        and test.test in fi.positions
    ):
        text = fi.text(test.test)
        return "" if "\n" in text else text
    return ""


def pointer_update_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``prev = node`` in a loop that reads ``prev`` (or leaves it to the code after it) unbound.

    ``prev`` is read in the loop, or after it when bound together with the walking name.
    """
    loop = st if isinstance(st.node, (cst.For, cst.While)) else _loop_around(fi, st)
    if loop is None or loop.func is None:
        return []
    func = fi.func_info(loop.func)
    body = getattr(loop.node, "body", None)
    if func is None or not isinstance(body, cst.IndentedBlock) or not body.body:
        return []
    in_loop = {n for ln, n in func.assigns if loop.start <= ln <= loop.end}
    before = {n for ln, n in func.assigns if ln < loop.start} | set(func.params)
    stale = sorted((free_names(body) & before) - in_loop - {"self", "cls"})
    moving = sorted(in_loop & before)  # rebound in the loop: the walking pointer
    if isinstance(loop.node, cst.For):
        moving += [n for n in sorted(fi.names_in(loop.node.target)) if n not in moving]
    moving = [v for v in moving if v != "_"]
    # a trailing pointer read only after the loop (a sorted insert relinks through ``prev``
    # once the walk stopped), bound together with the walking one (``prev, node = None, head``)
    after = set().union(*(free_names(s) for s in loop.block[loop.index + 1 :]))
    paired = {n for g in func.groups if set(g) & set(moving) for n in g}
    stale += sorted((after & before & paired) - in_loop - set(moving) - set(stale) - {"self"})
    out: list[Mutation] = []
    children = [fi.stmt_info(s) for s in body.body]
    for p in stale[:3]:
        # an ``if`` that relinks through ``p`` (``prev.next = node.next``: an unlink) keeps ``p``
        # where it is; ``p`` advances only in its ``else``
        unlinks = any(
            isinstance(c.node, cst.If) and c.node.orelse is None and _stores_through(c.node, p)
            for c in children
            if c is not None
        )
        for v in moving[:3]:
            if v == p:
                continue
            text = f"{p} = {v}"
            for child in children:
                if child is None:
                    continue
                indent = fi.indent_of_line(child.start)
                node = child.node
                assigns_v = isinstance(node, cst.SimpleStatementLine) and v in {
                    n for ln, n in func.assigns if ln == child.start
                }
                if assigns_v and not unlinks:
                    pos = fi.line_starts[child.start - 1]
                    out.append(
                        _pointer(
                            pos,
                            f"{indent}{text}\n",
                            text,
                            child.start,
                            1.0,
                            f"before line {child.start}",
                        )
                    )
                if (
                    isinstance(node, cst.If)
                    and node.orelse is None
                    and p in free_names(node)
                    and child.alone
                ):
                    pos = fi.line_starts[child.end]
                    body_text = f"{indent}else:\n{indent}{_step(indent)}{text}\n"
                    out.append(
                        _pointer(
                            pos,
                            body_text,
                            text,
                            child.start,
                            1.0,
                            f"as the else of line {child.start}",
                        )
                    )
            last = children[-1]
            if last is not None and not unlinks:
                indent = fi.indent_of_line(last.start)
                pos = fi.line_starts[last.end]
                out.append(
                    _pointer(
                        pos,
                        f"{indent}{text}\n",
                        text,
                        loop.start,
                        0.8,
                        f"at the end of the loop of line {loop.start}",
                    )
                )
    return out[:12]


def _stores_through(node: cst.CSTNode, name: str) -> bool:
    """Whether ``node`` assigns an attribute of ``name`` (``prev.next = ...``)."""
    found = False

    class V(cst.CSTVisitor):
        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            nonlocal found
            t = n.target
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name):
                found = found or t.value.value == name

    node.visit(V())
    return found


def _pointer(pos: int, body: str, text: str, line: int, weight: float, words: str) -> Mutation:
    return inserted(
        pos,
        body,
        "insert-pointer-update",
        f"insert '{text}' {words}",
        line,
        PRIORS["insert-pointer-update"] * weight,
    )


def loop_return_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``return X`` after the last statement of a branch inside a ``for`` loop (a search's hit).

    When the function returns after the loop (its not-found value) and ``st`` ends a block
    inside the loop, the loop may have been meant to stop at the first hit: ``X`` is the loop
    variable, one of its attributes the module returns elsewhere (``p.number`` in another
    method's ``return [p.number for p in ...]``) or reads in this function, or ``True`` when the
    not-found value is ``False``.
    """
    if not _alone(st) or not isinstance(st.node, cst.SimpleStatementLine):
        return []
    if st.index != len(st.block) - 1 or isinstance(st.node.body[-1], (cst.Return, cst.Raise)):
        return []
    loop = _loop_around(fi, st)
    if loop is None or not isinstance(loop.node, cst.For) or loop.func is not st.func:
        return []
    after = loop.block[loop.index + 1] if loop.index + 1 < len(loop.block) else None
    if not (
        isinstance(after, cst.SimpleStatementLine)
        and isinstance(after.body[0], cst.Return)
        and after in fi.positions
    ):
        return []
    target = loop.node.target
    values: list[tuple[str, float]] = []
    if isinstance(target, cst.Name):
        v = target.value
        returned, read = _attribute_uses(fi, loop.node, v)
        values += [(f"{v}.{a}", 1.0) for a in returned[:2]]
        values.append((v, 0.9))
        values += [(f"{v}.{a}", 0.7) for a in read if a not in returned][:2]
    not_found = after.body[0].value
    if isinstance(not_found, cst.Name) and not_found.value == "False":
        values.insert(0, ("True", 1.0))
    indent = fi.indent_of_line(st.start)
    pos = fi.line_starts[st.end]
    return [
        inserted(
            pos,
            f"{indent}return {text}\n",
            "insert-loop-return",
            f"insert 'return {text}' after line {st.end} (the loop's first hit)",
            st.start,
            PRIORS["insert-loop-return"] * w,
        )
        for text, w in values[:4]
    ]


def _attribute_uses(fi: FileInfo, loop: cst.For, name: str) -> tuple[list[str], list[str]]:
    """(attributes the module's ``return`` values read on any name, those ``loop`` reads on ``name``).

    Each list in first-seen order, without ``self``'s attributes and called methods.
    """
    returned: list[str] = []
    read: list[str] = []

    class Returns(cst.CSTVisitor):
        def visit_Return(self, n: cst.Return) -> None:
            if n.value is not None:
                n.value.visit(Attrs(returned, None))

    class Attrs(cst.CSTVisitor):
        def __init__(self, into: list[str], only: str | None) -> None:
            self.into, self.only = into, only
            self.called: set[int] = set()

        def visit_Call(self, n: cst.Call) -> None:
            self.called.add(id(n.func))  # a method, not a value

        def visit_Attribute(self, n: cst.Attribute) -> None:
            if id(n) in self.called or not isinstance(n.value, cst.Name):
                return
            if n.value.value not in ("self", "cls") and self.only in (None, n.value.value):
                if n.attr.value not in self.into:
                    self.into.append(n.attr.value)

    fi.module.visit(Returns())
    loop.visit(Attrs(read, name))
    return returned, read


def insert_more_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Every template of this module anchored at ``st``."""
    out: list[Mutation] = []
    for fn in (
        mirror_update_mutations,
        set_add_mutations,
        after_loop_mutations,
        pointer_update_mutations,
        loop_return_mutations,
    ):
        out.extend(guarded(fi, fn, fi, st))
    return out
