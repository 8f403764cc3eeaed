"""Statement templates on returns and defaults: missing return, returned variable, default.

A missing return, another variable returned, a shared mutable default.

TBar's FP8 (mutate return statement; Liu et al., ISSTA 2019) and the standard Python fix for a
shared default (``x=[]`` -> ``x=None`` plus a fresh value per call). Split out of
:mod:`.templates_stmt`, whose :func:`~.templates_stmt.function_mutations` and
:func:`~.templates_stmt.statement_mutations` run them.
"""

from __future__ import annotations

import libcst as cst

from .templates_ast import Edit, FileInfo, FuncInfo, Mutation, StmtInfo, code, is_docstring
from .templates_base import PRIORS
from .templates_lines import _line, inserted

# ------------------------------------------------------------------------------ returns


def _last_bound(func: FuncInfo, before_line: int | None = None) -> list[str]:
    """Local names, the most recently bound first (loop variables last)."""
    loop_names = {n for _, _, names in func.loop_vars for n in names}
    seen: list[str] = []
    for line, name in sorted(func.assigns, reverse=True):
        if before_line is not None and line > before_line:
            continue
        if name not in seen and name != "_":
            seen.append(name)
    return [n for n in seen if n not in loop_names] + [n for n in seen if n in loop_names]


def missing_return_mutations(fi: FileInfo, func: FuncInfo) -> list[Mutation]:
    """A function that computes a value but never returns it gets ``return <local>``."""
    node = func.node
    if func.has_value_return or func.is_generator or node.name.value.startswith("__"):
        return []
    if not isinstance(node.body, cst.IndentedBlock) or not node.body.body:
        return []
    last = fi.stmt_info(node.body.body[-1])
    if last is None:
        return []
    if isinstance(last.node, cst.SimpleStatementLine) and isinstance(
        last.node.body[-1], (cst.Return, cst.Raise)
    ):
        return []
    indent = fi.indent_of_line(last.start)
    pos = fi.line_starts[last.end]
    out = []
    for name in _last_bound(func)[:4]:
        out.append(
            inserted(
                pos,
                f"{indent}return {name}\n",
                "missing-return",
                f"add 'return {name}' at the end of {node.name.value}()",
                last.end,
                PRIORS["missing-return"],
            )
        )
    return out


def return_variable_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``return`` / ``return None`` -> ``return <local>`` (most recently bound first)."""
    if not isinstance(st.node, cst.SimpleStatementLine) or st.func is None:
        return []
    small = _line(st).body[0]
    if not isinstance(small, cst.Return):
        return []
    if small.value is not None and not (
        isinstance(small.value, cst.Name) and small.value.value == "None"
    ):
        return []
    func = fi.func_info(st.func)
    if func is None:
        return []
    out = []
    if small.value is None:
        s = e = fi.span(small)[1]
        fmt = " {}"
    else:
        s, e = fi.span(small.value)
        fmt = "{}"
    for name in _last_bound(func, st.start)[:4]:
        out.append(
            Mutation(
                (Edit(s, e, fmt.format(name)),),
                "return-variable",
                f"return {name} instead of None",
                st.start,
                PRIORS["return-variable"],
            )
        )
    return out


# ------------------------------------------------------------------------------ defaults

_MUTABLE = {"[]": "list", "{}": "dict", "list()": "list", "dict()": "dict", "set()": "set"}


def mutable_default_mutations(fi: FileInfo, func: FuncInfo) -> list[Mutation]:
    """``def f(x=[])``: default ``None`` plus a fresh value per call (two variants)."""
    node = func.node
    body = node.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return []
    out: list[Mutation] = []
    for p in list(node.params.params) + list(node.params.kwonly_params):
        if p.default is None:
            continue
        dtext = code(p.default).strip()
        ctor = _MUTABLE.get(dtext.replace(" ", ""))
        if ctor is None:
            continue
        name = p.name.value
        ds, de = fi.span(p.default)
        fix_default = Edit(ds, de, "None")
        # variant 1: guard at the top of the body (after the docstring)
        stmts = list(body.body)
        first_i = 1 if stmts and is_docstring(stmts[0]) and len(stmts) > 1 else 0
        first = fi.stmt_info(stmts[first_i])
        if first is None:
            continue
        indent = fi.indent_of_line(first.start)
        step = "    " if indent[:1] != "\t" else "\t"
        fresh = "[]" if ctor == "list" else "{}" if ctor == "dict" else "set()"
        pos = fi.line_starts[first.start - 1]
        guard = f"{indent}if {name} is None:\n{indent}{step}{name} = {fresh}\n"
        out.append(
            Mutation(
                (fix_default, Edit(pos, pos, guard)),
                "mutable-default",
                f"default {name}={dtext} -> None, fresh {fresh} per call",
                fi.line_of(p),
                PRIORS["mutable-default"],
            )
        )
        # variant 2: copy at the first use (``self.x = list(x) if x is not None else []``)
        use = _first_use(fi, body, name)
        if use is not None:
            s, e = fi.span(use)
            repl = f"{ctor}({name}) if {name} is not None else {fresh}"
            parent, _ = fi.parent_of(use)
            if not isinstance(parent, (cst.Assign, cst.Arg, cst.Return)):
                repl = f"({repl})"
            out.append(
                Mutation(
                    (fix_default, Edit(s, e, repl)),
                    "mutable-default",
                    f"default {name}={dtext} -> None, copied at its first use",
                    fi.line_of(p),
                    PRIORS["mutable-default"] * 0.95,
                )
            )
    return out


def _first_use(fi: FileInfo, body: cst.IndentedBlock, name: str) -> cst.Name | None:
    found: list[cst.Name] = []

    class V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            if n.value == name and not found:
                parent, fld = fi.parent_of(n)
                if isinstance(parent, cst.Attribute) and parent.attr is n:
                    return
                if isinstance(parent, (cst.AssignTarget,)):
                    return
                found.append(n)

    body.visit(V())
    return found[0] if found else None
