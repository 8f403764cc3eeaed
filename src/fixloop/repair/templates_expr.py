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
"""

from __future__ import annotations

import math
import re
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
    needs_parens,
)

# Template priors: ordinal estimates of how often each kind of change is the correct fix, set from
# the relative yield of the corresponding fix patterns in TBar's and PraPR's evaluations on
# Defects4J (operator, condition and off-by-one mutations fix the most bugs; statement deletion is
# the most often plausible-but-wrong) and from GenProg's experience that deletion overfits.
# They are not numbers copied from the papers.
PRIORS: dict[str, float] = {
    "compare-boundary": 0.9,  # < <-> <=, > <-> >=
    "boolop": 0.85,  # and <-> or
    "compare": 0.6,  # other relational replacements
    "binop": 0.8,  # closely related arithmetic operators (+/-, * / //, ...)
    "binop-other": 0.45,
    "augassign": 0.8,  # += <-> -=, ...
    "assign-kind": 0.35,  # += <-> =
    "off-by-one": 0.75,  # e -> e+1 / e-1 / drop a +-1, in ranges, slices, indices, lengths
    "constant-off-by-one": 0.75,  # integer literal +-1
    "constant-negate": 0.5,
    "constant-replace": 0.35,  # another literal of the function or file
    "constant-common": 0.15,  # a common unit constant near the literal's magnitude
    "constant-to-variable": 0.3,  # a literal becomes the enclosing loop variable
    "bool-literal": 0.5,
    "negate-condition": 0.55,
    "drop-condition": 0.45,
    "variable": 0.5,  # 0.6 for a name bound together with the original (``a, b = ...``)
    "variable-attribute": 0.45,
    "swap-operands": 0.35,
    "swap-literals": 0.4,
    "swap-elements": 0.4,  # (a, b) -> (b, a), also tuple targets
    "swap-params": 0.3,  # def f(a, b) -> def f(b, a)
    "f-string-prefix": 0.5,  # "{x}" -> f"{x}"
    "call-swap-args": 0.6,
    "call-add-arg": 0.55,
    "call-copy-args": 0.45,
    "call-drop-arg": 0.3,
    "method-name": 0.4,
    "drop-call": 0.3,  # an extra conversion or method call
    "format-spec": 0.5,
    "string-literal": 0.2,
    "exception-type": 0.35,
    "mutable-default": 0.7,
    "missing-return": 0.7,
    "return-variable": 0.5,
    "insert-guard": 0.35,
    "insert-loop-step": 0.35,  # while loop never advances its variable
    "insert-init-attribute": 0.4,  # __init__ forgets self.p = p
    "insert-break": 0.2,
    "wrap-try": 0.25,  # builtin error -> the module's own exception
    "insert-statement": 0.3,
    "insert-parallel-update": 0.3,
    "delete-statement": 0.25,
    "unwrap-condition": 0.2,
    "delete-compound": 0.12,
    "move-statement": 0.2,
    # issue 19's kinds (templates_wrap.py, templates_insert.py)
    "constant-related": 0.45,  # 60 -> 3600, 1000 -> 1024
    "string-common": 0.3,  # "" -> "0"
    "literal-container": 0.3,  # [] -> [[]]
    "compare-bound": 0.3,  # == 0 -> <= 1 (operator and bound)
    "add-slice": 0.25,  # xs -> xs[k:]
    "arg-off-by-one": 0.45,  # f(n) -> f(n - 1) for a function of the file
    "while-condition": 0.45,  # while True -> while q
    "wrap-max0": 0.3,
    "wrap-abs": 0.3,
    "wrap-len": 0.35,
    "wrap-not": 0.3,
    "wrap-or-default": 0.3,
    "wrap-none-guard": 0.35,
    "wrap-min-cap": 0.35,  # min(capacity, e) with a bound-named value in scope
    "wrap-max-floor": 0.3,  # max(minimum, e)
    "wrap-round": 0.3,  # round(a * b)
    "insert-entry-guard": 0.35,  # if not self._undone: raise NothingToRedo(...) at the start
    "insert-mirror-guard": 0.45,  # if job.finished_at is None: return "running", as a sibling
    "insert-return-value": 0.35,  # return value after a computed, never-read value
    "insert-mirror-update": 0.35,  # waiting[d] -= 1 beside waiting[d] += 1
    "insert-set-add": 0.4,  # seen.add(x) for a set only read
    "insert-after-loop": 0.35,  # out.append(rest) after the loop
    "insert-pointer-update": 0.35,  # prev = node in a linked-list walk
}

_ARITH = ["+", "-", "*", "/", "//", "%", "**"]
_BITS = ["&", "|", "^"]
_SHIFTS = ["<<", ">>"]


def _spaced_like(cls: Any, op: Any) -> Any:
    """A new operator node of class ``cls`` with the whitespace of ``op``.

    Typed ``Any``: libcst's operator bases (BaseBinaryOp, BaseAugOp, BaseCompOp) do not declare
    the ``whitespace_before``/``whitespace_after`` fields every concrete operator has.
    """
    return cls(whitespace_before=op.whitespace_before, whitespace_after=op.whitespace_after)


class _OneSpace:
    """Stands for an operator spaced ``a + b`` (one space on each side)."""

    whitespace_before = cst.SimpleWhitespace(" ")
    whitespace_after = cst.SimpleWhitespace(" ")


_ONE_SPACE = _OneSpace()

_BIN_CLASSES: dict[str, type[cst.BaseBinaryOp]] = {
    "+": cst.Add,
    "-": cst.Subtract,
    "*": cst.Multiply,
    "/": cst.Divide,
    "//": cst.FloorDivide,
    "%": cst.Modulo,
    "**": cst.Power,
    "&": cst.BitAnd,
    "|": cst.BitOr,
    "^": cst.BitXor,
    "<<": cst.LeftShift,
    ">>": cst.RightShift,
}
_BIN_TOKEN = {v: k for k, v in _BIN_CLASSES.items()}
# Closely related pairs (the usual slips), tried first with the higher prior.
_BIN_RELATED = {
    "+": ["-", "*"],
    "-": ["+"],
    "*": ["/", "//", "+", "**"],
    "/": ["//", "*"],
    "//": ["/", "%", "*"],
    "%": ["//"],
    "**": ["*"],
    "&": ["|"],
    "|": ["&", "^"],
    "^": ["|"],
    "<<": [">>"],
    ">>": ["<<"],
}
_AUG_CLASSES: dict[str, type[cst.BaseAugOp]] = {
    "+": cst.AddAssign,
    "-": cst.SubtractAssign,
    "*": cst.MultiplyAssign,
    "/": cst.DivideAssign,
    "//": cst.FloorDivideAssign,
    "%": cst.ModuloAssign,
    "**": cst.PowerAssign,
    "&": cst.BitAndAssign,
    "|": cst.BitOrAssign,
    "^": cst.BitXorAssign,
    "<<": cst.LeftShiftAssign,
    ">>": cst.RightShiftAssign,
}
_AUG_TOKEN = {v: k for k, v in _AUG_CLASSES.items()}

_CMP_CLASSES: dict[str, type[cst.BaseCompOp]] = {
    "<": cst.LessThan,
    "<=": cst.LessThanEqual,
    ">": cst.GreaterThan,
    ">=": cst.GreaterThanEqual,
    "==": cst.Equal,
    "!=": cst.NotEqual,
    "is": cst.Is,
    "is not": cst.IsNot,
    "in": cst.In,
    "not in": cst.NotIn,
}
_CMP_TOKEN = {v: k for k, v in _CMP_CLASSES.items()}
# (replacement, template) in order of likelihood.
_CMP_ORDER: dict[str, list[tuple[str, str]]] = {
    "<": [
        ("<=", "compare-boundary"),
        (">", "compare"),
        (">=", "compare"),
        ("!=", "compare"),
        ("==", "compare"),
    ],
    "<=": [
        ("<", "compare-boundary"),
        (">=", "compare"),
        (">", "compare"),
        ("==", "compare"),
        ("!=", "compare"),
    ],
    ">": [
        (">=", "compare-boundary"),
        ("<", "compare"),
        ("<=", "compare"),
        ("!=", "compare"),
        ("==", "compare"),
    ],
    ">=": [
        (">", "compare-boundary"),
        ("<=", "compare"),
        ("<", "compare"),
        ("==", "compare"),
        ("!=", "compare"),
    ],
    "==": [
        ("!=", "compare-boundary"),
        ("<=", "compare"),
        (">=", "compare"),
        ("is", "compare"),
        ("<", "compare"),
        (">", "compare"),
    ],
    "!=": [("==", "compare-boundary"), ("<", "compare"), (">", "compare"), ("is not", "compare")],
    "is": [("is not", "compare-boundary"), ("==", "compare")],
    "is not": [("is", "compare-boundary"), ("!=", "compare")],
    "in": [("not in", "compare-boundary")],
    "not in": [("in", "compare-boundary")],
}

# Names that are easily confused for one another (PraPR's "method call replacement" picks a
# same-signature method; without types, the usual confusable pairs of the standard library).
_CONFUSABLE: list[tuple[str, ...]] = [
    ("min", "max"),
    ("any", "all"),
    ("floor", "ceil"),
    ("strip", "lstrip", "rstrip"),
    ("startswith", "endswith"),
    ("append", "extend", "appendleft"),
    ("find", "rfind", "index"),
    ("index", "rindex"),
    ("split", "rsplit", "splitlines"),
    ("partition", "rpartition"),
    ("keys", "values", "items"),
    ("upper", "lower", "title", "capitalize"),
    ("ljust", "rjust", "center"),
    ("remove", "discard", "pop"),
    ("pop", "popleft"),
    ("sorted", "reversed"),
    ("isdigit", "isnumeric", "isalnum", "isalpha", "isdecimal"),
    ("islower", "isupper"),
    ("match", "search", "fullmatch"),
    ("get", "setdefault", "pop"),
    ("add", "update"),
    ("insert", "append"),
    ("str", "repr"),
    ("int", "float", "round"),
    ("copy", "deepcopy"),
    ("heappush", "heappushpop"),
    ("bisect_left", "bisect_right"),
]

# Arguments commonly missing from standard calls: name -> (n positional args now, text to add,
# as keyword?). ``round(x)`` -> ``round(x, 2)`` is the example.
_API_ARGS: dict[str, list[tuple[int, str]]] = {
    "round": [(1, "2"), (1, "1"), (1, "0")],
    "split": [(1, "1")],
    "rsplit": [(1, "1")],
    "replace": [(2, "1")],
    "popitem": [(0, "last=False")],
    "sorted": [(1, "reverse=True")],
    "sort": [(0, "reverse=True")],
    "enumerate": [(1, "1")],
    "get": [(1, "0"), (1, "None")],
    "pop": [(1, "None"), (0, "0")],
    "next": [(1, "None")],
    "getattr": [(2, "None")],
    "range": [(1, "1, @")],  # '@' stands for the existing argument: range(n) -> range(1, n)
    "int": [(1, "0")],
    "dumps": [(1, "sort_keys=True")],
    "move_to_end": [(1, "last=False")],
    "insert": [],
}

# Constants of daily code (units, bases, sizes); a literal may be one of them mistyped.
_COMMON_INTS = [2, 7, 8, 10, 12, 16, 24, 30, 31, 60, 100, 255, 256, 365, 1000, 1024, 3600]

_BUILTIN_EXCEPTIONS = ["ValueError", "TypeError", "KeyError", "IndexError"]


def _mut(
    fi: FileInfo,
    node: cst.CSTNode,
    new: cst.CSTNode | str,
    template: str,
    desc: str,
    prior: float | None = None,
) -> Mutation:
    """Replace ``node`` by ``new`` (a node or expression text), parenthesizing when needed."""
    if isinstance(new, str):
        new_node: cst.CSTNode = cst.parse_expression(new)
    else:
        new_node = new
    new_node = bare(new_node)
    text = code(new_node)
    parent, fld = fi.parent_of(node)
    if not getattr(node, "lpar", None) and needs_parens(parent, new_node, fld):
        text = f"({text})"
    s, e = fi.span(node)
    return Mutation(
        (Edit(s, e, text),),
        template,
        desc,
        fi.line_of(node),
        PRIORS[template] if prior is None else prior,
    )


def _short(fi: FileInfo, node: cst.CSTNode, limit: int = 40) -> str:
    t = " ".join(fi.text(node).split())
    return t if len(t) <= limit else t[: limit - 3] + "..."


def _int_value(node: cst.CSTNode) -> int | None:
    """The value of an integer literal, or of ``-literal``."""
    if isinstance(node, cst.Integer):
        try:
            return int(node.evaluated_value)
        except (ValueError, TypeError):
            return None
    if (
        isinstance(node, cst.UnaryOperation)
        and isinstance(node.operator, cst.Minus)
        and isinstance(node.expression, cst.Integer)
    ):
        v = _int_value(node.expression)
        return None if v is None else -v
    return None


def _fmt_int(value: int, like: cst.CSTNode) -> str:
    raw = like.value if isinstance(like, cst.Integer) else ""
    if raw.lower().startswith("0x") and value >= 0:
        return hex(value) if raw[1] == "x" else "0X" + format(value, "X")
    return str(value)


def _callee(call: cst.Call) -> str | None:
    if isinstance(call.func, cst.Name):
        return call.func.value
    if isinstance(call.func, cst.Attribute):
        return call.func.attr.value
    return None


def _is_load_name(fi: FileInfo, node: cst.Name) -> bool:
    parent, fld = fi.parent_of(node)
    if parent is None:
        return False
    if isinstance(parent, cst.Attribute) and parent.attr is node:
        return False
    if isinstance(parent, cst.Call) and fld == "func":
        return False
    if isinstance(parent, (cst.Arg,)) and parent.keyword is node:
        return False
    if isinstance(
        parent,
        (
            cst.Param,
            cst.FunctionDef,
            cst.ClassDef,
            cst.ImportAlias,
            cst.AsName,
            cst.Decorator,
            cst.Global,
            cst.Nonlocal,
        ),
    ):
        return False
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)) and fld in (
        "",
        "target",
    ):
        # targets are not mutated (the value side is)
        return getattr(parent, "target", None) is not node
    if isinstance(parent, (cst.For, cst.CompFor)) and parent.target is node:
        return False
    if isinstance(parent, (cst.Element,)):
        grand, _ = fi.parent_of(parent)
        if isinstance(grand, (cst.Tuple, cst.List)):
            gg, _ = fi.parent_of(grand)
            if isinstance(gg, (cst.AssignTarget, cst.For, cst.CompFor)):
                return False
    return node.value not in ("True", "False", "None", "self", "cls")


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


# ------------------------------------------------------------------------------ constants


def _near_ints(fi: FileInfo, func: FuncInfo | None, line: int) -> list[int]:
    """Integer literals of the function (nearest lines first), then of the file."""
    ints = fi.ints
    inside = [(abs(ln - line), v) for ln, v in ints if func and func.start <= ln <= func.end]
    outside = [(abs(ln - line), v) for ln, v in ints if not (func and func.start <= ln <= func.end)]
    out: list[int] = []
    for _, v in sorted(inside) + sorted(outside):
        if v not in out:
            out.append(v)
    return out


def _enclosing_loop_vars(func: FuncInfo | None, line: int) -> list[str]:
    if func is None:
        return []
    loops = [(start, names) for start, end, names in func.loop_vars if start < line <= end]
    out: list[str] = []
    for _, names in sorted(loops, reverse=True):
        for n in names:
            if n not in out and n != "_":
                out.append(n)
    return out


def integer_mutations(
    fi: FileInfo, node: cst.CSTNode, func: FuncInfo | None, near: frozenset[str] = frozenset()
) -> list[Mutation]:
    """Integer literal +-1, negation, another literal of the file, a common constant, a loop var.

    A literal becomes an enclosing loop's variable with a higher prior when the statement
    already uses that variable (``d[i][0] = 0`` -> ``d[i][0] = i``); ``near`` holds its names.
    """
    value = _int_value(node)
    if value is None:
        return []
    line = fi.line_of(node)
    out: list[Mutation] = []
    seen = {value}

    def add(v: int, template: str) -> None:
        if v in seen:
            return
        seen.add(v)
        out.append(_mut(fi, node, _fmt_int(v, node), template, f"{fi.text(node)} -> {v}"))

    add(value + 1, "constant-off-by-one")
    add(value - 1, "constant-off-by-one")
    if value:
        add(-value, "constant-negate")
    for v in _near_ints(fi, func, line)[:6]:
        if len(out) >= 7:
            break
        add(v, "constant-replace")
    if abs(value) >= 2:
        mags = sorted(_COMMON_INTS, key=lambda k: abs(math.log(k / abs(value))))
        for v in mags[:3]:
            add(v if value > 0 else -v, "constant-common")
    for name in _enclosing_loop_vars(func, line)[:3]:
        prior = PRIORS["constant-to-variable"] * (1.5 if name in near else 1.0)
        out.append(
            _mut(fi, node, name, "constant-to-variable", f"{fi.text(node)} -> {name}", prior)
        )
    return out


def float_mutations(fi: FileInfo, node: cst.Float, func: FuncInfo | None) -> list[Mutation]:
    """A float literal shifted by a decimal place, or replaced by another float of the file."""
    try:
        value = float(node.value.replace("_", ""))
    except ValueError:
        return []
    out: list[Mutation] = []
    seen = {node.value}
    line = fi.line_of(node)
    lo, hi = (func.start, func.end) if func else (1, len(fi.lines))
    near = sorted((0 if lo <= ln <= hi else 1, abs(ln - line), v) for ln, v in fi.floats)
    for _, _, v in near:
        if v not in seen and len(out) < 3:
            seen.add(v)
            out.append(_mut(fi, node, v, "constant-replace", f"{node.value} -> {v}"))
    for factor in (10, 0.1):
        v = repr(round(value * factor, 12))
        if v not in seen:
            seen.add(v)
            out.append(_mut(fi, node, v, "constant-common", f"{node.value} -> {v}"))
    if value.is_integer():
        for v in (repr(value + 1), repr(value - 1)):
            if v not in seen:
                seen.add(v)
                out.append(_mut(fi, node, v, "constant-off-by-one", f"{node.value} -> {v}"))
    return out


_WRAPPERS = {
    "abs",
    "int",
    "float",
    "str",
    "round",
    "sorted",
    "reversed",
    "list",
    "set",
    "tuple",
    "min",
    "max",
    "sum",
    "len",
    "bool",
    "repr",
}


def drop_call_mutations(fi: FileInfo, node: cst.Call) -> list[Mutation]:
    """A call that should not be there: ``abs(x)`` -> ``x``, ``s.strip().lower()`` -> ``s.strip()``."""
    out = []
    func = node.func
    args = [a for a in node.args if a.keyword is None and not a.star]
    if isinstance(func, cst.Name) and func.value in _WRAPPERS and len(node.args) == len(args) == 1:
        out.append(_mut(fi, node, args[0].value, "drop-call", f"drop the call {func.value}(...)"))
    elif isinstance(func, cst.Attribute) and not node.args:
        target = func.value
        if not (isinstance(target, cst.Name) and target.value in ("self", "cls")):
            out.append(_mut(fi, node, target, "drop-call", f"drop .{func.attr.value}()"))
    return out


def bool_literal_mutations(fi: FileInfo, node: cst.Name) -> list[Mutation]:
    """``True`` <-> ``False`` at ``node`` (no mutation for any other name)."""
    if node.value == "True":
        return [_mut(fi, node, "False", "bool-literal", "True -> False")]
    if node.value == "False":
        return [_mut(fi, node, "True", "bool-literal", "False -> True")]
    return []


def off_by_one_mutations(fi: FileInfo, node: cst.BaseExpression) -> list[Mutation]:
    """``e`` -> ``e + 1`` / ``e - 1`` where ``e`` is a range bound, slice bound, index, length."""
    if _int_value(node) is not None or isinstance(node, (cst.SimpleString, cst.FormattedString)):
        return []
    parent, _ = fi.parent_of(node)
    where = ""
    if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
        call, _ = fi.parent_of(parent)
        if isinstance(call, cst.Call) and _callee(call) in ("range", "islice", "enumerate"):
            where = "range bound"
    elif isinstance(parent, cst.Slice):
        where = "slice bound"
    elif isinstance(parent, cst.Index):
        where = "index"
    elif isinstance(parent, (cst.ComparisonTarget, cst.Comparison)) and _mentions_len(node):
        where = "length comparison"
    elif isinstance(node, cst.Call) and _callee(node) == "len":
        where = "length"
    if not where:
        return []
    out: list[Mutation] = []
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract)):
        if _int_value(node.right) == 1:
            return out  # binop_mutations already drops/flips the +-1
    for sign in ("+", "-"):
        new = cst.BinaryOperation(
            left=node,
            operator=_spaced_like(_BIN_CLASSES[sign], _ONE_SPACE),
            right=cst.Integer("1"),
        )
        new = fix_child_parens(new)
        out.append(_mut(fi, node, new, "off-by-one", f"{where} {_short(fi, node)} {sign} 1"))
    return out


def _mentions_len(node: cst.CSTNode) -> bool:
    found = False

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> bool:
            nonlocal found
            if isinstance(n.func, cst.Name) and n.func.value == "len":
                found = True
            return True

    node.visit(V())
    return found


# ------------------------------------------------------------------------------ names


def variable_mutations(
    fi: FileInfo, node: cst.Name, func: FuncInfo | None, limit: int = 5
) -> list[Mutation]:
    """A variable replaced by another name bound in the same function (siblings first)."""
    if not _is_load_name(fi, node):
        return []
    name = node.value
    line = fi.line_of(node)
    pool: list[str] = []
    siblings: set[str] = set()
    if func is not None and (name in func.locals or name in func.params):
        groups = [g for g in func.groups if name in g]
        for g in groups:
            pool.extend(n for n in g if n != name)
        siblings = set(pool)
        bound = {n: ln for ln, n in reversed(func.assigns)}  # first binding line
        cands = [(abs(ln - line), n) for n, ln in bound.items() if ln <= line]
        cands += [(abs(func.start - line) + 1000, p) for p in func.params]
        for _, n in sorted(cands):
            pool.append(n)
    elif name.isupper() and name in fi.module_names:
        pool = [n for n in fi.module_names if n.isupper()]
    out: list[Mutation] = []
    seen = {name, "self", "cls", "_"}
    for n in pool:
        if n in seen:
            continue
        seen.add(n)
        prior = PRIORS["variable"] + (0.1 if n in siblings else 0.0)
        out.append(_mut(fi, node, n, "variable", f"{name} -> {n}", prior))
        if len(out) >= limit:
            break
    return out


def attribute_mutations(fi: FileInfo, node: cst.Attribute, st: StmtInfo) -> list[Mutation]:
    """``self.a`` -> ``self.b`` for another attribute of the same class."""
    if not (isinstance(node.value, cst.Name) and node.value.value == "self") or st.cls is None:
        return []
    parent, fld = fi.parent_of(node)
    if isinstance(parent, cst.Call) and fld == "func":
        return []
    attrs = fi.class_attrs.get(id(st.cls), [])
    methods = (
        {s.name.value for s in st.cls.body.body if isinstance(s, cst.FunctionDef)}
        if isinstance(st.cls.body, cst.IndentedBlock)
        else set()
    )
    out = []
    s, e = fi.span(node.attr)
    for a in attrs:
        if a == node.attr.value or a in methods:
            continue
        out.append(
            Mutation(
                (Edit(s, e, a),),
                "variable-attribute",
                f"self.{node.attr.value} -> self.{a}",
                fi.line_of(node),
                PRIORS["variable-attribute"],
            )
        )
        if len(out) >= 4:
            break
    return out


# ------------------------------------------------------------------------------ calls


def _with_args(call: cst.Call, args: list[cst.Arg]) -> cst.Call:
    """The call with a new argument list, commas tidied."""
    fixed = []
    for i, a in enumerate(args):
        last = i == len(args) - 1
        if last:
            a = a.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        elif a.comma is cst.MaybeSentinel.DEFAULT:
            a = a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        fixed.append(a)
    return call.with_changes(args=fixed)


def _parse_arg(text: str) -> cst.Arg:
    m = re.fullmatch(r"(\w+)=(.+)", text)
    if m:
        return cst.Arg(
            value=cst.parse_expression(m.group(2)),
            keyword=cst.Name(m.group(1)),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            ),
        )
    return cst.Arg(value=cst.parse_expression(text))


def call_mutations(fi: FileInfo, node: cst.Call) -> list[Mutation]:
    """Arguments swapped, dropped, added (known APIs, sibling calls); method name confusions."""
    out: list[Mutation] = []
    args = list(node.args)
    name = _callee(node)
    positional = [i for i, a in enumerate(args) if a.keyword is None and not a.star]
    # swap two positional arguments
    pairs = [(i, j) for k, i in enumerate(positional) for j in positional[k + 1 :]]
    for i, j in pairs[:6]:
        a, b = args[i].value, args[j].value
        sa, ea = fi.span(a)
        sb, eb = fi.span(b)
        ta, tb = fi.source[sa:ea], fi.source[sb:eb]
        if ta == tb:
            continue
        out.append(
            Mutation(
                (Edit(sa, ea, tb), Edit(sb, eb, ta)),
                "call-swap-args",
                f"swap arguments {ta} and {tb} of {name}()",
                fi.line_of(node),
                PRIORS["call-swap-args"],
            )
        )
    # add an argument a known API often needs
    n_pos = len(positional)
    kws = {a.keyword.value for a in args if a.keyword is not None}
    for n, text in _API_ARGS.get(name or "", []):
        if n != n_pos or any(a.star for a in args):
            continue
        if "@" in text:
            if n != 1:
                continue
            new_first = cst.parse_expression(text.split(",")[0])
            new_args = [cst.Arg(value=new_first)] + args
        else:
            arg = _parse_arg(text)
            if arg.keyword is not None and arg.keyword.value in kws:
                continue
            if arg.keyword is None and kws:
                continue
            new_args = args + [arg]
        new = _with_args(node, new_args)
        out.append(_mut(fi, node, new, "call-add-arg", f"{name}(...) gets argument {text}"))
    # copy the extra arguments another call of the same name in this file passes
    seen_texts: set[str] = set()
    for other in fi.calls:
        if other is node or _callee(other) != name or len(other.args) <= len(args):
            continue
        extra = list(other.args[len(args) :])
        if any(a.star for a in extra):
            continue
        new = _with_args(
            node, args + [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in extra]
        )
        t = code(bare(new))
        if t in seen_texts:
            continue
        seen_texts.add(t)
        out.append(
            _mut(
                fi,
                node,
                new,
                "call-copy-args",
                f"{name}(...) gets the extra arguments of {_short(fi, other)}",
            )
        )
        if len(seen_texts) >= 3:
            break
    # drop one argument
    for i in range(len(args)):
        if args[i].star:
            continue
        new = _with_args(node, args[:i] + args[i + 1 :])
        out.append(
            _mut(fi, node, new, "call-drop-arg", f"drop argument {_short(fi, args[i])} of {name}()")
        )
    out.extend(_method_name_mutations(fi, node, name))
    out.extend(drop_call_mutations(fi, node))
    return out


def _method_name_mutations(fi: FileInfo, node: cst.Call, name: str | None) -> list[Mutation]:
    if name is None:
        return []
    func = node.func
    name_node = func.attr if isinstance(func, cst.Attribute) else func
    alternatives: list[str] = []
    for group in _CONFUSABLE:
        if name in group:
            alternatives.extend(n for n in group if n != name and n not in alternatives)
    if isinstance(func, cst.Attribute):
        receiver = fi.text(func.value)
        for other in fi.calls:
            o = other.func
            if isinstance(o, cst.Attribute) and fi.text(o.value) == receiver:
                m = o.attr.value
                if m != name and m not in alternatives:
                    alternatives.append(m)
    s, e = fi.span(name_node)
    out = []
    for alt in alternatives[:5]:
        out.append(
            Mutation(
                (Edit(s, e, alt),),
                "method-name",
                f"{name}() -> {alt}()",
                fi.line_of(node),
                PRIORS["method-name"],
            )
        )
    return out


# ------------------------------------------------------------------------------ strings

_SPEC = re.compile(
    r"(?P<align>(?:.?[<>=^])?)(?P<sign>[-+ ]?)(?P<alt>#?)(?P<zero>0?)(?P<width>\d*)"
    r"(?P<group>[,_]?)(?P<prec>(?:\.\d+)?)(?P<type>[bcdeEfFgGnosxX%]?)"
)


def spec_variants(spec: str) -> list[str]:
    """Likely corrections of a format spec: zero padding, width and precision +-1, grouping."""
    m = _SPEC.fullmatch(spec)
    if not m:
        return []
    g = m.groupdict()

    def build(**kw: str) -> str:
        d = dict(g, **kw)
        return "".join(
            d[k] for k in ("align", "sign", "alt", "zero", "width", "group", "prec", "type")
        )

    out: list[str] = []
    if g["width"]:
        out.append(build(zero="" if g["zero"] else "0"))
        w = int(g["width"])
        out.append(build(width=str(w + 1)))
        if w > 1:
            out.append(build(width=str(w - 1)))
    if g["prec"]:
        p = int(g["prec"][1:])
        out.append(build(prec=f".{p + 1}"))
        if p > 0:
            out.append(build(prec=f".{p - 1}"))
    elif g["type"] in ("f", "F", "e", "g", "%", ""):
        out.append(build(prec=".2", type=g["type"] or "f"))
    if g["type"] == "d":
        out.append(build(type="f", prec=".2"))
    if not g["group"]:
        out.append(build(group=","))
    return [s for s in out if s != spec]


def format_spec_mutations(fi: FileInfo, node: cst.FormattedStringExpression) -> list[Mutation]:
    """Mutate an f-string replacement field's format spec (``{x:2d}`` -> ``{x:02d}``)."""
    spec = node.format_spec
    if not spec or len(spec) != 1 or not isinstance(spec[0], cst.FormattedStringText):
        return []
    text_node = spec[0]
    s, e = fi.span(text_node)
    out = []
    for v in spec_variants(text_node.value):
        out.append(
            Mutation(
                (Edit(s, e, v),),
                "format-spec",
                f"format spec '{text_node.value}' -> '{v}'",
                fi.line_of(node),
                PRIORS["format-spec"],
            )
        )
    return out


_PCT = re.compile(r"%(?P<flags>[-+ #0]*)(?P<width>\d*)(?P<prec>(?:\.\d+)?)(?P<type>[dioxXeEfFgs])")
_BRACE = re.compile(r"\{[^{}:!]*(?:![rsa])?:(?P<spec>[^{}]*)\}")


def string_format_mutations(fi: FileInfo, node: cst.SimpleString) -> list[Mutation]:
    """Format specs inside ``%``-style and ``str.format`` strings."""
    raw = node.value
    start = fi.span(node)[0]
    out = []
    for m in _BRACE.finditer(raw):
        for v in spec_variants(m.group("spec")):
            a, b = m.span("spec")
            out.append(
                Mutation(
                    (Edit(start + a, start + b, v),),
                    "format-spec",
                    f"format spec '{m.group('spec')}' -> '{v}'",
                    fi.line_of(node),
                    PRIORS["format-spec"],
                )
            )
    for m in _PCT.finditer(raw):
        flags, width, prec = m.group("flags"), m.group("width"), m.group("prec")
        variants = []
        if width:
            variants.append(flags.replace("0", "") if "0" in flags else flags + "0")
        for fl in variants:
            a, b = m.span("flags")
            out.append(
                Mutation(
                    (Edit(start + a, start + b, fl),),
                    "format-spec",
                    f"%-format flags '{flags}' -> '{fl}'",
                    fi.line_of(node),
                    PRIORS["format-spec"],
                )
            )
        if prec:
            p = int(prec[1:])
            a, b = m.span("prec")
            for q in (p + 1, p - 1):
                if q >= 0:
                    out.append(
                        Mutation(
                            (Edit(start + a, start + b, f".{q}"),),
                            "format-spec",
                            f"%-format precision {prec} -> .{q}",
                            fi.line_of(node),
                            PRIORS["format-spec"],
                        )
                    )
    return out


def string_literal_mutations(
    fi: FileInfo, node: cst.SimpleString, func: FuncInfo | None, limit: int = 3
) -> list[Mutation]:
    """A short string literal replaced by another of the same function (or file)."""
    raw = node.value
    if len(raw) > 40 or raw.startswith(('"""', "'''")):
        return []
    parent, _ = fi.parent_of(node)
    if isinstance(parent, cst.Expr):
        return []
    line = fi.line_of(node)
    lo, hi = (func.start, func.end) if func else (1, len(fi.lines))
    cands = sorted((abs(ln - line), s) for ln, s in fi.strings if lo <= ln <= hi)
    out: list[Mutation] = []
    seen = {raw}
    for _, s in cands:
        if s in seen or s[-1:] != raw[-1:]:
            continue
        seen.add(s)
        out.append(_mut(fi, node, s, "string-literal", f"{raw} -> {s}"))
        if len(out) >= limit:
            break
    return out


def exception_mutations(fi: FileInfo, node: cst.CSTNode) -> list[Mutation]:
    """The exception class raised or caught replaced by another one of the file or builtins."""
    if isinstance(node, cst.Raise) and node.exc is not None:
        target = node.exc.func if isinstance(node.exc, cst.Call) else node.exc
    elif isinstance(node, cst.ExceptHandler) and node.type is not None:
        target = node.type
    else:
        return []
    if not isinstance(target, cst.Name):
        return []
    out: list[Mutation] = []
    for alt in [n for n in fi.exc_names + _BUILTIN_EXCEPTIONS if n != target.value][:4]:
        if any(m.description.endswith(f"-> {alt}") for m in out):
            continue
        out.append(_mut(fi, target, alt, "exception-type", f"{target.value} -> {alt}"))
    return out


def swap_element_mutations(fi: FileInfo, node: cst.Tuple) -> list[Mutation]:
    """Swap two elements of a short tuple (values or unpacking targets)."""
    elems = [e for e in node.elements if isinstance(e, cst.Element)]
    if len(elems) != len(node.elements) or not 2 <= len(elems) <= 4:
        return []
    out = []
    for i in range(len(elems)):
        for j in range(i + 1, len(elems)):
            a, b = elems[i].value, elems[j].value
            ta, tb = fi.text(a), fi.text(b)
            if ta == tb:
                continue
            sa, ea = fi.span(a)
            sb, eb = fi.span(b)
            out.append(
                Mutation(
                    (Edit(sa, ea, tb), Edit(sb, eb, ta)),
                    "swap-elements",
                    f"swap {ta} and {tb} in {_short(fi, node)}",
                    fi.line_of(node),
                    PRIORS["swap-elements"],
                )
            )
    return out[:4]


def swap_param_mutations(fi: FileInfo, node: cst.FunctionDef) -> list[Mutation]:
    """Swap the names of two positional parameters of a function definition."""
    params = [p for p in node.params.params if p.name.value not in ("self", "cls")]
    params = [p for p in params if p.default is None]
    out = []
    for i in range(len(params)):
        for j in range(i + 1, len(params)):
            a, b = params[i].name, params[j].name
            sa, ea = fi.span(a)
            sb, eb = fi.span(b)
            out.append(
                Mutation(
                    (Edit(sa, ea, b.value), Edit(sb, eb, a.value)),
                    "swap-params",
                    f"swap parameters {a.value} and {b.value} of {node.name.value}()",
                    fi.line_of(node),
                    PRIORS["swap-params"],
                )
            )
    return out[:3]


_FIELD = re.compile(r"\{([A-Za-z_]\w*)[^{}]*\}")


def f_prefix_mutations(
    fi: FileInfo, node: cst.SimpleString, func: FuncInfo | None
) -> list[Mutation]:
    """A plain string with ``{name}`` fields of names in scope was meant to be an f-string."""
    if func is None or "f" in node.prefix.lower() or "b" in node.prefix.lower():
        return []
    parent, fld = fi.parent_of(node)
    if isinstance(parent, cst.Attribute) and fld == "value":  # "...".format(...)
        return []
    names = set(func.params) | set(func.locals)
    fields = _FIELD.findall(node.value)
    if not fields or not all(f in names for f in fields):
        return []
    s, _ = fi.span(node)
    return [
        Mutation(
            (Edit(s, s, "f"),),
            "f-string-prefix",
            f"make {_short(fi, node)} an f-string",
            fi.line_of(node),
            PRIORS["f-string-prefix"],
        )
    ]


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
