"""Kinds heldout11 missed, widened to their shape class (each position a program puts them in).

Each template reads its ingredient from the program itself (the Plastic Surgery Hypothesis,
Barr et al., FSE 2014; GenProg's insertions from the same program, Le Goues et al., TSE 2012;
TBar's fix patterns FP2 "range checker", FP4 "wrap with a method call", FP7 "mutate literal",
Liu et al., ISSTA 2019), never from a list of known fixes:

- ``constant-from-doc`` (by unit): an integer literal ``C`` anywhere in a function (a default
  argument, a body expression, a keyword, a lambda) -> a number ``N`` the docstrings around it
  state followed by a unit word that some docstring of the module puts after ``C`` itself
  ("grams per 1000 metres" in a sibling's docstring makes ``metres`` the unit of ``1000``;
  "grams per 9000 metres" here gives ``9000``). Skipped when the function's own docstring
  states ``C`` in that unit (the code agrees with it).
- ``wrap-str`` (displays, accumulators): ``str(e)`` for a name, field read or arithmetic that is
  an element of the list or tuple display handed to ``sep.join(...)`` beside a text element
  (a string or an f-string) or typed as a number, or the value added (``+=``) to a local the
  function binds to a string literal.
- ``wrap-min-stock``: ``v = min(e, X)`` for an assignment ``v = e`` whose name is then taken
  off a stock ``X`` (``X -= v``, ``X`` a field, a subscript or a name other than ``v``): a draw
  never takes more than there is; also ``X -= min(e, X)`` for a draw written in place.
- ``insert-unfilled-push``: ``C.append(v)`` at the end of a branch (an ``except`` body, an
  ``else``, an ``if`` body) inside a loop or a method, for a list ``C`` of the class or
  function that nothing fills but something reads, when the branch's sibling pushes onto another
  collection or the branch counts the event (``self.errors += 1``); ``v`` the loop's targets as
  a tuple (first when ``C``'s annotation is a tuple of that many), else each target, else the
  function's parameters.
- ``binop-sibling``: a bitwise operator (``&``, ``|``, ``^``, ``<<``, ``>>``) -> the bitwise
  operator the module applies elsewhere to one of its operands (a name or field read):
  ``(self.alarms ^ bit) != 0`` -> ``&`` where another method reads ``self.alarms & URGENT``
  (read uses first; an augmented assignment ``self.alarms &= ~bit`` ranks lower).
- ``insert-sibling-guard``: ``if b OP K: raise E(...)`` beside a guard ``if a OP K: raise
  E(...)`` of the same function, for another field (``self.b`` of the class) or parameter ``b``
  of ``a``'s declared type that no guard of the function tests (a count of zero accepted where
  the same class refuses a duration of zero).

Ranking: hand-set priors in :data:`SHAPE_PRIORS` (ordinal estimates, as
:data:`.templates_base.PRIORS`). :func:`shape_header_mutations` runs the expression kinds over a
statement's header, :func:`shape_statement_mutations` the statement kinds anchored at one
statement (both registered in :func:`fixloop.repair.templates.generate_candidates`).
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded, is_docstring
from .templates_base import _AUG_TOKEN, _BIN_CLASSES, _BIN_TOKEN, _mut, _short
from .templates_blocks import self_collections
from .templates_guards import _step
from .templates_idioms import IDIOM_PRIORS, _docstrings, _join_call, _textual
from .templates_insert import _collections
from .templates_lines import inserted
from .templates_missing import dataclass_collections
from .templates_positions import bare_type, class_fields, header_nodes_on, method_class
from .templates_reach import _filled_anywhere, _name_count

#: each template's prior plausibility (the engine ranks by suspiciousness x prior)
SHAPE_PRIORS: dict[str, float] = {
    "constant-from-doc": IDIOM_PRIORS["constant-from-doc"],
    "wrap-str": IDIOM_PRIORS["wrap-str"],
    "wrap-min-stock": 0.35,  # as wrap-min-room: a cap derived from the program
    "insert-unfilled-push": 0.35,
    "insert-sibling-guard": 0.3,
    "binop-sibling": 0.8,  # as binop's related pairs: the program's own operator on that operand
}

_NUMBER_WORDS = re.compile(r"(?<![\w.])(\d{1,7})(?![\w.]\d)\s+([A-Za-z][A-Za-z-]*)")
_NUMBER_TYPES = frozenset({"int", "float"})


# ------------------------------------------------------------------------------ constant by unit


def _module_docs(fi: FileInfo) -> list[str]:
    """Every docstring of the module (the module's, each class's and each function's)."""
    got = fi.memo.get("shape-docs")
    if isinstance(got, list):
        return got
    out: list[str] = []
    nodes: list[cst.Module | cst.ClassDef | cst.FunctionDef] = [fi.module, *fi.classes.values()]
    nodes += [f.node for f in fi.funcs.values()]
    for node in nodes:
        doc = node.get_docstring(clean=True)
        if doc:
            out.append(doc)
    fi.memo["shape-docs"] = out
    return out


def _unit(word: str) -> str:
    return word.lower().rstrip("s")


def unit_constant_mutations(fi: FileInfo, node: cst.Integer) -> list[Mutation]:
    """``C`` -> the number the docstrings around it give in ``C``'s unit (see the module)."""
    try:
        current = int(node.value.replace("_", ""), 0)
    except ValueError:
        return []
    units = {
        _unit(w)
        for doc in _module_docs(fi)
        for n, w in _NUMBER_WORDS.findall(doc)
        if int(n) == current
    }
    if not units:
        return []
    around = _docstrings(fi, node)
    if around and any(
        int(n) == current and _unit(w) in units for n, w in _NUMBER_WORDS.findall(around[0])
    ):
        return []  # the function's own docstring agrees with the code
    found: list[int] = []
    for doc in around:
        for n, w in _NUMBER_WORDS.findall(doc):
            if _unit(w) in units and int(n) != current and int(n) not in found:
                found.append(int(n))
    return [
        _mut(
            fi,
            node,
            str(v),
            "constant-from-doc",
            f"{node.value} -> {v} (the docstring's number in the unit of {node.value})",
            SHAPE_PRIORS["constant-from-doc"] * (1.0 if k == 0 else 0.8),
        )
        for k, v in enumerate(found[:2])
    ]


# ------------------------------------------------------------------------------ wrap-str


def _declared(fi: FileInfo, node: cst.BaseExpression, func: FuncInfo | None) -> str:
    """The declared type of a ``self.f`` field or a parameter (``int``), or ``""``."""
    if func is None:
        return ""
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        if node.value.value != "self":
            return ""
        cls = method_class(fi, func)
        fields = class_fields(fi, cls) if cls is not None else []
        return next((bare_type(a) for f, a in fields if f == node.attr.value), "")
    if isinstance(node, cst.Name):
        p = func.node.params
        for prm in (*p.posonly_params, *p.params, *p.kwonly_params):
            if prm.name.value == node.value and prm.annotation is not None:
                return bare_type(fi.text(prm.annotation.annotation))
    return ""


def _text_local(fi: FileInfo, func: FuncInfo, name: str) -> bool:
    """Whether the function binds ``name`` to a string literal (``out = ""``)."""

    class V(cst.CSTVisitor):
        found = False

        def visit_Assign(self, n: cst.Assign) -> None:
            if isinstance(n.value, (cst.SimpleString, cst.FormattedString)) and any(
                isinstance(t.target, cst.Name) and t.target.value == name for t in n.targets
            ):
                V.found = True

    func.node.visit(V())
    return V.found


def display_str_mutations(
    fi: FileInfo, node: cst.BaseExpression, func: FuncInfo | None
) -> list[Mutation]:
    """``str(e)`` for a number in a joined display or added to a text accumulator."""
    if not isinstance(node, (cst.Name, cst.Attribute, cst.BinaryOperation)):
        return []
    if _textual(node) or "\n" in fi.text(node):
        return []
    if isinstance(node, cst.BinaryOperation) and not isinstance(
        node.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)
    ):
        return []
    parent, fld = fi.parent_of(node)
    new = f"str({fi.text(node)})"
    desc = f"{_short(fi, node)} -> str(...)"
    prior = SHAPE_PRIORS["wrap-str"]
    if isinstance(parent, cst.Element):
        display, _ = fi.parent_of(parent)
        if not isinstance(display, (cst.List, cst.Tuple)) or not _join_call(fi, display):
            return []
        declared = _declared(fi, node, func)
        typed = declared in _NUMBER_TYPES
        if declared and not typed:
            return []  # declared text (``str``) or something else: no number to convert
        texts = any(_textual(e.value) for e in display.elements if e is not parent)
        if not (typed or texts):
            return []
        return [_mut(fi, node, new, "wrap-str", desc, prior * (1.0 if typed else 0.8))]
    if (
        isinstance(parent, cst.AugAssign)
        and fld == "value"
        and isinstance(parent.operator, cst.AddAssign)
        and isinstance(parent.target, cst.Name)
        and func is not None
        and _text_local(fi, func, parent.target.value)
    ):
        return [_mut(fi, node, new, "wrap-str", desc, prior * 0.8)]
    return []


# ------------------------------------------------------------------------------ wrap-min-stock


def _taken_from(func: cst.FunctionDef, name: str) -> list[cst.BaseExpression]:
    """The stocks ``X`` of the function's statements ``X -= name``."""
    out: list[cst.BaseExpression] = []

    class V(cst.CSTVisitor):
        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            if (
                isinstance(n.operator, cst.SubtractAssign)
                and isinstance(n.value, cst.Name)
                and n.value.value == name
                and not (isinstance(n.target, cst.Name) and n.target.value == name)
            ):
                out.append(n.target)

    func.visit(V())
    return out


def min_stock_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``v = min(e, X)`` for ``v = e`` later taken off ``X``; ``X -= min(e, X)`` in place."""
    if st.func is None or not isinstance(st.node, cst.SimpleStatementLine):
        return []
    small = st.node.body[0] if len(st.node.body) == 1 else None
    prior = SHAPE_PRIORS["wrap-min-stock"]
    if isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.SubtractAssign):
        value, stock = small.value, fi.text(small.target)
        if isinstance(value, (cst.Integer, cst.Float, cst.Name)) or "min(" in fi.text(value):
            return []  # a name: its binding is the place (above); a literal is no draw
        return [
            _mut(
                fi,
                value,
                f"min({fi.text(value)}, {stock})",
                "wrap-min-stock",
                f"{_short(fi, value)} -> min(..., {stock})",
                prior * 0.8,
            )
        ]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target, value = small.targets[0].target, small.value
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        target, value = small.target, small.value
    else:
        return []
    if not isinstance(target, cst.Name) or isinstance(value, (cst.Integer, cst.Float)):
        return []
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value == "min"
    ):
        return []
    out: list[Mutation] = []
    seen: set[str] = set()
    for taken in _taken_from(st.func, target.value):
        text = fi.text(taken) if taken in fi.positions else ""
        if not text or text in seen or text == fi.text(value):
            continue
        seen.add(text)
        out.append(
            _mut(
                fi,
                value,
                f"min({fi.text(value)}, {text})",
                "wrap-min-stock",
                f"{_short(fi, value)} -> min(..., {text}) (what {text} holds)",
                prior,
            )
        )
    return out[:2]


# ------------------------------------------------------------------------------ unfilled push


def _pushes(node: cst.CSTNode) -> list[str]:
    """The receivers ``c`` of ``c.append(...)`` / ``c.add(...)`` calls in ``node``."""
    out: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if isinstance(f, cst.Attribute) and f.attr.value in ("append", "add", "extend"):
                out.append(cst.Module([]).code_for_node(f.value))

    node.visit(V())
    return out


def _counts(block: cst.BaseSuite) -> bool:
    """The block holds a counter step ``n += 1``."""
    for stmt in getattr(block, "body", ()):
        for small in getattr(stmt, "body", ()) if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.AddAssign):
                if isinstance(small.value, cst.Integer):
                    return True
    return False


def _branch_of(fi: FileInfo, st: StmtInfo) -> tuple[cst.BaseSuite, list[cst.CSTNode]] | None:
    """(the block holding ``st``, the sibling branches) for an except/else/if body."""
    block, _ = fi.parent_of(st.node)
    owner, _ = fi.parent_of(block) if block is not None else (None, "")
    if isinstance(owner, cst.ExceptHandler):
        tri, _ = fi.parent_of(owner)
        if isinstance(tri, cst.Try):
            return owner.body, [tri.body]
    if isinstance(owner, cst.If) and block is owner.body:
        return owner.body, [owner.orelse] if owner.orelse is not None else []
    if isinstance(owner, cst.Else):
        parent, _ = fi.parent_of(owner)
        if isinstance(parent, (cst.If, cst.Try)):
            return owner.body, [parent.body]
    return None


def _annotation_of(fi: FileInfo, coll: str) -> str:
    """The annotation text the module gives ``coll`` (``self.x: list[...] = []``), or ``""``."""
    attr = coll[5:] if coll.startswith("self.") else coll
    m = re.search(rf"(?:self\.)?\b{re.escape(attr)}\s*:\s*([^=\n]+)=", fi.source)
    return m.group(1).strip() if m else ""


def _tuple_arity(annotation: str) -> int:
    m = re.search(r"\btuple\[(.*)\]", annotation.replace("Tuple[", "tuple["))
    if not m or "..." in m.group(1):
        return 0
    depth, n = 0, 1
    for ch in m.group(1):
        depth += ch == "["
        depth -= ch == "]"
        n += ch == "," and depth == 0
    return n


def _loop_targets(fi: FileInfo, node: cst.CSTNode) -> list[str] | None:
    """The names the innermost ``for`` around ``node`` binds, or None outside a loop."""
    cur, _ = fi.parent_of(node)
    while cur is not None and not isinstance(cur, (cst.For, cst.FunctionDef)):
        cur, _ = fi.parent_of(cur)
    if not isinstance(cur, cst.For):
        return None
    t = cur.target
    elts = [e.value for e in t.elements] if isinstance(t, (cst.Tuple, cst.List)) else [t]
    return [e.value for e in elts if isinstance(e, cst.Name)]


def unfilled_push_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``C.append(v)`` at the end of a branch, for a list nothing fills (see the module)."""
    func = fi.func_info(st.func)
    if func is None or not st.alone or st.index != len(st.block) - 1:
        return []
    got = _branch_of(fi, st)
    if got is None:
        return []
    block, siblings = got
    sibling_pushes = [c for s in siblings for c in _pushes(s)]
    if not sibling_pushes and not _counts(block):
        return []
    if isinstance(st.node, cst.SimpleStatementLine) and isinstance(
        st.node.body[-1], (cst.Continue, cst.Break, cst.Return, cst.Raise)
    ):
        return []  # the push before a jump: insert-branch-push's place
    colls: dict[str, str] = {}
    own: dict[str, str] = {}
    if st.cls is not None:
        own = self_collections(fi, st.cls)
        colls.update(own)
        colls.update(dataclass_collections(fi, st.cls))
    colls.update(_collections(fi, func))
    names = _loop_targets(fi, st.node)
    if names is None:
        names = [p for p in func.params if p not in ("self", "cls")]
    if not names:
        return []
    out: list[Mutation] = []
    indent = fi.indent_of_line(st.start)
    pos = fi.line_starts[st.end] if st.end < len(fi.line_starts) else len(fi.source)
    for coll, kind in colls.items():
        if kind != "append" or coll in sibling_pushes or _filled_anywhere(fi, coll):
            continue
        if coll.startswith("self."):
            reads = fi.source.count(f".{coll[5:]}") - 1
        else:
            reads = _name_count(func.node, coll) - 1
        if reads < 1:
            continue
        whole = f"({', '.join(names)})" if len(names) > 1 else names[0]
        values = [whole] + [n for n in names if len(names) > 1]
        if len(names) > 1 and _tuple_arity(_annotation_of(fi, coll)) != len(names):
            values = values[1:] + values[:1]
        for k, v in enumerate(values[:3]):
            text = f"{coll}.append({v})"
            out.append(
                inserted(
                    pos,
                    f"{indent}{text}\n",
                    "insert-unfilled-push",
                    f"insert '{text}' after line {st.end} (a list nothing fills)",
                    st.start,
                    SHAPE_PRIORS["insert-unfilled-push"] * (1.0 - 0.15 * k),
                )
            )
    return out[:4]


# ------------------------------------------------------------------------------ sibling guard


def _guard(stmt: cst.CSTNode) -> tuple[cst.Comparison, cst.Raise] | None:
    """``if a OP K: raise E(...)`` -> (the comparison, the raise)."""
    if not isinstance(stmt, cst.If) or stmt.orelse is not None:
        return None
    body = list(getattr(stmt.body, "body", ()))
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine):
        return None
    small = body[0].body[0]
    test = stmt.test
    if not isinstance(small, cst.Raise) or not isinstance(test, cst.Comparison):
        return None
    if len(test.comparisons) != 1 or not isinstance(
        test.comparisons[0].comparator, (cst.Integer, cst.Float, cst.UnaryOperation)
    ):
        return None
    return test, small


def _typed_subjects(fi: FileInfo, func: FuncInfo, subject: cst.BaseExpression) -> list[str]:
    """Other fields or parameters of ``subject``'s declared type, as expression texts."""
    if isinstance(subject, cst.Attribute) and isinstance(subject.value, cst.Name):
        if subject.value.value != "self":
            return []
        cls = method_class(fi, func)
        fields = class_fields(fi, cls) if cls is not None else []
        own = next((bare_type(a) for f, a in fields if f == subject.attr.value), "")
        return [
            f"self.{f}"
            for f, a in fields
            if own and f != subject.attr.value and bare_type(a) == own
        ]
    if isinstance(subject, cst.Name):
        p = func.node.params
        prms = [*p.posonly_params, *p.params, *p.kwonly_params]
        ann = {
            q.name.value: bare_type(fi.text(q.annotation.annotation))
            for q in prms
            if q.annotation is not None
        }
        own = ann.get(subject.value, "")
        return [n for n, a in ann.items() if own and n != subject.value and a == own]
    return []


def sibling_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if b OP K: raise E(...)`` beside a guard on ``a`` of the same type (see the module)."""
    func = fi.func_info(st.func)
    if func is None or st.func is None or not st.alone or is_docstring(st.node):
        return []
    if fi.parent_of(st.node)[0] is not func.node.body:
        return []
    guards = [(i, g) for i, s in enumerate(st.block) if (g := _guard(s)) is not None]
    if not guards:
        return []
    tested = {fi.text(g[0].left) for _, g in guards if g[0].left in fi.positions}
    out: list[Mutation] = []
    first = next(i for i, _ in guards)
    first_line = fi.line_of(st.block[first])
    indent = fi.indent_of_line(first_line)
    for _, (test, rse) in guards:
        if test.left not in fi.positions:
            continue
        comp = test.comparisons[0]
        op, bound = fi.text(comp.operator).strip(), fi.text(comp.comparator)
        exc = rse.exc
        cls = fi.text(exc.func) if isinstance(exc, cst.Call) else fi.text(exc) if exc else ""
        if not cls:
            continue
        for b in _typed_subjects(fi, func, test.left):
            if b in tested:
                continue
            tested.add(b)
            text = (
                f"{indent}if {b} {op} {bound}:\n"
                f'{indent}{_step(indent)}raise {cls}(f"{b} {op} {bound}: {{{b}!r}}")\n'
            )
            out.append(
                inserted(
                    fi.line_starts[first_line - 1],
                    text,
                    "insert-sibling-guard",
                    f"insert 'if {b} {op} {bound}: raise {cls}(...)' before line {first_line}",
                    st.start,
                    SHAPE_PRIORS["insert-sibling-guard"],
                )
            )
    return out[:3]


# ------------------------------------------------------------------------------ binop-sibling

_BITWISE = frozenset({"&", "|", "^", "<<", ">>"})


def _operator_uses(fi: FileInfo) -> dict[str, dict[str, float]]:
    """Operand text -> {bitwise operator: weight} over the module (reads 1.0, ``op=`` 0.7)."""
    got = fi.memo.get("shape-bitops")
    if isinstance(got, dict):
        return got
    out: dict[str, dict[str, float]] = {}

    def note(operand: cst.CSTNode, tok: str, w: float) -> None:
        if tok in _BITWISE and isinstance(operand, (cst.Name, cst.Attribute)):
            if operand in fi.positions:
                ops = out.setdefault(fi.text(operand), {})
                ops[tok] = max(ops.get(tok, 0.0), w)

    class V(cst.CSTVisitor):
        def visit_BinaryOperation(self, n: cst.BinaryOperation) -> None:
            tok = _BIN_TOKEN.get(type(n.operator), "")
            note(n.left, tok, 1.0)
            note(n.right, tok, 1.0)

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            note(n.target, _AUG_TOKEN.get(type(n.operator), ""), 0.7)

    fi.module.visit(V())
    fi.memo["shape-bitops"] = out
    return out


def sibling_operator_mutations(fi: FileInfo, node: cst.BinaryOperation) -> list[Mutation]:
    """A bitwise operator -> the one the module applies to the same operand (see the module)."""
    tok = _BIN_TOKEN.get(type(node.operator), "")
    if tok not in _BITWISE:
        return []
    uses = _operator_uses(fi)
    ops: dict[str, float] = {}
    for operand in (node.left, node.right):
        if isinstance(operand, (cst.Name, cst.Attribute)) and operand in fi.positions:
            for op, w in uses.get(fi.text(operand), {}).items():
                if op != tok:
                    ops[op] = max(ops.get(op, 0.0), w)
    out = []
    for op, w in sorted(ops.items(), key=lambda t: -t[1])[:2]:
        new = node.with_changes(operator=_BIN_CLASSES[op]())
        desc = f"'{tok}' -> '{op}' in {_short(fi, node)} (as the module uses it elsewhere)"
        out.append(_mut(fi, node, new, "binop-sibling", desc, SHAPE_PRIORS["binop-sibling"] * w))
    return out


# ------------------------------------------------------------------------------ drivers


def shape_header_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """The expression kinds of this module over one statement's header (bodies left out)."""
    func = fi.func_info(st.func)
    out: list[Mutation] = []
    for n in header_nodes_on(fi, st, line):
        if isinstance(n, cst.Integer):
            out.extend(guarded(fi, unit_constant_mutations, fi, n))
        if isinstance(n, cst.BaseExpression):
            out.extend(guarded(fi, display_str_mutations, fi, n, func))
        if isinstance(n, cst.BinaryOperation):
            out.extend(guarded(fi, sibling_operator_mutations, fi, n))
    return out


def shape_statement_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """The statement kinds of this module anchored at ``st``."""
    out: list[Mutation] = []
    for fn in (min_stock_mutations, unfilled_push_mutations, sibling_guard_mutations):
        out.extend(guarded(fi, fn, fi, st))
    return out
