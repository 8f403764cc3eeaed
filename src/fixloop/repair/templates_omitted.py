"""Statements a branch or method omits that the program's own declarations and siblings imply.

Issue 19's missing statements, drawn from what the program states elsewhere (the Plastic Surgery
Hypothesis, Barr et al., FSE 2014: fixes are made of code already there; TBar's FP2 "insert null
pointer checker" and FP13 "insert missing return", Liu et al., ISSTA 2019; guard clauses of
Python bug studies, Widyasari et al., BugsInPy, FSE 2020):

- ``insert-optional-guard``: ``if c.teacher is None: continue`` before a statement reading
  through a field the program declares optional (annotated ``T | None`` / ``Optional[T]``, or
  defaulting to ``None``): ``continue`` inside a loop, ``return <the function's zero>`` outside
  one, and in a comprehension the clause ``if c.teacher is not None``.
- ``insert-branch-return``: ``return 0.0`` as the last statement of an ``if`` branch that falls
  through to the function's final ``return``: the value is the zero of the return annotation
  (``float`` -> ``0.0``, ``str`` -> ``""``, ``... | None`` -> ``None``) or a constant the function
  returns elsewhere (an early exit: "a prepaid clean pays nothing").
- ``insert-unraised-guard``: ``if paid < owed: raise Underpaid(f"{paid} < {owed}")`` in a
  function whose docstring names an exception class the module defines and never raises: a
  parameter compared with a value bound before (a local or a ``self`` field the function reads);
  ``<`` first when the docstring says "less"/"short"/"below", ``>`` first for "more"/"exceeds".
- ``insert-set-add`` one level down: ``members[group].add(name)`` for a test ``name in
  members[group]`` of a ``defaultdict(set)`` (or ``list``) nothing adds to at that place.
- ``insert-undo-record``: ``self.history.append(("forward", address, loco.forward))`` before a
  store ``loco.forward = ...`` when a sibling store ``loco.speed = ...`` (same function or
  class) is preceded by a statement that saves the old value (``...append(("speed", address,
  loco.speed))``): that statement with the stored target exchanged, and a string literal naming
  the old attribute renamed to the new one (a journal, an undo stack, a change log).

:func:`omitted_mutations` runs them for one statement (registered in
:func:`fixloop.repair.templates.generate_candidates`).
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import Edit, FileInfo, Mutation, StmtInfo, guarded, is_docstring
from .templates_blocks import _one_line, visible
from .templates_guards import _raised_classes, _step
from .templates_insert import _mutations, free_names
from .templates_lines import _loop_around, inserted
from .templates_missing import message
from .templates_reach import _docstring as docstring_of
from .templates_state import _top_if

#: hand-set priors of this module's templates (as :data:`.templates_setters.SETTER_PRIORS`)
OMITTED_PRIORS: dict[str, float] = {
    "insert-optional-guard": 0.35,  # as none-guard: the field's own declaration says None
    "insert-branch-return": 0.3,
    "insert-unraised-guard": 0.3,  # as insert-cap-guard, less: two names chosen from several
    "insert-undo-record": 0.35,
}

#: the zero value of a return annotation's type
_ZEROS = {"float": "0.0", "int": "0", "str": '""', "bool": "False", "list": "[]", "dict": "{}"}
_LESS = re.compile(r"\b(less|fewer|short|below|under|insufficient|not enough)\b", re.I)
_MORE = re.compile(r"\b(more|greater|exceed\w*|above|over|too (much|many))\b", re.I)


# ------------------------------------------------------------------------------ optional fields


def optional_fields(fi: FileInfo) -> set[str]:
    """Attribute names the module declares optional: ``a: T | None``, ``Optional[T]``, ``= None``.

    Class-body annotations (dataclass fields) and ``self.a: T | None = ...`` / ``self.a = None``
    in methods. One walk per file (``fi.memo``).
    """
    got = fi.memo.get("optional_fields")
    if isinstance(got, set):
        return got
    out: set[str] = set()

    def optional(ann: cst.BaseExpression | None, value: cst.BaseExpression | None) -> bool:
        if isinstance(value, cst.Name) and value.value == "None":
            return True
        if ann is None:
            return False
        text = fi.text(ann) if ann in fi.positions else ""
        return bool(re.search(r"\bNone\b|\bOptional\[", text))

    class V(cst.CSTVisitor):
        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            if not optional(n.annotation.annotation, n.value):
                return
            t = n.target
            if isinstance(t, cst.Name):
                parent, _ = fi.parent_of(n)
                line_parent = fi.parent_of(parent)[0] if parent is not None else None
                if isinstance(fi.parent_of(line_parent)[0] if line_parent else None, cst.ClassDef):
                    out.add(t.value)
            elif isinstance(t, cst.Attribute) and fi.text(t.value) == "self":
                out.add(t.attr.value)

        def visit_Assign(self, n: cst.Assign) -> None:
            for t in n.targets:
                tt = t.target
                if isinstance(tt, cst.Attribute) and fi.text(tt.value) == "self":
                    if optional(None, n.value):
                        out.add(tt.attr.value)

    fi.module.visit(V())
    fi.memo["optional_fields"] = out
    return out


def _zero_of(func: cst.FunctionDef) -> str | None:
    """``return`` text for the function's zero: by its return annotation; None: unknown."""
    if func.returns is None:
        return None
    ann = func.returns.annotation
    if isinstance(ann, cst.Name):
        if ann.value == "None":
            return ""
        return _ZEROS.get(ann.value)
    if isinstance(ann, cst.Subscript) and isinstance(ann.value, cst.Name):
        return _ZEROS.get(ann.value.value)
    if isinstance(ann, cst.BinaryOperation) and isinstance(ann.right, cst.Name):
        return "None" if ann.right.value == "None" else None
    return None


def optional_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if E.a is None: continue`` (or ``return zero``) before ``st`` reading ``E.a.b``."""
    if st.func is None or not st.alone or is_docstring(st.node):
        return []
    opt = optional_fields(fi)
    if not opt:
        return []
    used: list[tuple[str, cst.Attribute]] = []
    for n in fi.header_nodes(st):
        if not (isinstance(n, cst.Attribute) and n.attr.value in opt and n in fi.positions):
            continue
        parent, _ = fi.parent_of(n)
        through = (
            (isinstance(parent, cst.Attribute) and parent.value is n)
            or (isinstance(parent, cst.Subscript) and parent.value is n)
            or (isinstance(parent, cst.Call) and parent.func is n)
        )
        text = fi.text(n)
        if through and "\n" not in text and "(" not in text and text not in (u for u, _ in used):
            used.append((text, n))
    if not used:
        return []
    prior = OMITTED_PRIORS["insert-optional-guard"]
    indent = fi.indent_of_line(st.start)
    step = _step(indent)
    pos = fi.line_starts[st.start - 1]
    loop = _loop_around(fi, st)
    zero = _zero_of(st.func)
    out: list[Mutation] = []
    for text, node in used[:2]:
        comp = _comprehension_of(fi, node)
        if comp is not None:
            if free_names(node) & free_names(comp.target):
                e = fi.span(comp)[1]
                out.append(
                    Mutation(
                        (Edit(e, e, f" if {text} is not None"),),
                        "insert-optional-guard",
                        f"skip the items whose {text} is None in the comprehension",
                        st.start,
                        prior,
                    )
                )
            continue
        if loop is not None and isinstance(loop.node, (cst.For, cst.While)):
            exit_ = "continue"
        elif zero is not None:
            exit_ = f"return {zero}".rstrip()
        else:
            exit_ = "return None"
        out.append(
            inserted(
                pos,
                f"{indent}if {text} is None:\n{indent}{step}{exit_}\n",
                "insert-optional-guard",
                f"insert 'if {text} is None: {exit_}' before line {st.start} (an optional field)",
                st.start,
                prior,
            )
        )
    return out


def _comprehension_of(fi: FileInfo, node: cst.CSTNode) -> cst.CompFor | None:
    """The innermost ``for`` clause of the comprehension whose element holds ``node``."""
    cur: cst.CSTNode | None = node
    while cur is not None:
        parent, _ = fi.parent_of(cur)
        if isinstance(parent, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            elt = [parent.key, parent.value] if isinstance(parent, cst.DictComp) else [parent.elt]
            if any(cur is e for e in elt):
                clause = parent.for_in
                while clause.inner_for_in is not None:
                    clause = clause.inner_for_in
                return clause
            return None
        if isinstance(parent, (cst.BaseStatement, cst.BaseSmallStatement)) or parent is None:
            return None
        cur = parent
    return None


# ------------------------------------------------------------------------------ branch returns


def _returned_constants(fi: FileInfo, func: cst.FunctionDef) -> list[str]:
    """Texts of the literal values the function returns (``0``, ``None``, ``""``), in order."""
    out: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Return(self, n: cst.Return) -> None:
            v = n.value
            lit = isinstance(v, (cst.Integer, cst.Float, cst.SimpleString)) or (
                isinstance(v, cst.Name) and v.value in ("None", "True", "False")
            )
            if v is not None and lit and v in fi.positions and fi.text(v) not in out:
                out.append(fi.text(v))

        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return n is func

    func.visit(V())
    return out


def _ends_flow(block: cst.BaseSuite) -> bool:
    """Whether the block's last statement leaves it (``return``, ``raise``, ``continue``...)."""
    body = getattr(block, "body", ())
    last = body[-1] if body else None
    if isinstance(last, cst.SimpleStatementLine):
        return isinstance(last.body[-1], (cst.Return, cst.Raise, cst.Continue, cst.Break))
    if isinstance(block, cst.SimpleStatementSuite):
        return isinstance(block.body[-1], (cst.Return, cst.Raise, cst.Continue, cst.Break))
    return False


def _returns_after(fi: FileInfo, st: StmtInfo) -> bool:
    """Whether a ``return`` with a value follows the statement ``st`` in its block."""
    for later in st.block[st.index + 1 :]:
        if isinstance(later, cst.SimpleStatementLine) and any(
            isinstance(s, cst.Return) and s.value is not None for s in later.body
        ):
            return True
    return False


def branch_return_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``return zero`` at the end of an ``if`` branch falling through to a ``return`` (module)."""
    if st.func is None:
        return []
    top: StmtInfo | None = None
    if isinstance(st.node, cst.If):  # the ``if`` itself, a statement its branch ends with,
        top = st  # or the ``return`` it falls through to
    elif st.index == len(st.block) - 1 and (owner := _top_if(fi, st.node)) is not None:
        top = fi.stmt_info(owner)
    elif st.index > 0 and isinstance(st.block[st.index - 1], cst.If):
        top = fi.stmt_info(st.block[st.index - 1])
    if top is None or top.func is None or not _returns_after(fi, top):
        return []
    st = top
    assert st.func is not None
    zero = _zero_of(st.func)
    values = [zero] if zero else []
    values += [v for v in _returned_constants(fi, st.func) if v not in values]
    if not values:
        return []
    out: list[Mutation] = []
    clause: cst.CSTNode | None = st.node
    k = 0
    while isinstance(clause, cst.If) and k < 3:  # the ``if`` and its ``elif`` branches
        block = clause.body
        if isinstance(block, cst.IndentedBlock) and block.body and not _ends_flow(block):
            last = block.body[-1]
            end = fi.end_line_of(last)
            indent = fi.indent_of_line(fi.line_of(last))
            for j, v in enumerate(values[:2]):
                out.append(
                    inserted(
                        fi.line_starts[end],
                        f"{indent}return {v}\n",
                        "insert-branch-return",
                        f"insert 'return {v}' after line {end} (the branch's early exit)",
                        st.start,
                        OMITTED_PRIORS["insert-branch-return"] * (1.0 - 0.3 * j) * (1.0 - 0.1 * k),
                    )
                )
        orelse = clause.orelse
        clause = orelse if isinstance(orelse, cst.If) else None
        k += 1
    return out


# ------------------------------------------------------------------------------ unraised guards


def _self_fields_read(fi: FileInfo, func: cst.FunctionDef) -> list[str]:
    """``self.a`` texts the function reads (not through a call or an index), in order."""
    out: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> bool:
            if isinstance(n.value, cst.Name) and n.value.value == "self":
                parent, fld = fi.parent_of(n)
                plain = not isinstance(parent, (cst.Call, cst.Attribute, cst.Subscript))
                if plain and fld != "target" and f"self.{n.attr.value}" not in out:
                    out.append(f"self.{n.attr.value}")
            return True

    func.body.visit(V())
    return out


_NUMERIC = frozenset({"", "int", "float"})


def _changes_state(stmt: cst.CSTNode) -> bool:
    """A line deleting or storing into an attribute or an index (``del d[k]``, ``self.n += v``)."""
    if not isinstance(stmt, cst.SimpleStatementLine):
        return False
    for small in stmt.body:
        if isinstance(small, cst.Del):
            return True
        if isinstance(small, cst.Assign):
            targets = [t.target for t in small.targets]
        elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
            targets = [small.target]
        else:
            continue
        if any(isinstance(t, (cst.Attribute, cst.Subscript)) for t in targets):
            return True
    return False


def _objects(func: cst.FunctionDef) -> set[str]:
    """Plain names the function reads an attribute of (``pledge.item``: an object)."""
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> None:
            if isinstance(n.value, cst.Name):
                out.add(n.value.value)

    func.body.visit(V())
    return out


def _annotation_of(func: cst.FunctionDef, name: str) -> str:
    """The plain-name annotation of parameter ``name`` (``int``), ``"?"`` for another, ``""``."""
    ps = func.params
    for p in (*ps.posonly_params, *ps.params, *ps.kwonly_params):
        if p.name.value == name and p.annotation is not None:
            ann = p.annotation.annotation
            return ann.value if isinstance(ann, cst.Name) else "?"
    return ""


def unraised_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if p < v: raise E(...)`` before ``st`` for the ``E`` the docstring names (see module)."""
    func = fi.func_info(st.func)
    if func is None or st.func is None or not st.alone or is_docstring(st.node):
        return []
    if fi.parent_of(st.node)[0] is not st.func.body:  # the function's own block: a precondition
        return []
    if any(_changes_state(b) for b in st.block[: st.index]):  # a precondition: before changes
        return []
    doc = docstring_of(st.func)
    defined, raised = _raised_classes(fi)
    classes = [
        c
        for c in defined
        if c not in raised and f"raise {c}" not in fi.source and re.search(rf"\b{c}\b", doc)
    ]
    if not classes:
        return []
    objects = _objects(st.func)  # names read through an attribute: no numbers to compare
    params = [
        p
        for p in func.params
        if p not in ("self", "cls") and p not in objects and _annotation_of(st.func, p) in _NUMERIC
    ]
    params.sort(key=lambda p: f"`{p}`" not in doc)  # the parameter the docstring names first
    earlier = [
        n for n, ln in func.locals.items() if ln < st.start and n not in params and n not in objects
    ]
    earlier.sort(key=lambda n: -func.locals[n])  # the most recently bound first
    others = earlier[:2] + params[1:3] + _self_fields_read(fi, st.func)[:2]
    ops = ["<", ">"]
    if _MORE.search(doc) and not _LESS.search(doc):
        ops = [">", "<"]
    indent = fi.indent_of_line(st.start)
    step = _step(indent)
    out: list[Mutation] = []
    for i, p in enumerate(params[:2]):
        if func.locals.get(p, 0) >= st.start:
            continue
        for j, other in enumerate(o for o in others if o != p):
            if j >= 3:
                break
            for k, op in enumerate(ops):
                cond = f"{p} {op} {other}"
                msg = message(p, op, other)
                out.append(
                    inserted(
                        fi.line_starts[st.start - 1],
                        f"{indent}if {cond}:\n{indent}{step}raise {classes[0]}({msg})\n",
                        "insert-unraised-guard",
                        f"insert 'if {cond}: raise {classes[0]}(...)' before line {st.start}",
                        st.start,
                        OMITTED_PRIORS["insert-unraised-guard"]
                        * (1.0 - 0.15 * i)
                        * (1.0 - 0.15 * j)
                        * (1.0 - 0.3 * k),
                    )
                )
    return out


# ------------------------------------------------------------------------------ undo records


def _store_target(node: cst.CSTNode) -> cst.BaseExpression | None:
    """The target of a one-statement line ``T = v`` / ``T += v`` (``T`` an attribute or index)."""
    if not isinstance(node, cst.SimpleStatementLine) or len(node.body) != 1:
        return None
    small = node.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        t: cst.BaseExpression = small.targets[0].target
    elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
        t = small.target
    else:
        return None
    return t if isinstance(t, (cst.Attribute, cst.Subscript)) else None


def _records(fi: FileInfo, scope: cst.CSTNode) -> list[tuple[str, str, str]]:
    """``(record text, target text, attribute)``: each ``R`` just before a store ``T = v``.

    ``R`` (in ``scope``, a class or a function) is a one-call line reading ``T``: the old value
    saved before it is overwritten.
    """
    out: list[tuple[str, str, str]] = []
    for st in fi.stmts:
        if st.index == 0 or not st.alone:
            continue
        if scope is not st.cls and scope is not st.func:
            continue
        target = _store_target(st.node)
        prev = st.block[st.index - 1]
        if target is None or target not in fi.positions or prev not in fi.positions:
            continue
        if not (isinstance(prev, cst.SimpleStatementLine) and len(prev.body) == 1):
            continue
        call = prev.body[0]
        if not (isinstance(call, cst.Expr) and isinstance(call.value, cst.Call)):
            continue
        t, rec = fi.text(target), fi.text(prev).strip()
        reads = any(
            isinstance(a.value, cst.Tuple | cst.Name | cst.Attribute | cst.Subscript)
            and re.search(rf"(?<![\w.]){re.escape(t)}(?![\w(\[])", fi.text(a.value))
            for a in call.value.args
        )
        attr = target.attr.value if isinstance(target, cst.Attribute) else ""
        if reads and "\n" not in rec and (rec, t, attr) not in out:
            out.append((rec, t, attr))
    return out


def undo_record_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """A sibling store's saving statement, retargeted, before the store ``st`` (see module)."""
    target = _store_target(st.node)
    if st.func is None or not st.alone or target is None or target not in fi.positions:
        return []
    if st.func.name.value == "__init__":  # a construction: nothing to undo yet
        return []
    new_t = fi.text(target)
    if "\n" in new_t:
        return []
    new_attr = target.attr.value if isinstance(target, cst.Attribute) else ""
    before = fi.text(st.block[st.index - 1]) if st.index > 0 else ""
    if new_t in before:  # saved already
        return []
    scope: cst.CSTNode = st.cls if st.cls is not None else st.func
    indent = fi.indent_of_line(st.start)
    out: list[Mutation] = []
    seen: set[str] = set()
    for rec, t, attr in _records(fi, scope):
        if t == new_t:
            continue
        text = re.sub(rf"(?<![\w.]){re.escape(t)}(?![\w(\[])", lambda _m: new_t, rec)
        if attr and new_attr:  # the attribute's name as a string: ``("speed", ...)``
            text = re.sub(
                rf"(['\"]){attr}\1", lambda m: f"{m.group(1)}{new_attr}{m.group(1)}", text
            )
        if text == rec or text in seen or text in fi.source:
            continue
        seen.add(text)
        out.append(
            inserted(
                fi.line_starts[st.start - 1],
                f"{indent}{text}\n",
                "insert-undo-record",
                f"insert '{_one_line(text)}' before line {st.start} (as before a store of {t})",
                st.start,
                OMITTED_PRIORS["insert-undo-record"],
            )
        )
    return out[:3]


def omitted_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """This module's kinds for one statement."""
    out: list[Mutation] = []
    for fn in (
        optional_guard_mutations,
        branch_return_mutations,
        unraised_guard_mutations,
        undo_record_mutations,
        grouped_add_mutations,
    ):
        out.extend(guarded(fi, fn, fi, st))
    return out


# ------------------------------------------------------------------------------ dicts of sets


def _grouped(fi: FileInfo) -> dict[str, str]:
    """``self.x`` / names bound to ``defaultdict(set)`` (``list``) -> ``add`` (``append``)."""
    got = fi.memo.get("grouped")
    if isinstance(got, dict):
        return got
    out: dict[str, str] = {}

    def note(target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        if not (
            isinstance(value, cst.Call)
            and fi.text(value.func).split(".")[-1] == "defaultdict"
            and len(value.args) == 1
            and isinstance(value.args[0].value, cst.Name)
        ):
            return
        kind = {"set": "add", "list": "append"}.get(value.args[0].value.value)
        if kind and target in fi.positions:
            out.setdefault(fi.text(target), kind)

    class V(cst.CSTVisitor):
        def visit_Assign(self, n: cst.Assign) -> None:
            if len(n.targets) == 1:
                note(n.targets[0].target, n.value)

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            note(n.target, n.value)

    fi.module.visit(V())
    fi.memo["grouped"] = out
    return out


def grouped_add_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``C[k].add(x)`` near ``st`` for a test ``x in C[k]`` of a ``defaultdict(set)`` ``C``.

    The ``insert-set-add`` kind one level down: the set is a dict's value (members per group,
    visits per day); the test may sit in any method of the class (``self.C``) or the function.
    """
    if st.func is None or not st.alone or is_docstring(st.node):
        return []
    grouped = _grouped(fi)
    if not grouped:
        return []
    bound = visible(fi, st.func)
    pairs: list[tuple[str, str, str]] = []

    class V(cst.CSTVisitor):
        def visit_Comparison(self, n: cst.Comparison) -> None:
            if len(n.comparisons) != 1:
                return
            c = n.comparisons[0]
            coll = c.comparator
            if not isinstance(c.operator, (cst.In, cst.NotIn)) or not isinstance(
                coll, cst.Subscript
            ):
                return
            base = fi.text(coll.value) if coll.value in fi.positions else ""
            if base not in grouped or n.left not in fi.positions:
                return
            item, where = fi.text(n.left), fi.text(coll)
            if isinstance(n.left, cst.Tuple) and not item.startswith("("):
                item = f"({item})"
            names = free_names(n.left) | free_names(coll)
            if "\n" not in item + where and names <= bound and (where, item, base) not in pairs:
                pairs.append((where, item, base))

    (st.cls if st.cls is not None else st.func).visit(V())
    texts = [(f"{where}.{grouped[base]}({item})", 1.0) for where, item, base in pairs[:3]]
    return _mutations(fi, st, texts, "insert-set-add")
