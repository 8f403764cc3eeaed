"""Mirror images: what one branch or method does and its twin leaves out, with the roles swapped.

Issue 19's missing-statement kinds where the missing piece exists in the program under other
names (GenProg's insertion of a statement of the same program, Le Goues et al., TSE 2012; the
"plastic surgery hypothesis", Barr et al., FSE 2014: the fix ingredients are in the program), and
two value wrappers whose ingredient the program names elsewhere (PraPR's method-call mutators,
Ghanbari et al., ISSTA 2019; TBar's FP "wrap with method", Liu et al., ISSTA 2019):

- ``insert-twin-branch``: two branches of one function guarded alike (``if self.follows: ...
  else: <T>`` and ``if self.leads: ... else: <B>``, both ``else`` or both ``if`` bodies) whose
  tests differ in one name pair (``follows``/``leads``): when ``T`` is ``B``'s statements, in
  order, plus one more (string literals and the swapped names aside), ``B`` gets that statement
  with the two names exchanged (``self.leads.append(name)`` -> ``self.follows.append(name)``):
  a queue, counter or log kept on one side of a symmetric protocol and forgotten on the other.
  Also twin methods of a class whose names differ in one word (``board_car`` / ``board_van``):
  the longer body's extra line, that word exchanged inside the names (``self.cars`` ->
  ``self.vans``).
- ``insert-mirror-update`` (renamed): the counter update another method of the class makes
  (``self.out[kind] = self.out.get(kind, 0) + 1``), undone here (``self.out[engine.kind] -= 1``
  or ``= ... - 1``) when a name it reads is not visible here but that method's own guard equates
  it with one that is (``if engine.kind == kind``: ``kind`` -> ``engine.kind``). The variant with
  every name visible is :mod:`.templates_context_stmt`'s.
- ``wrap-str`` (receiver): a number used as the receiver of a method only text has
  (``self.number.zfill(n)``, ``code.rjust(4)``) -> ``str(e).zfill(n)``, when the value is a
  field or parameter annotated ``int``/``float``, or one the file turns into text elsewhere
  (``str(order.number)``).

The sentinel default of ``wrap-or-default`` (``seat=row.get("seat") or UNRESERVED`` where the
class tests ``self.seat != UNRESERVED``) is :func:`.templates_positions.compared_constants`.

:func:`mirror_statement_mutations` and :func:`mirror_header_mutations` drive them for one statement
(registered in :func:`fixloop.repair.templates.generate_candidates`).
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded
from .templates_base import _mut, _short
from .templates_blocks import _one_line, visible
from .templates_context import CONTEXT_PRIORS
from .templates_context_stmt import _flip_assign
from .templates_idioms import IDIOM_PRIORS
from .templates_insert import _insert_points, free_names
from .templates_lines import inserted
from .templates_positions import class_fields, header_nodes_on, method_class

#: hand-set priors of this module's new kind (the others reuse their kind's prior)
MIRROR_PRIORS: dict[str, float] = {
    "insert-twin-branch": 0.4,  # as insert-branch-push: a push a sibling branch makes
}

_STRING = re.compile(r"""[rRbBuUfF]{0,2}("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


# ------------------------------------------------------------------------------ twin branches


def _branch_of(fi: FileInfo, block: cst.CSTNode) -> tuple[cst.If, bool] | None:
    """``(if, is_else)`` for an indented block that is an ``if``'s body or its ``else``'s."""
    owner, fld = fi.parent_of(block)
    if isinstance(owner, cst.If) and fld == "body":
        return owner, False
    if isinstance(owner, cst.Else):
        up, _ = fi.parent_of(owner)
        if isinstance(up, cst.If):
            return up, True
    return None


def _swap_pair(a: str, b: str) -> tuple[str, str] | None:
    """The one identifier pair two condition texts differ in, or None (``("", "")``: equal)."""
    ta, tb = _IDENT.findall(a), _IDENT.findall(b)
    if _IDENT.sub("_", a) != _IDENT.sub("_", b) or len(ta) != len(tb):
        return None
    pairs = {(x, y) for x, y in zip(ta, tb, strict=True) if x != y}
    if not pairs:
        return ("", "")
    if len(pairs) != 1:
        return None
    return next(iter(pairs))


def _rename(text: str, swap: dict[str, str]) -> str:
    """``text`` with each identifier of ``swap`` replaced at once (outside string literals).

    A key ``"_w"`` stands for the word ``w`` inside identifiers (``add_lead`` / ``leads`` for
    ``{"_lead": "follow"}``: the words of ``_``-joined names, a plural ``s`` kept).
    """
    if not swap:
        return text

    def ident(k: re.Match[str]) -> str:
        name = k.group(0)
        if name in swap:
            return swap[name]
        parts = name.split("_")
        for i, part in enumerate(parts):
            stem, plural = (part[:-1], "s") if part.endswith("s") else (part, "")
            if "_" + part in swap:
                parts[i] = swap["_" + part]
            elif stem and "_" + stem in swap:
                parts[i] = swap["_" + stem] + plural
        return "_".join(parts)

    out, pos = [], 0
    for m in _STRING.finditer(text):
        out.append(_IDENT.sub(ident, text[pos : m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(_IDENT.sub(ident, text[pos:]))
    return "".join(out)


def _method_twins(
    fi: FileInfo, func: cst.FunctionDef
) -> list[tuple[cst.FunctionDef, dict[str, str]]]:
    """Sibling methods whose names differ from ``func``'s in one word, with the word swap.

    ``arrive_lead`` / ``arrive_follow`` -> ``{"_lead": "follow", "_follow": "lead"}``; the same
    number of parameters.
    """
    cls = fi.class_of_func.get(id(func))
    if cls is None:
        return []
    mine = func.name.value.split("_")
    out = []
    for other in getattr(cls.body, "body", ()):
        if not isinstance(other, cst.FunctionDef) or other is func:
            continue
        theirs = other.name.value.split("_")
        if len(theirs) != len(mine) or len(other.params.params) != len(func.params.params):
            continue
        diff = [(a, b) for a, b in zip(theirs, mine, strict=True) if a != b]
        if len(diff) == 1 and all(diff[0]):
            a, b = diff[0]
            out.append((other, {"_" + a: b, "_" + b: a}))
    return out


def _extras(
    fi: FileInfo, theirs: list[cst.BaseStatement], own: list[str], swap: dict[str, str]
) -> list[tuple[str, int]]:
    """``(statement, index)`` of the one line ``theirs`` has beyond ``own``, renamed by ``swap``."""
    if len(theirs) != len(own) + 1:
        return []
    texts = [fi.text(s) for s in theirs]
    out = []
    for j, extra in enumerate(theirs):
        rest = texts[:j] + texts[j + 1 :]
        if not isinstance(extra, cst.SimpleStatementLine) or "\n" in texts[j].strip():
            continue
        if all(_shape(_rename(t, swap)) == _shape(o) for t, o in zip(rest, own, strict=True)):
            new = _rename(texts[j].strip(), swap)
            if all(_shape(new) != _shape(o) for o in own):
                out.append((new, j))
    return out


def _shape(text: str) -> str:
    """A statement's text with string literals blanked: log lines that name the side still match."""
    return _STRING.sub('""', " ".join(text.split()))


def twin_branch_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """The statement a twin branch has beyond ``st``'s branch, the names swapped (see module)."""
    if not st.alone or st.func is None:
        return []
    block, _ = fi.parent_of(st.node)
    func = fi.func_info(st.func)
    if not isinstance(block, cst.IndentedBlock) or func is None:
        return []
    own = [fi.text(s) for s in st.block]
    bound = visible(fi, st.func)
    found: dict[str, int] = {}
    if fi.parent_of(block)[0] is st.func:  # a method's body: its twin method's
        for other, swap in _method_twins(fi, st.func):
            for new, j in _extras(fi, list(getattr(other.body, "body", ())), own, swap):
                found.setdefault(new, j)
    mine = _branch_of(fi, block)
    if mine is None and not found:
        return []
    own_if, own_else = mine if mine is not None else (None, False)
    own_test = fi.text(own_if.test) if own_if is not None else ""

    class V(cst.CSTVisitor):
        def visit_IndentedBlock(self, n: cst.IndentedBlock) -> None:
            if own_if is None or n is block or len(n.body) != len(own) + 1:
                return
            theirs = _branch_of(fi, n)
            if theirs is None or theirs[1] != own_else or theirs[0] is own_if:
                return
            pair = _swap_pair(fi.text(theirs[0].test), own_test)
            if pair is None:
                return
            swap = {pair[0]: pair[1], pair[1]: pair[0]} if pair[0] else {}
            for new, j in _extras(fi, list(n.body), own, swap):
                found.setdefault(new, j)

    if own_if is not None:
        func.node.body.visit(V())
    out: list[Mutation] = []
    for new, j in list(found.items())[:2]:
        try:
            names = free_names(cst.parse_statement(new))
        except cst.ParserSyntaxError:
            continue
        if not names <= bound:
            continue
        anchor = st.block[j - 1] if j > 0 else st.block[0]
        info = fi.stmt_info(anchor)
        if info is None:
            continue
        pos = fi.line_starts[info.end] if j > 0 else fi.line_starts[info.start - 1]
        where = f"after line {info.end}" if j > 0 else f"before line {info.start}"
        out.append(
            inserted(
                pos,
                f"{fi.indent_of_line(info.start)}{new}\n",
                "insert-twin-branch",
                f"insert '{_one_line(new)}' {where} (the twin's, names swapped)",
                st.start,
                MIRROR_PRIORS["insert-twin-branch"],
            )
        )
    return out


# ------------------------------------------------------------------------------ renamed mirror


def _readable(fi: FileInfo, func: cst.FunctionDef) -> set[str]:
    """:func:`.templates_blocks.visible` less the names only a class body binds (its fields)."""
    return visible(fi, func) - (_class_only_names(fi) - set(_own_names(fi, func)))


def _class_only_names(fi: FileInfo) -> set[str]:
    """Names a class body binds that the module's top level does not (one walk per file)."""
    got = fi.memo.get("mirror_class_only")
    if isinstance(got, set):
        return got
    top: set[str] = set()
    for stmt in fi.module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            top.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                for t in getattr(small, "targets", ()):
                    top |= free_names(t.target)
                if isinstance(small, cst.AnnAssign):
                    top |= free_names(small.target)
    fields = {f for c in fi.classes.values() for f, _ in class_fields(fi, c)}
    out = fields - top
    fi.memo["mirror_class_only"] = out
    return out


def _self_updates(fi: FileInfo) -> dict[int, list[StmtInfo]]:
    """id(class) -> its methods' one-line updates of ``self`` state an undo exists for."""
    got = fi.memo.get("mirror_self_updates")
    if isinstance(got, dict):
        return got
    out: dict[int, list[StmtInfo]] = {}
    for other in fi.stmts:
        if other.cls is None or other.func is None:
            continue
        if not isinstance(other.node, cst.SimpleStatementLine) or len(other.node.body) != 1:
            continue
        small = other.node.body[0]
        target = getattr(small, "target", None)
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            target = small.targets[0].target
        root = target
        while isinstance(root, (cst.Subscript, cst.Attribute)):
            root = root.value
        if isinstance(root, cst.Name) and root.value == "self" and _undo_texts(fi, small):
            out.setdefault(id(other.cls), []).append(other)
    fi.memo["mirror_self_updates"] = out
    return out


def _own_names(fi: FileInfo, func: cst.FunctionDef) -> list[str]:
    info = fi.func_info(func)
    return [] if info is None else [*info.params, *info.locals]


def _equated(fi: FileInfo, node: cst.CSTNode, bound: set[str]) -> dict[str, str]:
    """``{name: expr}`` from the ``==`` tests guarding ``node`` (up to its function).

    Names not in ``bound``, mapped to the other side when that side reads only ``bound`` names
    (``if engine.kind == kind`` -> ``{"kind": "engine.kind"}``).
    """
    out: dict[str, str] = {}
    cur: cst.CSTNode | None = node
    while cur is not None and not isinstance(cur, cst.FunctionDef):
        up, fld = fi.parent_of(cur)
        if isinstance(up, (cst.If, cst.While)) and fld == "body":
            for comp in _equalities(up.test):
                for a, b in ((comp[0], comp[1]), (comp[1], comp[0])):
                    if isinstance(a, cst.Name) and a.value not in bound and a.value not in out:
                        if b in fi.positions and free_names(b) <= bound:
                            out[a.value] = fi.text(b)
        cur = up
    return out


def _equalities(test: cst.BaseExpression) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """The ``a == b`` parts of a condition (through ``and``)."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _equalities(test.left) + _equalities(test.right)
    if (
        isinstance(test, cst.Comparison)
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, cst.Equal)
    ):
        return [(test.left, test.comparisons[0].comparator)]
    return []


def _undo_texts(fi: FileInfo, small: cst.BaseSmallStatement) -> list[tuple[str, float]]:
    """``T -= k`` and ``T = E - k`` undoing ``T = E + k`` / ``T += k`` (and back)."""
    if isinstance(small, cst.AugAssign) and isinstance(
        small.operator, (cst.AddAssign, cst.SubtractAssign)
    ):
        op = "-=" if isinstance(small.operator, cst.AddAssign) else "+="
        return [(f"{fi.text(small.target)} {op} {fi.text(small.value)}", 1.0)]
    if not isinstance(small, cst.Assign):
        return []
    flipped = _flip_assign(fi, small)
    if flipped is None:
        return []
    value = small.value
    assert isinstance(value, cst.BinaryOperation)
    op = "-=" if isinstance(value.operator, cst.Add) else "+="
    return [
        (f"{fi.text(small.targets[0].target)} {op} {fi.text(value.right)}", 1.0),
        (flipped, 0.9),
    ]


def _target_text(fi: FileInfo, stmt: cst.CSTNode) -> str:
    """The target of a one-statement line assigning one target (``engine.out_on``), or ``""``."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return ""
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return fi.text(small.targets[0].target)
    if isinstance(small, (cst.AugAssign, cst.AnnAssign)):
        return fi.text(small.target)
    return ""


def _twin_points(
    fi: FileInfo, st: StmtInfo, other: StmtInfo, swap: dict[str, str]
) -> list[tuple[int, str, str, float]] | None:
    """Where the undo goes when ``st``'s function changes the state the update sits beside.

    The update's neighbour in its method (``engine.out_on = incident`` before it) and a statement
    of ``st``'s function assigning the same target (``engine.out_on = ""``): right after it
    (before it for a neighbour that follows the update). None when there is no such statement.
    """
    out: list[tuple[int, str, str, float]] = []
    for k, after in ((other.index - 1, True), (other.index + 1, False)):
        if not 0 <= k < len(other.block):
            continue
        want = _rename(_target_text(fi, other.block[k]), swap)
        if not want:
            continue
        for info in fi.stmts:
            if info.func is not st.func or _target_text(fi, info.node) != want:
                continue
            if after:
                out.append(
                    (
                        fi.line_starts[info.end],
                        fi.indent_of_line(info.start),
                        f"after line {info.end}",
                        1.0,
                    )
                )
            else:
                out.append(
                    (
                        fi.line_starts[info.start - 1],
                        fi.indent_of_line(info.start),
                        f"before line {info.start}",
                        1.0,
                    )
                )
    return out or None


def renamed_mirror_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """A ``self`` counter update of another method, undone here with its names equated.

    Placed beside the statement of ``st``'s function that changes the state the update sits beside
    in its own method (:func:`_twin_points`), else before or after ``st``.
    """
    if not st.alone or st.func is None or st.cls is None:
        return []
    func = fi.func_info(st.func)
    if func is None:
        return []
    bound = _readable(fi, st.func)
    texts: list[tuple[str, float, list[tuple[int, str, str, float]]]] = []
    for other in _self_updates(fi).get(id(st.cls), []):
        if other.func is st.func or not isinstance(other.node, cst.SimpleStatementLine):
            continue
        small = other.node.body[0]
        undo = _undo_texts(fi, small)
        if free_names(other.node) <= bound:
            continue  # nothing to rename: the plain mirror templates' case
        swap = _equated(fi, other.node, bound)
        points = _twin_points(fi, st, other, swap) or _insert_points(fi, st)
        for text, w in undo:
            new = _rename(text, swap)
            try:
                ok = free_names(cst.parse_statement(new)) <= bound
            except cst.ParserSyntaxError:
                ok = False
            if ok and all(new != t for t, _, _ in texts):
                texts.append((new, w, points))
    prior = CONTEXT_PRIORS["insert-mirror-update"] * 0.9
    out: list[Mutation] = []
    for text, w, points in texts[:4]:
        for pos, indent, words, pw in points:
            out.append(
                inserted(
                    pos,
                    f"{indent}{text}\n",
                    "insert-mirror-update",
                    f"insert '{_one_line(text)}' {words} (another method's update, undone)",
                    st.start,
                    prior * w * pw,
                )
            )
    return out


# ------------------------------------------------------------------------------ values


#: methods only text has: a number as their receiver raises ``AttributeError``
_TEXT_METHODS = frozenset(
    {
        "zfill", "rjust", "ljust", "center", "upper", "lower", "title", "capitalize", "strip",
        "lstrip", "rstrip", "split", "rsplit", "splitlines", "startswith", "endswith",
        "isdigit", "isalpha", "isalnum", "isdecimal", "isnumeric", "replace", "partition",
        "rpartition", "removeprefix", "removesuffix", "casefold", "encode", "expandtabs",
    }
)  # fmt: skip
_NUMBER_TYPES = frozenset({"int", "float"})


def _numeric_value(fi: FileInfo, node: cst.BaseExpression, func: FuncInfo) -> bool:
    """Whether ``node`` (a name or ``x.a``) holds a number by the file's own word."""
    if isinstance(node, cst.Name):
        ann = _param_annotation(func, node.value)
        if ann in _NUMBER_TYPES:
            return True
        name = node.value
    elif isinstance(node, cst.Attribute):
        name = node.attr.value
        if isinstance(node.value, cst.Name) and node.value.value == "self":
            cls = method_class(fi, func)
            fields = class_fields(fi, cls) if cls is not None else []
        else:
            fields = [f for c in fi.classes.values() for f in class_fields(fi, c)]
        if any(f == name and a.replace(" ", "") in _NUMBER_TYPES for f, a in fields):
            return True
    else:
        return False
    return name in _stringified(fi)


def _param_annotation(func: FuncInfo, name: str) -> str:
    params = func.node.params
    for p in (*params.posonly_params, *params.params, *params.kwonly_params):
        if p.name.value == name and p.annotation is not None:
            ann = p.annotation.annotation
            return ann.value if isinstance(ann, cst.Name) else ""
    return ""


def _stringified(fi: FileInfo) -> set[str]:
    """Names and field names the file passes to ``str()`` (``str(order.number)`` -> number)."""
    got = fi.memo.get("mirror_stringified")
    if isinstance(got, set):
        return got
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            if isinstance(n.func, cst.Name) and n.func.value == "str" and len(n.args) == 1:
                v = n.args[0].value
                if isinstance(v, cst.Name):
                    out.add(v.value)
                elif isinstance(v, cst.Attribute):
                    out.add(v.attr.value)

    fi.module.visit(V())
    fi.memo["mirror_stringified"] = out
    return out


def str_receiver_mutations(
    fi: FileInfo, node: cst.Attribute, func: FuncInfo | None
) -> list[Mutation]:
    """``str(e).m(...)`` for a number ``e`` used as the receiver of a text-only method ``m``."""
    if func is None or node.attr.value not in _TEXT_METHODS:
        return []
    parent, fld = fi.parent_of(node)
    if not (isinstance(parent, cst.Call) and fld == "func"):
        return []
    recv = node.value
    if recv not in fi.positions or not _numeric_value(fi, recv, func):
        return []
    text = fi.text(recv)
    return [
        _mut(
            fi,
            recv,
            f"str({text})",
            "wrap-str",
            f"{_short(fi, recv)} -> str(...) as the receiver of .{node.attr.value}()",
            IDIOM_PRIORS["wrap-str"],
        )
    ]


# ------------------------------------------------------------------------------ drivers


def mirror_statement_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """This module's statement kinds for one statement."""
    out: list[Mutation] = []
    out.extend(guarded(fi, twin_branch_mutations, fi, st))
    out.extend(guarded(fi, renamed_mirror_mutations, fi, st))
    return out


def mirror_header_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """This module's expression kinds over one statement's header (bodies left out)."""
    func = fi.func_info(st.func)
    out: list[Mutation] = []
    for n in header_nodes_on(fi, st, line):
        if isinstance(n, cst.Attribute):
            out.extend(guarded(fi, str_receiver_mutations, fi, n, func))
    return out
