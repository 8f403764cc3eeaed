"""The validation a setter leaves out: a guard on the value it stores.

Issue 19's missing guard clause, in the place a real program keeps its invariant: the property
setter (or ``set_...`` method) every write goes through, not one of its callers (TBar's FP2
"insert null pointer/range checker" and the guard clauses of Python repair studies, e.g.
Widyasari et al., BugsInPy, FSE 2020 demo; the condition and the exception are drawn from the
program, in the spirit of the Plastic Surgery Hypothesis, Barr et al., FSE 2014):

- ``insert-setter-guard``: ``if value < 0: raise E(value)`` as the first statement (after the
  docstring) of a setter that stores its parameter ``value`` into ``self``, when the module
  declares an exception class ``E`` that nothing raises and the value is a number (annotated
  ``int``/``float``) or the docstring speaks of zero or negatives. ``<= 0`` instead when the
  docstring asks for a positive value. ``E`` named in the setter's docstring ranks first. A guard
  at one caller (``play`` checking before ``self.tokens -= cost``) is the typical wrong fix: the
  other writers (a transfer) still break the invariant.

:func:`setter_mutations` runs it for one statement (registered in
:func:`fixloop.repair.templates.generate_candidates`).
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded, is_docstring
from .templates_guards import _raised_classes, _step
from .templates_lines import inserted
from .templates_reach import _docstring as docstring_of

#: hand-set priors of this module's templates (as :data:`.templates_state.STATE_PRIORS`)
SETTER_PRIORS: dict[str, float] = {
    "insert-setter-guard": 0.35,  # as insert-shortfall-guard: a guard derived from the program
}

_NUMBER_TYPES = frozenset({"int", "float"})
_FLOOR_WORDS = re.compile(r"\b(zero|negative|below|non-negative|nonnegative)\b", re.I)
_POSITIVE = re.compile(r"\bpositive\b|\babove zero\b|\bat least one\b", re.I)


def _is_setter(func: cst.FunctionDef) -> bool:
    """``@x.setter`` or a method named ``set_...``."""
    for dec in func.decorators:
        d = dec.decorator
        if isinstance(d, cst.Attribute) and d.attr.value == "setter":
            return True
    return func.name.value.startswith("set_")


def _stored_param(fi: FileInfo, func: FuncInfo) -> str:
    """The parameter the function's body stores into ``self`` (``self._x = value``), or ``""``."""
    params = [p for p in func.params if p not in ("self", "cls")]
    body = func.node.body
    for stmt in getattr(body, "body", ()):
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if not isinstance(small, cst.Assign) or len(small.targets) != 1:
                continue
            t, v = small.targets[0].target, small.value
            if (
                isinstance(t, cst.Attribute)
                and isinstance(t.value, cst.Name)
                and t.value.value == "self"
                and isinstance(v, cst.Name)
                and v.value in params
            ):
                return v.value
    return ""


def _annotation(func: cst.FunctionDef, name: str) -> str:
    params = func.params
    for p in (*params.posonly_params, *params.params, *params.kwonly_params):
        if p.name.value == name and p.annotation is not None:
            ann = p.annotation.annotation
            return ann.value if isinstance(ann, cst.Name) else ""
    return ""


def setter_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if v < 0: raise E(v)`` at the top of a setter storing ``v`` (see module)."""
    func = fi.func_info(st.func)
    if func is None or st.func is None or not st.alone:
        return []
    if fi.parent_of(st.node)[0] is not func.node.body or is_docstring(st.node):
        return []
    if not all(is_docstring(b) for b in st.block[: st.index]) or not _is_setter(st.func):
        return []
    value = _stored_param(fi, func)
    if not value:
        return []
    doc = docstring_of(st.func)
    if _annotation(st.func, value) not in _NUMBER_TYPES and not _FLOOR_WORDS.search(doc):
        return []
    defined, raised = _raised_classes(fi)
    classes = [c for c in defined if c not in raised and f"raise {c}" not in fi.source]
    if not classes:  # no error the module declares and never signals: no sign of a missing check
        return []
    classes.sort(key=lambda c: c not in doc)  # the one the docstring names first
    op = "<=" if _POSITIVE.search(doc) else "<"
    indent = fi.indent_of_line(st.start)
    out: list[Mutation] = []
    for k, cls in enumerate(classes[:2]):
        cond = f"{value} {op} 0"
        out.append(
            inserted(
                fi.line_starts[st.start - 1],
                f"{indent}if {cond}:\n{indent}{_step(indent)}raise {cls}({value})\n",
                "insert-setter-guard",
                f"insert 'if {cond}: raise {cls}(...)' before line {st.start} (the setter's guard)",
                st.start,
                SETTER_PRIORS["insert-setter-guard"] * (1.0 if k == 0 else 0.7),
            )
        )
    return out


def setter_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """This module's kinds for one statement."""
    return guarded(fi, setter_guard_mutations, fi, st)
