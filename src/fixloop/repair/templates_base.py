"""What the expression templates share: priors, operator tables, the replace-a-node helper.

Split out of :mod:`.templates_expr`: ``PRIORS`` (each template's hand-set prior), the libcst
operator classes by token (``_BIN_CLASSES``, ``_AUG_CLASSES``, ``_CMP_CLASSES`` and the orders
in which replacements are tried), :func:`_mut` (a mutation replacing one node, parenthesized by
precedence) and small readers of nodes (integer values, callee names, whether a name is read).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from .templates_ast import Edit, FileInfo, Mutation, bare, code, needs_parens

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
    "wrap-sorted": 0.3,  # for x in sorted(xs)
    "insert-entry-guard": 0.35,  # if not self._undone: raise NothingToRedo(...) at the start
    "insert-mirror-guard": 0.45,  # if job.finished_at is None: return "running", as a sibling
    "insert-return-value": 0.35,  # return value after a computed, never-read value
    "insert-mirror-update": 0.35,  # waiting[d] -= 1 beside waiting[d] += 1
    "insert-set-add": 0.4,  # seen.add(x) for a set only read
    "insert-after-loop": 0.35,  # out.append(rest) after the loop
    "insert-pointer-update": 0.35,  # prev = node in a linked-list walk
    "insert-loop-return": 0.3,  # return pitch.number at a loop's first hit
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
