"""Expression templates for kinds the operator mutators miss: wrappers, related literals, two tokens.

Issue 19's held-out failures, as fix patterns (TBar's FP5 mutate literal, FP7 mutate operator,
FP9 mutate variable, and the wrapper fixes of PraPR's method-call mutators and of Python repair
studies, e.g. Widyasari et al., "BugsInPy", FSE 2020 demo, where ``max``/``abs``/``len``/``or``
wrappers and ``None`` checks are common one-line fixes):

- the wrappers (``max(0, e)``, ``abs(e)``, ``len(e)``, ``not e``, ``e or d``, ``min(cap, e)``,
  ``round(e)``, ``x is None or c``) are :mod:`.templates_wrappers`;
- ``constant-related``: an integer literal to a related unit constant (``60`` -> ``3600``,
  ``1000`` -> ``1024``) or its own square;
- ``string-common``: a short string literal to a common one (``""`` -> ``"0"``, ``","`` -> ``", "``),
  also the text between an f-string's fields (``f"{a},{b}"`` -> ``f"{a}, {b}"``);
- ``literal-container``: ``[]`` -> ``[[]]`` / ``[0]`` / ``[None]`` and back;
- ``compare-bound``: operator and integer bound changed together (``== 0`` -> ``<= 1``);
- ``swap-operands`` for ``+`` (string building: ``s + c`` -> ``c + s``);
- ``add-slice``: an iterated or passed sequence sliced (``xs`` -> ``xs[k:]``, ``b`` -> ``b[1:]``);
- ``arg-off-by-one``: a name passed to a function of the file (recursion) +-1 (``f(n)`` ->
  ``f(n - 1)``);
- ``while-condition``: ``while True`` -> ``while q`` for a collection ``q`` the loop pops from.

Every function takes the file index and one node (plus the function) and returns
:class:`~fixloop.repair.templates_ast.Mutation` objects; :func:`wrap_mutations` drives them over a
statement's header, as :func:`~fixloop.repair.templates_expr.expression_mutations` does.
"""

from __future__ import annotations

import libcst as cst

from .templates_ast import (
    Edit,
    FileInfo,
    FuncInfo,
    Mutation,
    StmtInfo,
    bare,
    fix_child_parens,
    guarded,
)
from .templates_base import (
    _BIN_CLASSES,
    _CMP_CLASSES,
    _CMP_TOKEN,
    _ONE_SPACE,
    PRIORS,
    _callee,
    _fmt_int,
    _int_value,
    _is_load_name,
    _mut,
    _short,
    _spaced_like,
)
from .templates_positions import enclosing_funcs

#: Related unit constants: a literal of the key may have been meant as one of these.
RELATED_INTS: dict[int, tuple[int, ...]] = {
    2: (10, 8, 16),
    5: (7, 10),
    7: (30, 31, 365, 24),
    8: (16, 10, 1024),
    10: (100, 1000, 16, 8),
    12: (24, 60),
    16: (8, 10, 32),
    24: (60, 3600, 7, 12),
    30: (31, 60, 7, 365),
    31: (30, 365),
    60: (3600, 24, 1000, 100),
    100: (1000, 10, 60),
    365: (366, 7, 30),
    366: (365,),
    1000: (1024, 100, 60, 1000000),
    1024: (1000, 1048576),
    3600: (60, 86400, 1000),
    86400: (3600, 604800),
}


def related_constant_mutations(fi: FileInfo, node: cst.Integer) -> list[Mutation]:
    """``60`` -> ``3600``, ``1000`` -> ``1024``: a related unit constant, or the square."""
    value = _int_value(node)
    if value is None or value < 2:
        return []
    targets = list(RELATED_INTS.get(value, ()))
    if value * value not in targets and value in (60, 24, 1000, 1024, 10, 12, 16):
        targets.append(value * value)
    return [
        _mut(fi, node, _fmt_int(v, node), "constant-related", f"{fi.text(node)} -> {v}")
        for v in targets[:5]
    ]


_COMMON_STRINGS: dict[str, tuple[str, ...]] = {
    "": ("0", " ", ",", "-", "\\n"),
    "0": ("", "1", "0.0"),
    " ": ("", ", ", "\\n", "_"),
    ",": (", ", ";", " ", ""),
    ", ": (",", " ", "\\n"),
    "\\n": ("", " ", "\\r\\n"),
    "-": ("_", "", " ", "+"),
    "_": ("-", "", " "),
    ":": ("=", ": ", ""),
    ".": ("", ","),
    "/": ("\\\\", "."),
    # open() modes
    "w": ("r", "a"),
    "r": ("w", "rb"),
    "a": ("w",),
    "rb": ("r",),
    "wb": ("w", "ab"),
}


def common_string_mutations(fi: FileInfo, node: cst.SimpleString) -> list[Mutation]:
    """A short literal to a common neighbour (``""`` -> ``"0"``), same quotes and prefix."""
    raw = node.value
    prefix = node.prefix
    if "b" in prefix.lower() or raw[len(prefix) :].startswith(('"""', "'''")):
        return []
    parent, _ = fi.parent_of(node)
    if isinstance(parent, cst.Expr):
        return []
    quote = raw[len(prefix)]
    body = raw[len(prefix) + 1 : -1]
    out = []
    for alt in _COMMON_STRINGS.get(body, ()):
        if quote in alt:
            continue
        new = f"{prefix}{quote}{alt}{quote}"
        out.append(_mut(fi, node, new, "string-common", f"{raw} -> {new}"))
    return out


def fstring_text_mutations(fi: FileInfo, node: cst.FormattedStringText) -> list[Mutation]:
    """``string-common`` on the text between an f-string's fields (``f"{a},{b}"`` -> ``", "``).

    Only a text part that is one of the common strings as a whole, in a one-line f-string.
    """
    fs, _ = fi.parent_of(node)
    if not isinstance(fs, cst.FormattedString) or len(fs.parts) < 2:
        return []
    if fs.start.endswith(('"""', "'''")) or "b" in fs.start.lower():
        return []
    quote = fs.start[-1]
    out = []
    s, e = fi.span(node)
    for alt in _COMMON_STRINGS.get(node.value, ()):
        if quote in alt or "{" in alt or "}" in alt:
            continue
        out.append(
            Mutation(
                (Edit(s, e, alt),),
                "string-common",
                f"f-string text {node.value!r} -> {alt!r}",
                fi.line_of(node),
                PRIORS["string-common"] * 0.9,
            )
        )
    return out


def container_literal_mutations(fi: FileInfo, node: cst.CSTNode) -> list[Mutation]:
    """``[]`` -> ``[[]]`` / ``[0]`` / ``[None]``; ``[[]]`` -> ``[]``."""
    if not isinstance(node, cst.List):
        return []
    if not node.elements:
        news = ["[[]]", "[0]", "[None]"]
    elif (
        len(node.elements) == 1
        and isinstance(node.elements[0].value, cst.List)
        and not node.elements[0].value.elements
    ):
        news = ["[]"]
    else:
        return []
    return [_mut(fi, node, n, "literal-container", f"{fi.text(node)} -> {n}") for n in news]


_BOUND_OPS = ("<=", "<", ">=", ">", "==", "!=")


def compare_bound_mutations(fi: FileInfo, node: cst.Comparison) -> list[Mutation]:
    """Operator and integer bound together: ``n == 0`` -> ``n <= 1``, ``i < 1`` -> ``i <= 0``.

    Only for one comparison against an integer literal; the single-token changes are the other
    templates' (``compare``, ``constant-off-by-one``), so both tokens change here.
    """
    if len(node.comparisons) != 1:
        return []
    target = node.comparisons[0]
    tok = _CMP_TOKEN.get(type(target.operator))
    k = _int_value(target.comparator)
    if tok not in _BOUND_OPS or k is None:
        return []
    out = []
    for k2 in (k + 1, k - 1):
        for op in _BOUND_OPS:
            if op == tok:
                continue
            new_target = target.with_changes(
                operator=_spaced_like(_CMP_CLASSES[op], target.operator),
                comparator=cst.parse_expression(str(k2)),
            )
            new = node.with_changes(comparisons=[new_target])
            out.append(_mut(fi, node, new, "compare-bound", f"{_short(fi, node)} -> '{op} {k2}'"))
    return out


def swap_plus_mutations(fi: FileInfo, node: cst.BinaryOperation) -> list[Mutation]:
    """``s + c`` -> ``c + s`` (concatenation order; the arithmetic swaps are the other's)."""
    if not isinstance(node.operator, cst.Add):
        return []
    if _int_value(node.left) is not None and _int_value(node.right) is not None:
        return []
    parent, _ = fi.parent_of(node)
    if isinstance(parent, cst.BinaryOperation) and not node.lpar:
        return []  # only a whole ``a + b`` (chains: the operands are ambiguous)
    new = fix_child_parens(node.with_changes(left=bare(node.right), right=bare(node.left)))
    return [_mut(fi, node, new, "swap-operands", f"swap operands of {_short(fi, node)}", 0.3)]


_SEQ_CALLS = {
    "zip",
    "enumerate",
    "sum",
    "len",
    "sorted",
    "list",
    "iter",
    "min",
    "max",
    "any",
    "all",
    "join",
    "set",
    "tuple",
    "reversed",
}


def _int_like_names(func: FuncInfo, exclude: str) -> list[str]:
    """Parameters (and locals) other than ``exclude`` that may be slice bounds, params first."""
    out = [p for p in func.params if p not in (exclude, "self", "cls")]
    return out[:3]


def slice_mutations(fi: FileInfo, node: cst.Name, func: FuncInfo | None) -> list[Mutation]:
    """A sequence iterated or passed along gets sliced: ``xs`` -> ``xs[1:]``, ``xs[k:]``.

    Passed along: to a builtin that takes a sequence, or (a parameter) to a function of the file.
    """
    if func is None or not _is_load_name(fi, node):
        return []
    if not any(node.value in f.params or node.value in f.locals for f in enclosing_funcs(fi, func)):
        return []  # bound by neither this function nor one around it (a closure's)
    parent, _ = fi.parent_of(node)
    ok = False
    if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is node:
        ok = True
    elif isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
        call, _ = fi.parent_of(parent)
        own = own_funcs(fi)
        # a sequence handed to a builtin, or a parameter handed on to a function of the file
        # (``parse_args(argv)`` -> ``parse_args(argv[1:])``: the program name dropped)
        ok = isinstance(call, cst.Call) and (
            _callee(call) in _SEQ_CALLS or (_callee(call) in own and node.value in func.params)
        )
    if not ok:
        return []
    name = node.value
    bounds = ["[1:]", "[:-1]"]
    for k in _int_like_names(func, name):
        bounds += [f"[{k}:]", f"[:{k}]"]
    # a parameter handed on whole to a helper of the file: the call is the likely place
    prior = PRIORS["add-slice"] * (1.6 if _callee_of_arg(fi, node) in own_funcs(fi) else 1.0)
    # an end the function reads on its own (``cells[0]`` is the name, ``xs[-1]`` the total):
    # walking the whole sequence treats that end twice
    ends = _ends_read(fi, func, name)
    boost = {"[1:]": 2.0 if 0 in ends else 1.0, "[:-1]": 2.0 if -1 in ends else 1.0}
    return [
        _mut(
            fi,
            node,
            f"{name}{b}",
            "add-slice",
            f"{name} -> {name}{b}" + (" (that end is read apart)" if boost.get(b, 1.0) > 1 else ""),
            prior * boost.get(b, 1.0),
        )
        for b in bounds
    ]


def _ends_read(fi: FileInfo, func: FuncInfo, name: str) -> set[int]:
    """The indexes ``0`` and ``-1`` the function reads ``name`` at (``name[0]``, ``name[-1]``)."""
    out: set[int] = set()

    class V(cst.CSTVisitor):
        def visit_Subscript(self, n: cst.Subscript) -> None:
            if not (isinstance(n.value, cst.Name) and n.value.value == name) or len(n.slice) != 1:
                return
            idx = n.slice[0].slice
            if isinstance(idx, cst.Index):
                v = _int_value(idx.value)
                if v in (0, -1):
                    out.add(v)

    func.node.visit(V())
    return out


def own_funcs(fi: FileInfo) -> set[str]:
    """Names of the functions (and methods) the file defines."""
    return {f.node.name.value for f in fi.funcs.values()}


def _callee_of_arg(fi: FileInfo, node: cst.CSTNode) -> str | None:
    """The callee's name when ``node`` is a positional argument of a call, else None."""
    parent, _ = fi.parent_of(node)
    if not isinstance(parent, cst.Arg):
        return None
    call, _ = fi.parent_of(parent)
    return _callee(call) if isinstance(call, cst.Call) else None


def arg_plus_minus_one(
    fi: FileInfo, arg: cst.Name, callee: str, priors: tuple[float | None, float | None]
) -> list[Mutation]:
    """``arg - 1`` then ``arg + 1`` for the name ``arg`` passed to ``callee``.

    ``priors``: the prior of each of the two mutations, in that order (None: the template's own).
    Shared by :func:`arg_off_by_one_mutations` and ``templates_context.int_arg_mutations``.
    """
    out = []
    for sign, prior in zip(("-", "+"), priors, strict=True):
        new = cst.BinaryOperation(
            left=arg,
            operator=_spaced_like(_BIN_CLASSES[sign], _ONE_SPACE),
            right=cst.Integer("1"),
        )
        desc = f"argument {arg.value} of {callee}() {sign} 1"
        out.append(_mut(fi, arg, new, "arg-off-by-one", desc, prior))
    return out


def arg_off_by_one_mutations(fi: FileInfo, node: cst.Call) -> list[Mutation]:
    """A name passed to a function defined in this file, +-1 (``tri(n)`` -> ``tri(n - 1)``)."""
    name = _callee(node)
    own = {f.node.name.value for f in fi.funcs.values()}
    if name is None or name not in own:
        return []
    out = []
    for a in node.args:
        if a.keyword is not None or a.star or not isinstance(a.value, cst.Name):
            continue
        if a.value.value in ("self", "cls", "None", "True", "False"):
            continue
        out += arg_plus_minus_one(fi, a.value, name, (None, None))
    return out


def while_condition_mutations(
    fi: FileInfo, node: cst.While, func: FuncInfo | None
) -> list[Mutation]:
    """``while True`` -> ``while q`` for a collection ``q`` the loop pops from.

    ``q`` is a name or a ``self.`` field (``while self.queue:`` for ``self.queue.popleft()``: a
    method draining its object's queue, the usual place of a work queue in a class).
    """
    if func is None or not (isinstance(node.test, cst.Name) and node.test.value == "True"):
        return []
    found: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if not (
                isinstance(f, cst.Attribute)
                and f.attr.value in ("pop", "popleft", "popitem", "get_nowait")
            ):
                return
            q = f.value
            if isinstance(q, cst.Name):
                text = q.value
            elif (
                isinstance(q, cst.Attribute)
                and isinstance(q.value, cst.Name)
                and q.value.value == "self"
            ):
                text = f"self.{q.attr.value}"
            else:
                return
            if text not in found:
                found.append(text)

    node.body.visit(V())
    return [
        _mut(fi, node.test, q, "while-condition", f"while True -> while {q}") for q in found[:3]
    ]


def wrap_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """Every template of this module over one statement's header (bodies left out)."""
    func = fi.func_info(st.func)
    nodes = list(fi.header_nodes(st))
    if line is not None and st.header_end > st.start:
        nodes = [n for n in nodes if n in fi.positions and fi.line_of(n) == line]
    out: list[Mutation] = []
    for n in nodes:
        if n not in fi.positions:
            continue
        if isinstance(n, cst.Integer):
            out.extend(guarded(fi, related_constant_mutations, fi, n))
        elif isinstance(n, cst.SimpleString):
            out.extend(guarded(fi, common_string_mutations, fi, n))
        elif isinstance(n, cst.FormattedStringText):
            out.extend(guarded(fi, fstring_text_mutations, fi, n))
        elif isinstance(n, cst.List):
            out.extend(guarded(fi, container_literal_mutations, fi, n))
        elif isinstance(n, cst.Comparison):
            out.extend(guarded(fi, compare_bound_mutations, fi, n))
        elif isinstance(n, cst.BinaryOperation):
            out.extend(guarded(fi, swap_plus_mutations, fi, n))
        elif isinstance(n, cst.Call):
            out.extend(guarded(fi, arg_off_by_one_mutations, fi, n))
        elif isinstance(n, cst.While):
            out.extend(guarded(fi, while_condition_mutations, fi, n, func))
        if isinstance(n, cst.Name):
            out.extend(guarded(fi, slice_mutations, fi, n, func))
    return out
