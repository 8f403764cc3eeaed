"""Statement templates that add a check: a guard clause raising, a ``try`` turning an error.

TBar's FP1/FP3/FP10 (insert cast, null pointer and range checkers; Liu et al., ISSTA 2019)
become ``if <cond>: raise ...`` with the exception the function already raises; ``wrap-try``
turns a built-in error into the module's own exception. Split out of :mod:`.templates_stmt`,
whose :func:`~.templates_stmt.statement_mutations` runs them.
"""

from __future__ import annotations

import libcst as cst

from .templates_ast import Edit, FileInfo, Mutation, StmtInfo
from .templates_base import PRIORS
from .templates_lines import (
    _line,
    _line_span,
    _loop_around,
    _nearest_return,
    _one_line,
    _simple,
    inserted,
)
from .templates_values import _near_ints


def _nearest_raise(fi: FileInfo, st: StmtInfo) -> str | None:
    """The text of the nearest ``raise`` statement of the function (else of the file)."""
    func = fi.func_info(st.func)
    best: tuple[int, int, str] | None = None
    for line, node, f in fi.raises:
        info = fi.stmt_info(node)
        if info is None:
            continue
        rank = (0 if func is not None and f is func else 1, abs(line - st.start))
        text = fi.stmt_text(info, "").strip()
        if best is None or rank < best[:2]:
            best = (rank[0], rank[1], text)
    return best[2] if best else None


def _digit_bases(func: cst.CSTNode | None, name: str) -> list[int]:
    """Integers ``K`` of the function's ``acc * K + name`` (or ``name + K * acc``) sums.

    Positional notation: ``name`` is a digit of base ``K`` (``value * 256 + octet``), so its
    range is ``0 <= name < K``, and the range guard is ``name >= K``, not ``name > K``.
    """
    if func is None:
        return []
    out: list[int] = []

    def base(e: cst.BaseExpression) -> int | None:
        if isinstance(e, cst.BinaryOperation) and isinstance(e.operator, cst.Multiply):
            for side in (e.left, e.right):
                if isinstance(side, cst.Integer):
                    try:
                        k = int(side.evaluated_value)
                    except (TypeError, ValueError):
                        return None
                    return k if k > 1 else None
        return None

    class V(cst.CSTVisitor):
        def visit_BinaryOperation(self, n: cst.BinaryOperation) -> None:
            if not isinstance(n.operator, cst.Add):
                return
            for digit, other in ((n.right, n.left), (n.left, n.right)):
                if isinstance(digit, cst.Name) and digit.value == name:
                    k = base(other)
                    if k is not None and k not in out:
                        out.append(k)

    func.visit(V())
    return out


def guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Insert ``if <cond>: raise ...`` before/after ``st`` (TBar's range/null/containment checks).

    Conditions come from what the statement does: ``a, b = s.split(sep)`` needs ``sep in s``;
    ``d[k]`` needs ``k in d``; ``x / y`` needs ``y != 0``; a freshly assigned number ``v`` may be
    out of range (``v < 0``, ``v > K`` with ``K`` a constant of the function; ``v >= K`` first
    when ``v`` is a digit of base ``K``, ``acc * K + v``: :func:`_digit_bases`).
    """
    if not _simple(st) or st.func is None or len(_line(st).body) != 1:
        return []
    raise_text = _nearest_raise(fi, st) or "raise ValueError()"
    small = _line(st).body[0]
    before: list[tuple[str, float]] = []
    after: list[tuple[str, float]] = []
    unpacks = isinstance(small, cst.Assign) and isinstance(
        small.targets[0].target, (cst.Tuple, cst.List)
    )

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if (
                isinstance(f, cst.Attribute)
                and f.attr.value in ("split", "index", "rsplit", "partition")
                and n.args
                and n.args[0].keyword is None
            ):
                cond = f"{fi.text(n.args[0].value)} not in {fi.text(f.value)}"
                before.append((cond, 1.0 if unpacks or f.attr.value == "index" else 0.6))
            if (
                isinstance(f, cst.Attribute)
                and f.attr.value in ("pop", "popleft", "popitem")
                and isinstance(f.value, (cst.Name, cst.Attribute))
            ):
                before.append((f"not {fi.text(f.value)}", 0.9))  # an empty collection

        def visit_Subscript(self, n: cst.Subscript) -> None:
            if len(n.slice) == 1 and isinstance(n.slice[0].slice, cst.Index):
                key = n.slice[0].slice.value
                if isinstance(key, (cst.Name, cst.SimpleString)) and isinstance(
                    n.value, (cst.Name, cst.Attribute)
                ):
                    before.append((f"{fi.text(key)} not in {fi.text(n.value)}", 0.7))
                elif isinstance(n.value, (cst.Name, cst.Attribute)) and isinstance(
                    key, (cst.Integer, cst.UnaryOperation)
                ):
                    before.append((f"not {fi.text(n.value)}", 0.8))  # xs[0], xs[-1] of empty

        def visit_BinaryOperation(self, n: cst.BinaryOperation) -> None:
            if isinstance(n.operator, (cst.Divide, cst.FloorDivide, cst.Modulo)) and isinstance(
                n.right, (cst.Name, cst.Attribute)
            ):
                before.append((f"{fi.text(n.right)} == 0", 0.8))

    small.visit(V())
    if (
        isinstance(small, cst.Assign)
        and len(small.targets) == 1
        and isinstance(small.targets[0].target, cst.Name)
    ):
        v = small.targets[0].target.value
        after.append((f"{v} < 0", 0.8))
        func = fi.func_info(st.func)
        # a digit of base K (``acc * K + v``): its range is 0 <= v < K
        for k in _digit_bases(st.func, v):
            after.append((f"{v} >= {k}", 0.85))
        consts = [k for k in _near_ints(fi, func, st.start) if k not in (0, 1, -1)][:3]
        for k in consts:
            after.append((f"{v} > {k}", 0.8))
            after.append((f"{v} >= {k}", 0.7))
        after.append((f"{v} is None", 0.5))
    func = fi.func_info(st.func)
    if func is not None:
        for name in sorted(fi.names_in(small) & set(func.params) - {"self", "cls"}):
            before.append((f"not {name}", 0.5))
    bodies: list[tuple[str, float]] = [(raise_text, 1.0)]
    ret = _nearest_return(fi, st)
    if ret is not None:
        bodies.append((ret, 0.6))
    if _loop_around(fi, st) is not None:
        bodies.append(("continue", 0.5))
    indent = fi.indent_of_line(st.start)
    step = "    " if not indent or indent[0] == " " else "\t"
    out: list[Mutation] = []
    seen: set[str] = set()
    for conds, pos_line, where in ((before, st.start - 1, "before"), (after, st.end, "after")):
        for cond, weight in conds:
            if cond in seen:
                continue
            seen.add(cond)
            for body, bw in bodies:
                text = f"{indent}if {cond}:\n{indent}{step}{body}\n"
                pos = fi.line_starts[pos_line]
                out.append(
                    inserted(
                        pos,
                        text,
                        "insert-guard",
                        f"insert guard 'if {cond}: {_one_line(body)}' {where} line {st.start}",
                        st.start,
                        PRIORS["insert-guard"] * weight * bw,
                    )
                )
    out.sort(key=lambda m: -m.prior)
    return out[:16]


def try_wrap_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Turn the builtin error of a conversion or lookup into the module's own ``raise``.

    ``v = int(text)`` -> ``try: v = int(text) / except ValueError: <the nearest raise>``.
    """
    if not _simple(st) or st.func is None:
        return []
    raise_text = _nearest_raise(fi, st)
    if raise_text is None:
        return []
    catches: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            name = f.value if isinstance(f, cst.Name) else getattr(f, "attr", None)
            name = name.value if isinstance(name, cst.Name) else name
            if name in ("int", "float", "Decimal", "index", "fromisoformat", "strptime"):
                if "ValueError" not in catches:
                    catches.append("ValueError")

        def visit_Subscript(self, n: cst.Subscript) -> None:
            if "(KeyError, IndexError)" not in catches:
                catches.append("(KeyError, IndexError)")

    st.node.visit(V())
    indent = fi.indent_of_line(st.start)
    step = "    " if not indent or indent[0] == " " else "\t"
    s, e = _line_span(fi, st.start, st.end)
    body = fi.stmt_text(st, indent + step)
    out = []
    for exc in catches[:2]:
        text = f"{indent}try:\n{body}{indent}except {exc}:\n{indent}{step}{raise_text}\n"
        out.append(
            Mutation(
                (Edit(s, e, text),),
                "wrap-try",
                f"catch {exc} around line {st.start} and {_one_line(raise_text)}",
                st.start,
                PRIORS["wrap-try"],
            )
        )
    return out
