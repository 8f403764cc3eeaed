"""Expression-level fix templates: operators, conditions, constants, names, calls, strings.

These are the mutation operators of PraPR (Ghanbari, Benton, Zhang: "Practical Program Repair via
Bytecode Mutation", ISSTA 2019: arithmetic/relational/logical operator replacement, constant and
variable replacement, method-call and argument mutators) and the expression-level fix patterns of
TBar (Liu, Koyuncu, Kim, Bissyande: "TBar: Revisiting Template-based Automated Program Repair",
ISSTA 2019: FP2 insert/mutate condition, FP4 mutate class instance/variable, FP5 mutate literal,
FP6 mutate method invocation / arguments, FP7 mutate operators, FP8 mutate return statement, FP9
mutate variable), adapted to Python syntax trees.

Each function takes the file index, one statement and its function and returns
:class:`~fixloop.repair.templates_ast.Mutation` objects; the prior of each is the
template's prior (see ``PRIORS`` in :mod:`fixloop.repair.templates`).

This module holds the operator templates and the driver, :func:`expression_mutations`; the
templates on values (:mod:`.templates_values`), calls (:mod:`.templates_calls`) and strings
(:mod:`.templates_strings`) and what they share (:mod:`.templates_base`) live beside it. The
driver looks each template up in this module's namespace (they are imported here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import libcst as cst

from .templates_ast import (
    Edit,
    FileInfo,
    FuncInfo,
    Mutation,
    StmtInfo,
    bare,
    code,
    fix_child_parens,
    guarded,
)
from .templates_base import (
    _ARITH,
    _AUG_CLASSES,
    _AUG_TOKEN,
    _BIN_CLASSES,
    _BIN_RELATED,
    _BIN_TOKEN,
    _BITS,
    _CMP_CLASSES,
    _CMP_ORDER,
    _CMP_TOKEN,
    _SHIFTS,
    PRIORS,
    _int_value,
    _mut,
    _short,
    _spaced_like,
)
from .templates_calls import (
    call_mutations,
    exception_mutations,
    swap_element_mutations,
    swap_param_mutations,
)
from .templates_strings import (
    f_prefix_mutations,
    format_spec_mutations,
    string_format_mutations,
    string_literal_mutations,
)
from .templates_values import (
    attribute_mutations,
    bool_literal_mutations,
    float_mutations,
    integer_mutations,
    off_by_one_mutations,
    variable_mutations,
)

# ------------------------------------------------------------------------------ operators


def binop_mutations(fi: FileInfo, node: cst.BinaryOperation) -> list[Mutation]:
    """Arithmetic, bitwise and shift operator replacement; operand swap; dropping a +-1."""
    out: list[Mutation] = []
    tok = _BIN_TOKEN.get(type(node.operator))
    if tok is None:
        return out
    left_is_str = isinstance(
        node.left, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
    )
    if left_is_str and tok in ("%", "+"):
        return out
    group = _ARITH if tok in _ARITH else _BITS if tok in _BITS else _SHIFTS
    related = _BIN_RELATED.get(tok, [])
    order = related + [t for t in group if t != tok and t not in related]
    op = node.operator
    for t in order:
        new_op = _spaced_like(_BIN_CLASSES[t], op)
        new = fix_child_parens(node.with_changes(operator=new_op))
        template = "binop" if t in related else "binop-other"
        out.append(_mut(fi, node, new, template, f"'{tok}' -> '{t}' in {_short(fi, node)}"))
    # a +- 1 that should not be there (off by one)
    if tok in ("+", "-") and _int_value(node.right) == 1:
        out.append(
            _mut(fi, node, node.left, "off-by-one", f"drop '{tok} 1' from {_short(fi, node)}")
        )
    if tok in ("-", "/", "//", "%", "**", "<<", ">>"):
        new = fix_child_parens(node.with_changes(left=bare(node.right), right=bare(node.left)))
        out.append(_mut(fi, node, new, "swap-operands", f"swap operands of {_short(fi, node)}"))
    return out


def swap_literal_mutations(fi: FileInfo, node: cst.BinaryOperation) -> list[Mutation]:
    """Swap two numeric literals of one arithmetic chain (``x * 9 / 5`` -> ``x * 5 / 9``)."""
    lits: list[cst.Integer | cst.Float] = []

    def walk(n: cst.CSTNode) -> None:
        if isinstance(n, cst.BinaryOperation) and not n.lpar:
            walk(n.left)
            walk(n.right)
        elif isinstance(n, (cst.Integer, cst.Float)):
            lits.append(n)

    walk(node)
    out = []
    for i in range(len(lits)):
        for j in range(i + 1, len(lits)):
            a, b = lits[i], lits[j]
            if a.value == b.value:
                continue
            sa, ea = fi.span(a)
            sb, eb = fi.span(b)
            out.append(
                Mutation(
                    (Edit(sa, ea, b.value), Edit(sb, eb, a.value)),
                    "swap-literals",
                    f"swap {a.value} and {b.value} in {_short(fi, node)}",
                    fi.line_of(node),
                    PRIORS["swap-literals"],
                )
            )
    return out


def augassign_mutations(fi: FileInfo, node: cst.AugAssign) -> list[Mutation]:
    """``+=`` <-> ``-=`` and the other augmented operators; ``x += y`` -> ``x = y``."""
    out: list[Mutation] = []
    tok = _AUG_TOKEN.get(type(node.operator))
    if tok is None:
        return out
    related = _BIN_RELATED.get(tok, [])
    group = _ARITH if tok in _ARITH else _BITS if tok in _BITS else _SHIFTS
    op: Any = node.operator  # a BaseAugOp: every concrete one has the whitespace fields
    s = fi.span(node.target)[1]
    e = fi.span(node.value)[0]
    for t in related + [t for t in group if t != tok and t not in related]:
        new_op = _spaced_like(_AUG_CLASSES[t], op)
        text = code(cst.AugAssign(target=cst.Name("x"), operator=new_op, value=cst.Name("y")))
        text = text[1:-1]
        template = "augassign" if t in related else "binop-other"
        out.append(
            Mutation(
                (Edit(s, e, text),),
                template,
                f"'{tok}=' -> '{t}='",
                fi.line_of(node),
                PRIORS[template],
            )
        )
    text = code(
        cst.Assign(
            targets=[
                cst.AssignTarget(
                    cst.Name("x"),
                    whitespace_before_equal=op.whitespace_before,
                    whitespace_after_equal=op.whitespace_after,
                )
            ],
            value=cst.Name("y"),
        )
    )[1:-1]
    out.append(
        Mutation(
            (Edit(s, e, text),),
            "assign-kind",
            f"'{tok}=' -> '='",
            fi.line_of(node),
            PRIORS["assign-kind"],
        )
    )
    return out


def assign_kind_mutations(fi: FileInfo, node: cst.Assign, func: FuncInfo | None) -> list[Mutation]:
    """``x = y`` -> ``x += y`` / ``x -= y`` when ``x`` was bound before (accumulator slips)."""
    if len(node.targets) != 1 or func is None:
        return []
    target = node.targets[0].target
    if isinstance(target, cst.Name):
        first = func.locals.get(target.value)
        if first is None or first >= fi.line_of(node):
            return []
    elif not isinstance(target, (cst.Attribute, cst.Subscript)):
        return []
    s = fi.span(target)[1]
    e = fi.span(node.value)[0]
    out = []
    for t in ("+", "-"):
        out.append(
            Mutation(
                (Edit(s, e, f" {t}= "),),
                "assign-kind",
                f"'=' -> '{t}='",
                fi.line_of(node),
                PRIORS["assign-kind"],
            )
        )
    return out


def comparison_mutations(fi: FileInfo, node: cst.Comparison) -> list[Mutation]:
    """Relational operator replacement, one comparison target at a time."""
    out: list[Mutation] = []
    for i, target in enumerate(node.comparisons):
        tok = _CMP_TOKEN.get(type(target.operator))
        if tok is None:
            continue
        op = target.operator
        for t, template in _CMP_ORDER.get(tok, []):
            new_op = _spaced_like(_CMP_CLASSES[t], op)
            comps = list(node.comparisons)
            comps[i] = target.with_changes(operator=new_op)
            new = node.with_changes(comparisons=comps)
            out.append(_mut(fi, node, new, template, f"'{tok}' -> '{t}' in {_short(fi, node)}"))
    return out


def boolop_mutations(fi: FileInfo, node: cst.BooleanOperation) -> list[Mutation]:
    """``and`` <-> ``or``; dropping one operand of the condition."""
    op = node.operator
    if isinstance(op, cst.And):
        new_op: cst.BaseBooleanOp = cst.Or(
            whitespace_before=op.whitespace_before, whitespace_after=op.whitespace_after
        )
        desc = "'and' -> 'or'"
    else:
        new_op = cst.And(
            whitespace_before=op.whitespace_before, whitespace_after=op.whitespace_after
        )
        desc = "'or' -> 'and'"
    new = fix_child_parens(node.with_changes(operator=new_op))
    out = [_mut(fi, node, new, "boolop", f"{desc} in {_short(fi, node)}")]
    out.append(
        _mut(
            fi,
            node,
            node.left,
            "drop-condition",
            f"drop '{_short(fi, node.right)}' from the condition",
        )
    )
    out.append(
        _mut(
            fi,
            node,
            node.right,
            "drop-condition",
            f"drop '{_short(fi, node.left)}' from the condition",
        )
    )
    return out


def negation_mutations(
    fi: FileInfo, node: cst.BaseExpression, in_condition: bool
) -> list[Mutation]:
    """Add or remove ``not`` (TBar FP2: mutate the condition)."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        return [
            _mut(
                fi,
                node,
                node.expression,
                "negate-condition",
                f"remove 'not' from {_short(fi, node)}",
            )
        ]
    if not in_condition:
        return []
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
        return []  # ``not a < b`` is ``a >= b``: comparison replacement has it already
    new = cst.UnaryOperation(operator=cst.Not(), expression=bare(node))
    new = fix_child_parens(new)
    return [_mut(fi, node, new, "negate-condition", f"negate {_short(fi, node)}")]


# ------------------------------------------------------------------------------ driver


_SPANNING = (cst.BinaryOperation, cst.BooleanOperation, cst.Comparison, cst.Call)


def expression_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """All expression-level mutations of one statement's header (bodies left out).

    For a header spanning several lines, ``line`` restricts them to the nodes starting on that
    line and the operators and calls spanning it (a long dict literal is not mutated whole).
    """
    func = fi.func_info(st.func)
    near = (
        frozenset(fi.names_in(st.node))
        if isinstance(st.node, cst.SimpleStatementLine)
        else (frozenset())
    )
    out: list[Mutation] = []
    condition_tests: set[int] = set()
    nodes = list(fi.header_nodes(st))
    if line is not None and st.header_end > st.start:
        nodes = [
            n
            for n in nodes
            if n in fi.positions
            and (
                fi.line_of(n) == line
                or (isinstance(n, _SPANNING) and fi.line_of(n) < line <= fi.end_line_of(n))
            )
        ]
    for n in nodes:
        if isinstance(n, (cst.If, cst.While)) or isinstance(n, cst.IfExp):
            condition_tests.add(id(n.test))
        elif isinstance(n, cst.Assert):
            condition_tests.add(id(n.test))
        elif isinstance(n, cst.Return) and isinstance(
            n.value, (cst.Comparison, cst.BooleanOperation, cst.UnaryOperation)
        ):
            condition_tests.add(id(n.value))
    # (node class, template, its arguments after (fi, node))
    handlers: list[tuple[type | tuple[type, ...], Callable[..., Iterable[Mutation]], tuple]] = [
        (cst.BinaryOperation, binop_mutations, ()),
        (cst.Comparison, comparison_mutations, ()),
        (cst.BooleanOperation, boolop_mutations, ()),
        (cst.AugAssign, augassign_mutations, ()),
        (cst.Assign, assign_kind_mutations, (func,)),
        (cst.Call, call_mutations, ()),
        (cst.FormattedStringExpression, format_spec_mutations, ()),
        (cst.Attribute, attribute_mutations, (st,)),
        (cst.Tuple, swap_element_mutations, ()),
        (cst.FunctionDef, swap_param_mutations, ()),
        ((cst.Raise, cst.ExceptHandler), exception_mutations, ()),
    ]
    for n in nodes:
        if n not in fi.positions:
            continue
        for cls, fn, extra in handlers:
            if isinstance(n, cls):
                out.extend(guarded(fi, fn, fi, n, *extra))
        if isinstance(n, cst.BinaryOperation):
            parent, _ = fi.parent_of(n)
            if not isinstance(parent, cst.BinaryOperation) or parent.lpar:
                out.extend(guarded(fi, swap_literal_mutations, fi, n))
        if isinstance(n, cst.BaseExpression):
            in_cond = id(n) in condition_tests
            parent, _ = fi.parent_of(n)
            if isinstance(parent, cst.BooleanOperation) and id(parent) in condition_tests:
                in_cond = True
            if in_cond or (isinstance(n, cst.UnaryOperation) and isinstance(n.operator, cst.Not)):
                out.extend(guarded(fi, negation_mutations, fi, n, in_cond))
            out.extend(guarded(fi, off_by_one_mutations, fi, n))
        if isinstance(n, cst.Integer):
            parent, _ = fi.parent_of(n)
            if not (
                isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Minus)
            ):
                out.extend(guarded(fi, integer_mutations, fi, n, func, near))
        elif isinstance(n, cst.UnaryOperation) and _int_value(n) is not None:
            out.extend(guarded(fi, integer_mutations, fi, n, func, near))
        elif isinstance(n, cst.Float):
            out.extend(guarded(fi, float_mutations, fi, n, func))
        elif isinstance(n, cst.Name):
            out.extend(guarded(fi, bool_literal_mutations, fi, n))
            out.extend(guarded(fi, variable_mutations, fi, n, func))
        elif isinstance(n, cst.SimpleString):
            out.extend(guarded(fi, string_format_mutations, fi, n))
            out.extend(guarded(fi, f_prefix_mutations, fi, n, func))
            out.extend(guarded(fi, string_literal_mutations, fi, n, func))
    return out
