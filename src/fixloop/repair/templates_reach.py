"""Reach: fixes whose ingredient the program declares and then never uses.

A name, field, constant or exception class that the code sets up and no statement reads is the
strongest sign of where a missing or wrong piece belongs (the same source as
:mod:`.templates_missing`: fixes made of the program's own code, Barr et al., "The Plastic
Surgery Hypothesis", FSE 2014; GenProg's insertions, Le Goues et al., TSE 2012). Each template
reads its ingredient from the file, never from a list of known fixes:

- ``alias-local`` (unread local): ``X`` -> ``y`` for a name ``X`` read after the function bound a
  local ``y`` that nothing reads (``rate = self.rates[s]`` and then ``f.litres * price``: the
  wrong name in scope, real-history kind); first when ``X`` is a function or class of the module
  used as a value (an operand, never called).
- ``wrap-or-default`` (formatted): an optional field (:func:`~.templates_wrappers.none_fields`)
  shown in an f-string, ``{a.artist}`` -> ``{a.artist or self.desk}``: the fallback another
  field of the object's class or of the method's class of the same type, those the function's
  docstring names first, else ``""``.
- ``add-slice`` (unread constant): a list the function builds and hands on (returned, stored,
  passed, an element of a display) -> ``xs[:K]`` / ``xs[K:]`` for an integer constant ``K`` of
  the module nothing reads, first when the function's docstring names it.
- ``insert-branch-push`` (skip branch): ``C.append(v)`` before the ``continue`` of a branch (an
  ``if`` or ``except`` body) of a loop whose other skipping branch pushes ``v`` on its own
  collection, for a collection ``C`` of the class (``self.x = []`` or a dataclass field
  ``x: list = field(default_factory=list)``) or function that nothing fills but something reads.
- ``insert-cap-guard`` (field bound): ``if p.a > q.max_a: raise E(f"...")`` at the top of a
  function (before its first statement, or after its leading guards) taking two parameters
  annotated with classes of the file, when one class has a bound-named field or property
  (``max_depth``) and the other a field sharing its other word (``depth_m``), and ``E`` is an
  exception class the module declares and never raises; the message shows both values.

:func:`reach_header_mutations` runs the expression kinds over a statement's header;
:func:`reach_statement_mutations` the statement kinds anchored at one statement.
"""

from __future__ import annotations

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded, is_docstring
from .templates_base import PRIORS, _is_load_name, _mut, _short
from .templates_blocks import _step, self_collections
from .templates_context import CONTEXT_PRIORS
from .templates_guards import _raised_classes
from .templates_idioms import IDIOM_PRIORS
from .templates_insert import _bound, _collections, free_names
from .templates_lines import _one_line, inserted
from .templates_missing import dataclass_collections, message
from .templates_positions import (
    bare_type,
    class_fields,
    fallback_fields,
    header_nodes_on,
    method_class,
    module_assignments,
    value_position,
)
from .templates_wrappers import _CAP_WORDS, _words, none_fields

#: calls whose value is a fresh list (``ranked = sorted(...)``)
_LISTS = frozenset({"list", "sorted"})


def _docstring(node: cst.FunctionDef | cst.ClassDef | cst.Module) -> str:
    """The docstring of a function, class or module, or ``""``."""
    body = node.body if isinstance(node, cst.Module) else getattr(node.body, "body", ())
    first = body[0] if body else None
    if isinstance(first, cst.SimpleStatementLine) and is_docstring(first):
        small = first.body[0]
        value = small.value if isinstance(small, cst.Expr) else None
        text = value.evaluated_value if isinstance(value, cst.SimpleString) else None
        return text if isinstance(text, str) else ""
    return ""


def _name_count(node: cst.CSTNode, name: str) -> int:
    """How many ``Name`` nodes spell ``name`` in ``node`` (attribute names and keywords aside)."""
    count = 0

    class V(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> bool:
            n.value.visit(self)
            return False

        def visit_Arg(self, n: cst.Arg) -> bool:
            n.value.visit(self)
            return False

        def visit_Name(self, n: cst.Name) -> None:
            nonlocal count
            count += n.value == name

    node.visit(V())
    return count


def _module_defs(fi: FileInfo) -> set[str]:
    """Names of the module's top-level functions and classes."""
    return {s.name.value for s in fi.module.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))}


# ------------------------------------------------------------------------------ unread local


def unread_locals(fi: FileInfo, func: FuncInfo) -> dict[str, int]:
    """Locals ``func`` binds by plain assignment and never reads -> their binding line."""
    plain: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Assign(self, n: cst.Assign) -> None:
            if len(n.targets) == 1 and isinstance(n.targets[0].target, cst.Name):
                plain.add(n.targets[0].target.value)

    func.node.visit(V())
    out: dict[str, int] = {}
    for line, name in func.assigns:
        if name not in plain or name in func.params or name.startswith("_") or name in out:
            continue
        bindings = sum(1 for _, n in func.assigns if n == name)
        if _name_count(func.node, name) == bindings:
            out[name] = line
    return out


def unread_local_mutations(fi: FileInfo, node: cst.Name, func: FuncInfo) -> list[Mutation]:
    """``X`` -> ``y`` for a local ``y`` bound before and never read (see the module docstring)."""
    if not _is_load_name(fi, node) or node.value in ("self", "cls", "None", "True", "False"):
        return []
    up: cst.CSTNode | None = node
    while up is not None and not isinstance(up, cst.BaseStatement):
        if isinstance(up, cst.Annotation):
            return []  # a type, not a value
        up, _ = fi.parent_of(up)
    line = fi.line_of(node)
    parent, fld = fi.parent_of(node)
    if isinstance(parent, cst.Call) and fld == "func":
        return []
    misused = node.value in _module_defs(fi) and node.value not in func.locals
    out = []
    for y, at in unread_locals(fi, func).items():
        if at >= line or y == node.value:
            continue
        out.append(
            _mut(
                fi,
                node,
                y,
                "alias-local",
                f"{node.value} -> {y} (bound on line {at}, never read)",
                IDIOM_PRIORS["alias-local"] * (1.0 if misused else 0.6),
            )
        )
    return out[:2]


# ------------------------------------------------------------------------------ formatted default


def formatted_default_mutations(
    fi: FileInfo, node: cst.Attribute, func: FuncInfo
) -> list[Mutation]:
    """``{x.a}`` -> ``{x.a or F}`` for an optional field ``a`` shown in an f-string."""
    if value_position(fi, node) != "formatted" or node.attr.value not in none_fields(fi):
        return []
    own = ""
    for other in fi.classes.values():
        for f, ann in class_fields(fi, other):
            if f == node.attr.value and ann:
                own = bare_type(ann)
    alts: list[str] = fallback_fields(fi, node)  # the object's other fields of that type
    cls = method_class(fi, func)
    if cls is not None:  # the method's own fields of the same type (unknown types too)
        alts += [
            f"self.{f}"
            for f, ann in class_fields(fi, cls)
            if not (own and ann) or bare_type(ann) == own
        ]
    doc = _words(_docstring(func.node))
    alts.sort(key=lambda a: not (_words(a) & doc))
    text = fi.text(node)
    out = []
    for k, d in enumerate([*alts[:3], '""']):
        # the docstring names the fallback ("billed to the desk"): the strongest sign there is
        weight = 1.4 if d != '""' and _words(d) & doc else 0.8 if d != '""' else 0.6
        out.append(
            _mut(
                fi,
                node,
                f"{text} or {d}",
                "wrap-or-default",
                f"{_short(fi, node)} -> ... or {d} (an optional field shown)",
                IDIOM_PRIORS["wrap-or-default"] * weight * (1.0 if k == 0 else 0.9),
            )
        )
    return out


# ------------------------------------------------------------------------------ unread constant


def unread_constants(fi: FileInfo) -> list[str]:
    """Module-level names bound once to an integer literal that no statement reads (per file)."""
    got = fi.memo.get("unread_constants")
    if isinstance(got, list):
        return got
    out = [
        name
        for name, value in module_assignments(fi)
        if isinstance(value, cst.Integer) and _name_count(fi.module, name) == 1
    ]
    fi.memo["unread_constants"] = out
    return out


def _list_local(func: FuncInfo, name: str) -> bool:
    """Whether ``func`` binds ``name`` to a list display, a list comprehension or a list call."""
    found = False

    class V(cst.CSTVisitor):
        def visit_Assign(self, n: cst.Assign) -> None:
            nonlocal found
            if len(n.targets) != 1 or not isinstance(n.targets[0].target, cst.Name):
                return
            if n.targets[0].target.value != name:
                return
            v = n.value
            found = (
                found
                or isinstance(v, (cst.List, cst.ListComp))
                or (
                    isinstance(v, cst.Call)
                    and isinstance(v.func, cst.Name)
                    and v.func.value in _LISTS
                )
            )

    func.node.visit(V())
    return found


def constant_slice_mutations(fi: FileInfo, node: cst.Name, func: FuncInfo) -> list[Mutation]:
    """``xs`` -> ``xs[:K]`` / ``xs[K:]`` for an unread integer constant ``K`` of the module."""
    if not _is_load_name(fi, node) or value_position(fi, node) not in (
        "return",
        "assign",
        "arg",
        "element",
    ):
        return []
    if not _list_local(func, node.value):
        return []
    doc = _docstring(func.node)
    out = []
    for k in unread_constants(fi)[:2]:
        named = 1.0 if k in doc else 0.5
        for b, w in ((f"[:{k}]", 1.0), (f"[{k}:]", 0.7)):
            out.append(
                _mut(
                    fi,
                    node,
                    f"{node.value}{b}",
                    "add-slice",
                    f"{node.value} -> {node.value}{b} ({k} is read nowhere)",
                    PRIORS["add-slice"] * 2.0 * named * w,
                )
            )
    return out


# ------------------------------------------------------------------------------ skip-branch push


def _skips_with_push(fi: FileInfo, stmt: cst.CSTNode) -> list[str]:
    """Values an ``if`` statement's body pushes (``c.append(v)``) before it ends in ``continue``."""
    if not isinstance(stmt, cst.If):
        return []
    body = list(getattr(stmt.body, "body", ()))
    if len(body) < 2 or not _is_continue(body[-1]):
        return []
    out = []
    for b in body[:-1]:
        if not isinstance(b, cst.SimpleStatementLine) or len(b.body) != 1:
            continue
        e = b.body[0]
        call = e.value if isinstance(e, cst.Expr) else None
        if (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value in ("append", "add")
            and len(call.args) == 1
        ):
            out.append(fi.text(call.args[0].value))
    return out


def _is_continue(stmt: cst.CSTNode) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Continue)
    )


def _filled_anywhere(fi: FileInfo, coll: str) -> bool:
    """Whether the module adds to ``coll`` (``coll.append(``, ``coll[k] =``, ``coll +=``...)."""
    src = fi.source
    return any(
        f"{coll}{tail}" in src
        for tail in (".append(", ".add(", ".extend(", ".insert(", ".update(", "[", " +=", " |=")
    )


def skip_push_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``C.append(v)`` before a branch's ``continue`` (see the module docstring)."""
    if not _is_continue(st.node) or not st.alone or st.func is None:
        return []
    func = fi.func_info(st.func)
    block, _ = fi.parent_of(st.node)
    branch, _ = fi.parent_of(block) if block is not None else (None, "")
    if func is None or not isinstance(branch, (cst.If, cst.ExceptHandler, cst.Else)):
        return []
    loop: cst.CSTNode | None = branch
    while loop is not None and not isinstance(loop, (cst.For, cst.While)):
        loop, _ = fi.parent_of(loop)
    if loop is None:
        return []
    values: list[str] = []
    for stmt in getattr(getattr(loop, "body", None), "body", ()):
        values += [v for v in _skips_with_push(fi, stmt) if v not in values]
    if not values:
        return []
    colls: dict[str, str] = {}
    own: dict[str, str] = {}
    if st.cls is not None:
        own = self_collections(fi, st.cls)
        colls.update(own)
        colls.update(dataclass_collections(fi, st.cls))
    colls.update(_collections(fi, func))
    bound = _bound(fi, func)
    texts: list[tuple[str, float]] = []
    for coll, kind in colls.items():
        if kind == "dict" or _filled_anywhere(fi, coll):
            continue
        if coll.startswith("self."):
            reads = fi.source.count(f".{coll[5:]}") - (coll in own)
        else:
            reads = _name_count(func.node, coll) - 1
        if reads < 1:
            continue  # nothing reads it: nothing reports it
        for k, v in enumerate(values[:2]):
            if free_names(cst.parse_expression(v)) <= bound:
                texts.append((f"{coll}.{kind}({v})", 1.0 - 0.2 * k))
    indent = fi.indent_of_line(st.start)
    pos = fi.line_starts[st.start - 1]
    return [
        inserted(
            pos,
            f"{indent}{text}\n",
            "insert-branch-push",
            f"insert '{text}' before the continue of line {st.start}",
            st.start,
            CONTEXT_PRIORS["insert-branch-push"] * w,
        )
        for text, w in texts[:3]
    ]


# ------------------------------------------------------------------------------ field bound guard


def _class_named(fi: FileInfo, annotation: cst.Annotation | None) -> cst.ClassDef | None:
    if annotation is None or not isinstance(annotation.annotation, cst.Name):
        return None
    want = annotation.annotation.value
    return next((c for c in fi.classes.values() if c.name.value == want), None)


def _fields_and_properties(fi: FileInfo, cls: cst.ClassDef) -> list[str]:
    out = [f for f, _ in class_fields(fi, cls)]
    for s in getattr(cls.body, "body", ()):
        if isinstance(s, cst.FunctionDef) and any(
            isinstance(d.decorator, cst.Name) and d.decorator.value == "property"
            for d in s.decorators
        ):
            out.append(s.name.value)
    return out


def field_bound_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if p.a > q.max_a: raise E(...)`` at the top of a function (see the module docstring)."""
    func = fi.func_info(st.func)
    if func is None or not st.alone or fi.parent_of(st.node)[0] is not func.node.body:
        return []
    for before in st.block[: st.index]:  # only a docstring and guard clauses may come before
        if not (is_docstring(before) or _is_guard(before)):
            return []
    defined, raised = _raised_classes(fi)
    classes = [c for c in defined if c not in raised and _name_count(fi.module, c) == 1]
    if not classes:
        return []
    typed = [
        (p.name.value, cls)
        for p in func.node.params.params
        if (cls := _class_named(fi, p.annotation)) is not None
    ]
    pairs: list[tuple[str, str]] = []
    for q, qcls in typed:
        for bound in _fields_and_properties(fi, qcls):
            rest = _words(bound) - _CAP_WORDS
            if not (_words(bound) & _CAP_WORDS) or not rest:
                continue
            for p, pcls in typed:
                if p == q:
                    continue
                for f in _fields_and_properties(fi, pcls):
                    if _words(f) & rest and not (_words(f) & _CAP_WORDS):
                        pairs.append((f"{p}.{f}", f"{q}.{bound}"))
    indent = fi.indent_of_line(st.start)
    step = _step(indent)
    pos = fi.line_starts[st.start - 1]
    out = []
    for value, bound in pairs[:2]:
        cond = f"{value} > {bound}"
        msg = message(value, ">", bound)
        out.append(
            inserted(
                pos,
                f"{indent}if {cond}:\n{indent}{step}raise {classes[0]}({msg})\n",
                "insert-cap-guard",
                f"insert 'if {_one_line(cond)}: raise {classes[0]}(...)' before line {st.start}",
                st.start,
                0.35,
            )
        )
    return out


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


# ------------------------------------------------------------------------------ drivers


def reach_header_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """The expression kinds of this module over one statement's header (bodies left out)."""
    func = fi.func_info(st.func)
    if func is None:
        return []
    out: list[Mutation] = []
    for n in header_nodes_on(fi, st, line):
        if isinstance(n, cst.Name):
            out.extend(guarded(fi, unread_local_mutations, fi, n, func))
            out.extend(guarded(fi, constant_slice_mutations, fi, n, func))
        elif isinstance(n, cst.Attribute):
            out.extend(guarded(fi, formatted_default_mutations, fi, n, func))
    return out


def reach_statement_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """The statement kinds of this module anchored at ``st``."""
    out: list[Mutation] = []
    for fn in (skip_push_mutations, field_bound_guard_mutations):
        out.extend(guarded(fi, fn, fi, st))
    return out
