"""Expression idioms issue 19's held-out runs missed: values read through the wrong door.

Each template reads its ingredient from the program itself, never from a list of known fixes:

- ``alias-local``: a name ``X`` read after the function bound a local ``y`` that stands for it
  (``table = HOURLY if rates is None else rates``, ``opts = options or DEFAULTS``,
  ``rows = list(ROWS)``) -> ``y``: the override the function prepared and then bypassed (the
  real-history kind "a wrong name in scope at the traceback", where the name is defined).
- ``wrap-str``: a number joined into text: the element of a generator or comprehension that is
  the one argument of ``sep.join(...)`` -> ``str(e)`` (a name, a field read or arithmetic); a
  name or field concatenated to a string literal (``"#" + n``), or added to a ``+`` chain
  holding one (``a + "-" + n``) -> ``str(n)``.
- ``wrap-or-default`` on a receiver: an optional field (a ``None`` default of the file, as
  :func:`~.templates_wrappers.none_fields` finds) whose method is called or whose attribute is
  read (``self.stage_name.strip()``) -> ``(self.stage_name or self.name).strip()``, the
  fallback another field of the same class and type (``self.`` fields of the method's class, or
  :func:`~.templates_positions.fallback_fields` for ``x.a``), else an empty string.
- ``constant-from-doc``: an integer literal bound to a name (a parameter's default, an
  assignment, a keyword argument) -> a number the docstrings around it (the function's, its
  class's, the module's) state next to a word of that name (``slot_minutes: int = 30`` under
  "a full groom takes 45 minutes" -> ``45``): the documentation's value over the code's; also
  from a line of the body that reads the parameter (the ``def`` line runs at import), or from a
  method reading ``self.a`` that ``__init__`` stored from that parameter.
- ``wrap-abs`` with documentation: ``abs(v)`` for a value the function branches on by sign and
  then hands on, when its docstring says the value is a magnitude ("whichever the direction",
  "absolute", "how far").
- ``dict-key``: a key of a dict display spelled like no other string of the module, renamed to
  the near spelling the module's other tables and lookups use (``"sugars_g"`` -> ``"sugar_g"``),
  from the key's line or from a line that subscripts the module-level dict.

Ranking: hand-set priors in ``IDIOM_PRIORS`` (ordinal estimates, as :data:`.templates_base.PRIORS`).
:func:`idiom_mutations` runs them over one statement's header (registered in
:func:`fixloop.repair.templates.generate_candidates`).
"""

from __future__ import annotations

import difflib
import re

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded
from .templates_base import _callee, _is_load_name, _mut, _short
from .templates_positions import (
    VALUED,
    bare_type,
    class_fields,
    fallback_fields,
    method_class,
    sign_tested,
    value_position,
)
from .templates_wrappers import none_fields

#: each template's prior plausibility (the engine ranks by suspiciousness x prior)
IDIOM_PRIORS: dict[str, float] = {
    "alias-local": 0.55,
    "wrap-str": 0.45,
    "wrap-or-default": 0.36,  # on a receiver: 1.2 x the wrappers' 0.3, as for an optional field
    "constant-from-doc": 0.5,
    "dict-key": 0.45,
    "wrap-abs": 0.55,  # with a docstring saying magnitude: above the wrappers' plain 0.3
}

#: calls that copy or convert their one argument (``rows = list(ROWS)`` stands for ``ROWS``)
_COPIES = frozenset({"list", "dict", "set", "tuple", "sorted", "copy", "deepcopy", "frozenset"})
#: calls and methods whose value is already text: never wrapped in ``str``
_TEXTUAL = frozenset(
    {
        "str",
        "repr",
        "format",
        "upper",
        "lower",
        "title",
        "strip",
        "lstrip",
        "rstrip",
        "capitalize",
        "join",
        "replace",
        "casefold",
        "zfill",
        "ljust",
        "rjust",
        "center",
        "decode",
        "hex",
        "chr",
    }
)


def _words(name: str) -> set[str]:
    """Lower-case words of an identifier (``slot_minutes`` -> {slot, minutes}, camelCase too)."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return {w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if len(w) >= 3}


# ------------------------------------------------------------------------------ alias-local


def _stands_for(value: cst.BaseExpression, name: str) -> bool:
    """Whether an assigned value is ``name`` or an override of it.

    ``name if c else o`` / ``o if c else name``, ``name or o`` / ``o or name``, a copy or
    conversion ``list(name)`` / ``name.copy()``.
    """

    def is_name(n: cst.BaseExpression) -> bool:
        return isinstance(n, cst.Name) and n.value == name

    if isinstance(value, cst.IfExp):
        return is_name(value.body) or is_name(value.orelse)
    if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or):
        return is_name(value.left) or is_name(value.right)
    if isinstance(value, cst.Call):
        if len(value.args) == 1 and _callee(value) in _COPIES:
            return is_name(value.args[0].value)
        f = value.func
        return isinstance(f, cst.Attribute) and f.attr.value == "copy" and is_name(f.value)
    return False


def alias_local_mutations(fi: FileInfo, node: cst.Name, func: FuncInfo) -> list[Mutation]:
    """``X`` -> ``y`` where an earlier ``y = <X or an override>`` of the function stands for it."""
    if not _is_load_name(fi, node):
        return []
    name = node.value
    line = fi.line_of(node)
    out: list[Mutation] = []
    seen: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return n is func.node  # nested functions have their own locals

        def visit_Assign(self, n: cst.Assign) -> None:
            if len(n.targets) != 1 or not isinstance(n.targets[0].target, cst.Name):
                return
            target = n.targets[0].target.value
            if target == name or target in seen or n not in fi.positions:
                return
            if fi.line_of(n) >= line or not _stands_for(n.value, name):
                return
            seen.add(target)
            out.append(
                _mut(
                    fi,
                    node,
                    target,
                    "alias-local",
                    f"{name} -> {target} (bound from it on line {fi.line_of(n)})",
                    IDIOM_PRIORS["alias-local"],
                )
            )

    func.node.visit(V())
    return out[:2]


# ------------------------------------------------------------------------------ wrap-str


def _textual(node: cst.CSTNode) -> bool:
    """Whether an expression's value is already text (a string, an f-string, a text method)."""
    if isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return True
    if isinstance(node, cst.Call):
        f = node.func
        name = f.attr.value if isinstance(f, cst.Attribute) else _callee(node)
        return name in _TEXTUAL
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo):
        return _textual(node.left)  # "%d" % n
    return False


def _join_call(fi: FileInfo, arg_value: cst.CSTNode) -> bool:
    """``arg_value`` is the one argument of ``<expr>.join(...)``."""
    parent, _ = fi.parent_of(arg_value)
    if not isinstance(parent, cst.Arg) or parent.keyword is not None or parent.star:
        return False
    call, _ = fi.parent_of(parent)
    return (
        isinstance(call, cst.Call)
        and len(call.args) == 1
        and isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "join"
    )


def wrap_str_mutations(fi: FileInfo, node: cst.BaseExpression) -> list[Mutation]:
    """``str(e)`` for a value joined or concatenated into text (see the module docstring).

    Only a field or name read (``e.points``, ``n``) or arithmetic: a lookup or a call may well
    give text already (``LETTERS[c]``, ``rules.get(ch)``), and a list handed to ``join`` whole
    is far more often a list of strings than of numbers, so neither is tried.
    """
    if not isinstance(node, (cst.Name, cst.Attribute, cst.BinaryOperation)):
        return []
    if _textual(node) or "\n" in fi.text(node):
        return []
    if isinstance(node, cst.BinaryOperation) and not isinstance(
        node.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)
    ):
        return []
    parent, fld = fi.parent_of(node)
    short = _short(fi, node)
    prior = IDIOM_PRIORS["wrap-str"]
    new = f"str({fi.text(node)})"
    if isinstance(parent, (cst.GeneratorExp, cst.ListComp)):
        if parent.elt is not node or not _join_call(fi, parent):
            return []
        return [_mut(fi, node, new, "wrap-str", f"{short} -> str(...)", prior)]
    if (
        not isinstance(node, cst.BinaryOperation)
        and isinstance(parent, cst.BinaryOperation)
        and isinstance(parent.operator, cst.Add)
    ):
        other = parent.right if fld == "left" else parent.left
        if isinstance(other, (cst.SimpleString, cst.FormattedString)) or (
            fld == "right" and _text_chain(other)
        ):
            return [_mut(fi, node, new, "wrap-str", f"{short} -> str(...)", prior * 0.8)]
    return []


def _text_chain(node: cst.CSTNode) -> bool:
    """``a + "-"`` / ``"#" + a + b``: a ``+`` chain one of whose operands is a string literal."""
    if isinstance(node, (cst.SimpleString, cst.FormattedString)):
        return True
    return (
        isinstance(node, cst.BinaryOperation)
        and isinstance(node.operator, cst.Add)
        and (_text_chain(node.left) or _text_chain(node.right))
    )


# ------------------------------------------------------------------------------ receivers


def receiver_or_default_mutations(
    fi: FileInfo, node: cst.Attribute, func: FuncInfo | None
) -> list[Mutation]:
    """``(x.a or d).m(...)`` for an optional field ``x.a`` used as a receiver."""
    if not isinstance(node.value, cst.Name) or func is None:
        return []
    parent, fld = fi.parent_of(node)
    if not (isinstance(parent, cst.Attribute) and fld == "value"):
        return []
    attr = node.attr.value
    if attr not in none_fields(fi):
        return []
    alts: list[str] = []
    if node.value.value == "self":
        cls = method_class(fi, func)
        if cls is not None:
            fields = class_fields(fi, cls)
            own = next((bare_type(a) for f, a in fields if f == attr and a), "")
            same = [f for f, a in fields if f != attr and own and bare_type(a) == own]
            unknown = [f for f, a in fields if f != attr and not a]
            alts = [f"self.{f}" for f in (same + unknown)[:2]]
    else:
        alts = fallback_fields(fi, node)
    alts.append('""')
    text = fi.text(node)
    out = []
    for k, d in enumerate(alts):
        m = _mut(
            fi,
            node,
            f"({text} or {d})",
            "wrap-or-default",
            f"{_short(fi, node)} -> ({text} or {d}) as the receiver",
            IDIOM_PRIORS["wrap-or-default"] * (1.0 if k < len(alts) - 1 else 0.7),
        )
        out.append(m)
    return out


# ------------------------------------------------------------------------------ documented constants


def _bound_name(fi: FileInfo, node: cst.Integer) -> str:
    """The name an integer literal is bound to: a parameter, an assignment target, a keyword."""
    cur: cst.CSTNode = node
    parent, _ = fi.parent_of(cur)
    if isinstance(parent, cst.UnaryOperation):
        cur = parent
        parent, _ = fi.parent_of(cur)
    if isinstance(parent, cst.Param) and parent.default is cur:
        return parent.name.value
    if isinstance(parent, cst.Arg) and parent.keyword is not None:
        return parent.keyword.value
    if isinstance(parent, (cst.Assign, cst.AnnAssign)) and parent.value is cur:
        targets = (
            [t.target for t in parent.targets]
            if isinstance(parent, cst.Assign)
            else [parent.target]
        )
        for t in targets:
            if isinstance(t, cst.Name):
                return t.value
            if isinstance(t, cst.Attribute):
                return t.attr.value
    return ""


def _docstrings(fi: FileInfo, node: cst.CSTNode) -> list[str]:
    """The docstrings of the function(s), class(es) and module around ``node``, innermost first."""
    out: list[str] = []
    cur: cst.CSTNode | None = node
    while cur is not None:
        if isinstance(cur, (cst.FunctionDef, cst.ClassDef, cst.Module)):
            doc = cur.get_docstring(clean=True)
            if doc:
                out.append(doc)
        cur, _ = fi.parent_of(cur)
    return out


_NUMBER_WORDS = re.compile(r"(?<![\w.])(\d{1,7})(?![\w.]\d)\s+([A-Za-z][A-Za-z-]*)")


def documented_constant_mutations(fi: FileInfo, node: cst.Integer) -> list[Mutation]:
    """An integer literal -> the number the docstrings around it give for the same thing."""
    name = _bound_name(fi, node)
    if not name:
        return []
    words = _words(name)
    try:
        current = int(node.value.replace("_", ""), 0)
    except ValueError:
        return []
    found: list[int] = []
    for doc in _docstrings(fi, node):
        for num, word in _NUMBER_WORDS.findall(doc):
            w = word.lower().rstrip("s")
            if any(w == x.rstrip("s") for x in words) and int(num) != current:
                if int(num) not in found:
                    found.append(int(num))
    return [
        _mut(
            fi,
            node,
            str(v),
            "constant-from-doc",
            f"{node.value} -> {v} (as a docstring states for {name})",
            IDIOM_PRIORS["constant-from-doc"],
        )
        for v in found[:2]
    ]


def _param_default(func: FuncInfo, name: str) -> cst.Integer | None:
    """The integer literal a parameter ``name`` of the function defaults to, or None."""
    p = func.node.params
    for prm in (*p.posonly_params, *p.params, *p.kwonly_params):
        if prm.name.value == name and isinstance(prm.default, cst.Integer):
            return prm.default
    return None


def read_default_mutations(fi: FileInfo, node: cst.Name, func: FuncInfo) -> list[Mutation]:
    """:func:`documented_constant_mutations` on the default of the parameter ``node`` reads.

    A parameter's default sits on the ``def`` line, which runs at import and so is rarely the
    suspicious line; the body's read of the parameter (``self.slot = slot_minutes``) is.
    """
    if not _is_load_name(fi, node):
        return []
    default = _param_default(func, node.value)
    if default is None or default not in fi.positions:
        return []
    return documented_constant_mutations(fi, default)


def attribute_default_mutations(
    fi: FileInfo, node: cst.Attribute, func: FuncInfo | None
) -> list[Mutation]:
    """The same for ``self.a`` where the class's ``__init__`` stores a defaulted parameter as ``a``."""
    if func is None or not (isinstance(node.value, cst.Name) and node.value.value == "self"):
        return []
    cls = method_class(fi, func)
    if cls is None:
        return []
    init = next(
        (
            f
            for f in fi.funcs.values()
            if f.node.name.value == "__init__" and fi.class_of_func.get(id(f.node)) is cls
        ),
        None,
    )
    if init is None or init is func:
        return []
    attr = node.attr.value
    source = ""

    class V(cst.CSTVisitor):
        def visit_Assign(self, n: cst.Assign) -> None:
            nonlocal source
            for t in n.targets:
                tg = t.target
                if (
                    isinstance(tg, cst.Attribute)
                    and isinstance(tg.value, cst.Name)
                    and tg.value.value == "self"
                    and tg.attr.value == attr
                    and isinstance(n.value, cst.Name)
                ):
                    source = n.value.value

    init.node.visit(V())
    default = _param_default(init, source) if source else None
    if default is None or default not in fi.positions:
        return []
    return documented_constant_mutations(fi, default)


# ------------------------------------------------------------------------------ dict keys


def _key_value(node: cst.CSTNode) -> str | None:
    """The text of a plain string literal (no prefix, no escapes), else None."""
    if not isinstance(node, cst.SimpleString) or node.prefix or "\\" in node.value:
        return None
    v = node.evaluated_value
    return v if isinstance(v, str) else None


def _module_strings(fi: FileInfo) -> dict[str, list[cst.SimpleString]]:
    """Every plain string literal of the module by value (keys, subscripts, arguments...).

    One walk of the module per file (kept in ``fi.memo``).
    """
    got = fi.memo.get("module_strings")
    if isinstance(got, dict):
        return got
    out: dict[str, list[cst.SimpleString]] = {}
    fi.memo["module_strings"] = out

    class V(cst.CSTVisitor):
        def visit_SimpleString(self, n: cst.SimpleString) -> None:
            v = _key_value(n)
            if v is not None:
                out.setdefault(v, []).append(n)

    fi.module.visit(V())
    return out


def _module_dict(fi: FileInfo, name: str) -> cst.Dict | None:
    """The dict display a module-level ``NAME = {...}`` binds, or None."""
    for stmt in fi.module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, (cst.Assign, cst.AnnAssign)) and isinstance(small.value, cst.Dict):
                targets = (
                    [t.target for t in small.targets]
                    if isinstance(small, cst.Assign)
                    else [small.target]
                )
                if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                    return small.value
    return None


def dict_key_mutations(fi: FileInfo, table: cst.Dict) -> list[Mutation]:
    """A key of a dict display spelled like no other string of the module -> the near one.

    For each string key used nowhere else in the module (an orphan), the module's other string
    literals this dict lacks whose ``difflib`` ratio to it is at least 0.8 (``"sugars_g"`` ->
    ``"sugar_g"`` when the other tables and lookups say ``sugar_g``), nearest first; at most two
    per key.
    """
    strings = _module_strings(fi)
    keys = {
        v: el.key
        for el in table.elements
        if isinstance(el, cst.DictElement) and (v := _key_value(el.key)) is not None
    }
    out: list[Mutation] = []
    for v, key in keys.items():
        if len(strings.get(v, ())) > 1 or key not in fi.positions or len(v) < 3:
            continue
        near = [
            (difflib.SequenceMatcher(None, v, t).ratio(), t)
            for t in strings
            if t not in keys and t != v and len(t) >= 3
        ]
        near = sorted((r, t) for r, t in near if r >= 0.8)[::-1][:2]
        old = fi.text(key)
        quote = old[0]
        for r, t in near:
            if quote in t or "\\" in t or "\n" in t:
                continue
            out.append(
                _mut(
                    fi,
                    key,
                    f"{quote}{t}{quote}",
                    "dict-key",
                    f"key {old} -> {quote}{t}{quote} (as the module spells it elsewhere)",
                    IDIOM_PRIORS["dict-key"] * r,
                )
            )
    return out


def _dict_of(fi: FileInfo, node: cst.CSTNode) -> cst.Dict | None:
    """The dict display a header node stands in or reads: a key, or a module name subscripted."""
    if isinstance(node, cst.SimpleString):
        parent, _ = fi.parent_of(node)
        if isinstance(parent, cst.DictElement) and parent.key is node:
            grand, _ = fi.parent_of(parent)
            return grand if isinstance(grand, cst.Dict) else None
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name):
        return _module_dict(fi, node.value.value)
    return None


# ------------------------------------------------------------------------------ magnitudes

#: docstring phrases that say a value is a magnitude, not a signed quantity
_MAGNITUDE_DOC = re.compile(
    r"\b(whichever (?:the )?direction|either direction|regardless of (?:the )?(?:sign|direction)"
    r"|absolute|magnitude|how far)\b",
    re.IGNORECASE,
)


def documented_abs_mutations(
    fi: FileInfo, node: cst.BaseExpression, func: FuncInfo
) -> list[Mutation]:
    """``abs(v)`` for a value the function branches on by sign, under a docstring saying magnitude.

    The function compares ``v`` with zero (:func:`~.templates_positions.sign_tested`) and then
    returns, stores or shows ``v`` itself, and its docstring says the value is a distance
    "whichever the direction" (an absolute value, a magnitude, "how far"): the wrappers' plain
    ``wrap-abs`` with the documentation's evidence, ranked higher.
    """
    if not isinstance(node, (cst.Name, cst.Attribute, cst.Subscript)):
        return []
    if value_position(fi, node) not in VALUED or not sign_tested(fi, node, func.node):
        return []
    doc = func.node.get_docstring(clean=True) or ""
    if not _MAGNITUDE_DOC.search(doc):
        return []
    text = fi.text(node)
    return [
        _mut(
            fi,
            node,
            f"abs({text})",
            "wrap-abs",
            f"{_short(fi, node)} -> abs(...) (the docstring says a magnitude)",
            IDIOM_PRIORS["wrap-abs"],
        )
    ]


# ------------------------------------------------------------------------------ driver


def idiom_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """Every template of this module over one statement's header (bodies left out).

    ``line``: for a header spanning several lines, only the nodes starting on it. Each template
    is guarded: one raising on one node costs only its own mutations there.
    """
    func = fi.func_info(st.func)
    nodes = [n for n in fi.header_nodes(st) if n in fi.positions]
    if line is not None and st.header_end > st.start:
        nodes = [n for n in nodes if fi.line_of(n) == line]
    out: list[Mutation] = []
    tables: set[int] = set()
    for n in nodes:
        if isinstance(n, cst.Name) and func is not None:
            out.extend(guarded(fi, alias_local_mutations, fi, n, func))
            out.extend(guarded(fi, read_default_mutations, fi, n, func))
        if isinstance(n, cst.BaseExpression) and func is not None:
            out.extend(guarded(fi, documented_abs_mutations, fi, n, func))
        if isinstance(n, cst.Attribute):
            out.extend(guarded(fi, receiver_or_default_mutations, fi, n, func))
            out.extend(guarded(fi, attribute_default_mutations, fi, n, func))
        if isinstance(n, cst.Integer):
            out.extend(guarded(fi, documented_constant_mutations, fi, n))
        if isinstance(n, cst.BaseExpression):
            out.extend(guarded(fi, wrap_str_mutations, fi, n))
        table = _dict_of(fi, n)
        if table is not None and id(table) not in tables:
            tables.add(id(table))
            out.extend(guarded(fi, dict_key_mutations, fi, table))
    return out
