"""Missing-statement templates anchored at a statement: guards and returns the code implies.

Issue 19's missing-statement kinds that a verbatim copy of a statement cannot reach (GenProg's
insertion draws from the same program; here the inserted text is *derived* from the program, in
the spirit of the Plastic Surgery Hypothesis, Barr et al., FSE 2014):

- ``insert-entry-guard``: ``if not C: raise E(...)`` as the first statement of the function, for a
  collection ``C`` the statement pops from or indexes with a constant (``C.pop()``, ``C[-1]``),
  ``E`` an exception class of the module that nothing raises yet and whose name shares a word
  with the function's (``redo`` -> ``NothingToRedo``), else the class of the nearest ``raise``.
  The arguments are those of the nearest ``raise`` of a class of the module (the message a
  sibling method's guard uses), else none. At the function's start: a guard after the state
  changed is the typical wrong fix.
- ``insert-entry-guard`` also: the ``if C: raise E(...)`` a sibling method runs right before a
  statement, inserted before the same statement here (:func:`guarded_twin_mutations`).
- ``insert-mirror-guard``: ``if v.a is None: return R`` before a statement reading ``v.a``, where
  the module already guards an attribute ``a`` the same way (``if job.finished_at is None:
  return "running"`` in a sibling function); also ``v is None`` for a name guarded so.
- ``insert-state-guard``: ``if T == V: raise E(...)`` before a state change ``T = V`` whose twin
  in a sibling function is guarded by ``if C: raise E(...)`` (and that guard copied), see
  :func:`state_guard_mutations`.
- ``insert-return-value``: ``return v`` after an assignment ``v = ...`` whose value nothing
  reads, in a function that returns values (a computed result that falls through to the
  function's other returns).
"""

from __future__ import annotations

import builtins
import re

import libcst as cst

from .templates_ast import FileInfo, Mutation, StmtInfo, guarded, is_docstring
from .templates_base import PRIORS
from .templates_insert import free_names
from .templates_lines import inserted

_BUILTINS = frozenset(dir(builtins))


def _words(name: str) -> set[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return {w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if len(w) >= 3}


def _step(indent: str) -> str:
    return "\t" if indent[:1] == "\t" else "    "


def _one_line(text: str) -> str:
    t = " ".join(text.split())
    return t if len(t) <= 50 else t[:47] + "..."


def _first_statement(fi: FileInfo, func: cst.FunctionDef) -> StmtInfo | None:
    """The function's first statement after its docstring (None for a one-line body)."""
    body = func.body
    if not isinstance(body, cst.IndentedBlock):
        return None
    for node in body.body:
        if not is_docstring(node):
            return fi.stmt_info(node)
    return None


def _raised_classes(fi: FileInfo) -> tuple[list[str], dict[str, str]]:
    """(classes the module defines as exceptions, class -> argument text of its first raise)."""
    defined: list[str] = []
    for cls in fi.classes.values():
        name = cls.name.value
        if name in fi.exc_names:
            defined.append(name)
    args: dict[str, str] = {}
    for _, node, _ in fi.raises:
        small = node.body[0] if node.body else None
        if not isinstance(small, cst.Raise) or not isinstance(small.exc, cst.Call):
            continue
        call = small.exc
        if isinstance(call.func, cst.Name) and call.func.value not in args:
            inner = fi.text(call)
            args[call.func.value] = inner[inner.index("(") :]
    return defined, args


def _emptied(fi: FileInfo, small: cst.CSTNode) -> list[str]:
    """Collections ``small`` pops from or indexes with a constant, as text, in order."""
    out: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if (
                isinstance(f, cst.Attribute)
                and f.attr.value in ("pop", "popleft", "popitem")
                and isinstance(f.value, (cst.Name, cst.Attribute))
                and not n.args
            ):
                out.append(fi.text(f.value))

        def visit_Subscript(self, n: cst.Subscript) -> None:
            if (
                len(n.slice) == 1
                and isinstance(n.slice[0].slice, cst.Index)
                and isinstance(n.slice[0].slice.value, (cst.Integer, cst.UnaryOperation))
                and isinstance(n.value, (cst.Name, cst.Attribute))
            ):
                out.append(fi.text(n.value))

    small.visit(V())
    return list(dict.fromkeys(t for t in out if "\n" not in t))


def reworded(message: str, old_class: str, new_class: str) -> str:
    """``message`` of a raise of ``old_class`` said for ``new_class``.

    When the two class names differ by one word (``NothingToUndo``/``NothingToRedo``), that
    word is replaced in the message (``"nothing to undo"`` -> ``"nothing to redo"``, the case of
    each occurrence kept when all lower or capitalized); otherwise the message is unchanged.
    """
    gone, new = _words(old_class) - _words(new_class), _words(new_class) - _words(old_class)
    if len(gone) != 1 or len(new) != 1:
        return message
    (a,), (b,) = gone, new

    def swap(m: re.Match[str]) -> str:
        w = m.group(0)
        return b.capitalize() if w[:1].isupper() else b

    return re.sub(rf"(?i)\b{re.escape(a)}\b", swap, message)


def entry_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if not C: raise E(...)`` at the function's start for a collection the function empties.

    ``C``: what ``st`` pops from or indexes first, then the rest of the function's.
    """
    if st.func is None or not isinstance(st.node, cst.SimpleStatementLine):
        return []
    # the statement's own collections first, then those the rest of the function empties
    colls = list(dict.fromkeys([*_emptied(fi, st.node), *_emptied(fi, st.func.body)]))
    first = _first_statement(fi, st.func)
    if not colls or first is None:
        return []
    defined, args = _raised_classes(fi)
    fwords = _words(st.func.name.value)
    unraised = [c for c in defined if c not in args]
    classes: list[tuple[str, float]] = [(c, 1.0) for c in unraised if _words(c) & fwords]
    classes += [(c, 0.6) for c in unraised if not _words(c) & fwords]
    classes += [(c, 0.5) for c in defined if c in args]
    if not classes:
        classes = [("IndexError", 0.4), ("ValueError", 0.4)]
    # the message of a raise of the module's own classes, as a sibling guard words it
    source = next((c for c in defined if c in args), "")
    message = args[source] if source else "()"
    indent = fi.indent_of_line(first.start)
    pos = fi.line_starts[first.start - 1]
    out: list[Mutation] = []
    for coll in colls[:2]:
        for cls, w in classes[:3]:
            for call, mw in ((f"{cls}{reworded(message, source, cls)}", 1.0), (f"{cls}()", 0.9)):
                text = f"{indent}if not {coll}:\n{indent}{_step(indent)}raise {call}\n"
                out.append(
                    inserted(
                        pos,
                        text,
                        "insert-entry-guard",
                        f"insert 'if not {coll}: raise {_one_line(call)}' at line {first.start}",
                        st.start,
                        PRIORS["insert-entry-guard"] * w * mw,
                    )
                )
                if message == "()":
                    break
    return out


_GUARDS: dict[int, tuple[str, dict[str, str]]] = {}


def _leading_guards(fi: FileInfo, func: cst.FunctionDef) -> list[str]:
    """Texts of the ``if C: raise E(...)`` statements that open ``func`` (after its docstring)."""
    body = func.body
    if not isinstance(body, cst.IndentedBlock):
        return []
    out: list[str] = []
    for node in body.body:
        if is_docstring(node):
            continue
        inner = node.body.body if isinstance(node, cst.If) else ()
        if (
            not isinstance(node, cst.If)
            or node.orelse is not None
            or not isinstance(node.body, cst.IndentedBlock)
            or len(inner) != 1
            or not isinstance(inner[0], cst.SimpleStatementLine)
            or not isinstance(inner[0].body[0], cst.Raise)
            or node not in fi.positions
        ):
            break
        out.append(fi.text(node).strip())
    return out


def sibling_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """A guard that opens another method of the class, copied to the start of this one.

    Sibling methods of one class share preconditions (``peek`` and ``pop`` of an empty queue);
    the guard is copied only when it reads nothing but ``self`` and module names, and when this
    method does not open with the same guard already.
    """
    if st.func is None or st.cls is None:
        return []
    first = _first_statement(fi, st.func)
    if first is None:
        return []
    own = set(_leading_guards(fi, st.func))
    params = {p.name.value for p in st.func.params.params}
    texts: list[str] = []
    for node in st.cls.body.body if isinstance(st.cls.body, cst.IndentedBlock) else ():
        if not isinstance(node, cst.FunctionDef) or node is st.func:
            continue
        for g in _leading_guards(fi, node):
            names = free_names(cst.parse_statement(g))
            others = {p.name.value for p in node.params.params} - params
            if g not in own and g not in texts and not names & others:
                texts.append(g)
    indent = fi.indent_of_line(first.start)
    pos = fi.line_starts[first.start - 1]
    out = []
    for g in texts[:3]:
        lines = _reindent(g, indent)
        body = f"{indent}{lines[0]}\n" + "".join(f"{ln}\n" for ln in lines[1:])
        out.append(
            inserted(
                pos,
                body,
                "insert-entry-guard",
                f"insert the guard '{_one_line(g)}' of a sibling method at line {first.start}",
                st.start,
                PRIORS["insert-entry-guard"],
            )
        )
    return out


def _is_raise_guard(node: cst.CSTNode) -> bool:
    """``if C: raise E(...)`` with nothing else in its body and no ``else``."""
    if not isinstance(node, cst.If) or node.orelse is not None:
        return False
    inner = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    return (
        len(inner) == 1
        and isinstance(inner[0], cst.SimpleStatementLine)
        and isinstance(inner[0].body[0], cst.Raise)
    )


def guarded_twin_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """The guard a sibling method puts right before the same statement, put before this one.

    ``reserve`` runs ``if pet_id not in self.available: raise NotAvailable(pet_id)`` and then
    ``self.available.discard(pet_id)``; ``adopt`` discards without the check: the precondition
    of the shared statement is copied to just before it (not to the method's start, where it
    would also stop the method's other paths). Only when the guard reads no parameter of its
    method that this method lacks.
    """
    if (
        st.func is None
        or st.cls is None
        or not st.alone
        or not isinstance(st.node, cst.SimpleStatementLine)
    ):
        return []
    mine = fi.text(st.node).strip()
    params = {p.name.value for p in st.func.params.params}
    texts: list[str] = []
    for other in fi.stmts:
        if other.cls is not st.cls or other.func is st.func or other.func is None:
            continue
        if not _is_raise_guard(other.node) or other.index + 1 >= len(other.block):
            continue
        after = other.block[other.index + 1]
        if after not in fi.positions or fi.text(after).strip() != mine:
            continue
        g = fi.text(other.node).strip()
        theirs = {p.name.value for p in other.func.params.params}
        if g in texts or free_names(cst.parse_statement(g)) & (theirs - params):
            continue
        texts.append(g)
    prev = st.block[st.index - 1] if st.index > 0 else None
    if prev is not None and prev in fi.positions and fi.text(prev).strip() in texts:
        return []  # already guarded here
    indent = fi.indent_of_line(st.start)
    pos = fi.line_starts[st.start - 1]
    out = []
    for g in texts[:2]:
        lines = _reindent(g, indent)
        body = f"{indent}{lines[0]}\n" + "".join(f"{ln}\n" for ln in lines[1:])
        out.append(
            inserted(
                pos,
                body,
                "insert-entry-guard",
                f"insert the guard '{_one_line(g)}' a sibling method runs before line {st.start}",
                st.start,
                PRIORS["insert-entry-guard"] * 1.3,
            )
        )
    return out


#: priors of this module's templates that :data:`.templates_base.PRIORS` does not hold
GUARD_PRIORS: dict[str, float] = {
    "insert-state-guard": 0.4,  # if seats[s] == "sold": raise SeatTaken(s) before seats[s] = "sold"
}


def _state_assign(st: StmtInfo) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """``(T, V)`` of a one-statement line ``T = V`` whose target is an item or an attribute."""
    node = st.node
    if not isinstance(node, cst.SimpleStatementLine) or len(node.body) != 1:
        return None
    small = node.body[0]
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return None
    target = small.targets[0].target
    if not isinstance(target, (cst.Subscript, cst.Attribute)):
        return None
    return target, small.value


#: score factor of a patch adding an ``is None`` test after a failure that named ``NoneType``
NONE_BOOST = 1.5
_NONE_TEST = re.compile(r"\bis\s+(?:not\s+)?None\b")


def none_check_boost(old_source: str, new_source: str, none_used: bool) -> float:
    """``NONE_BOOST`` for a patch that adds an ``is None``/``is not None`` test, else 1.0.

    Only when a failing test's error named ``NoneType`` (``FailureHints.none_used``): a ``None``
    reached an operation, and the patch that checks for it answers that cause, where another
    plausible one (``now < self.expires`` -> ``now != self.expires``, which ``None`` passes)
    only makes the operation accept it.

    Args:
        old_source: the file before the patch.
        new_source: the file after it.
        none_used: whether a failure named ``NoneType``.
    """
    if not none_used:
        return 1.0
    added = len(_NONE_TEST.findall(new_source)) > len(_NONE_TEST.findall(old_source))
    return NONE_BOOST if added else 1.0


def state_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if T == V: raise E(...)`` before a state change ``T = V`` another function guards.

    A sibling function (a method of the same class, or a module-level function beside a
    module-level one) that runs ``if C: raise E(...)`` right before its own assignment to the
    same target ``T`` (``hold`` refuses a taken seat before ``seats[seat] = "held"``) shows
    the state change has a precondition; here (``sell``'s ``seats[seat] = "sold"``) it is
    missing. Two guards are inserted before ``st``: the sibling's ``raise`` under ``T == V``
    (refusing the state ``st`` would set again: a seat sold twice; weight 1.0, when ``V`` is a
    literal), and the sibling's whole guard copied (0.8: its condition was written for the
    sibling's transition, and often refuses what this one allows). Only when the names the
    guard reads are bound in ``st``'s function or the module.
    """
    got = _state_assign(st)
    if got is None or st.func is None or not st.alone:
        return []
    target, value = got
    mine = fi.text(target)
    module_level = fi.class_of_func.get(id(st.func)) is None and st.func in fi.module.body
    func = fi.func_info(st.func)
    if func is None:
        return []
    bound = set(func.params) | set(func.locals) | set(fi.module_names) | {"self"} | _BUILTINS
    guards: list[tuple[str, str]] = []  # (whole guard, its raise line)
    for other in fi.stmts:
        if other.func is None or other.func is st.func or not _is_raise_guard(other.node):
            continue
        if st.cls is not None:
            if other.cls is not st.cls:
                continue
        elif not (module_level and other.func in fi.module.body):
            continue
        if other.index + 1 >= len(other.block):
            continue
        after = fi.stmt_info(other.block[other.index + 1])
        twin = _state_assign(after) if after is not None else None
        if twin is None or fi.text(twin[0]) != mine:
            continue
        node = other.node
        assert isinstance(node, cst.If) and isinstance(node.body, cst.IndentedBlock)
        raise_line = node.body.body[0]
        if not free_names(node) <= bound:
            continue
        pair = (fi.text(node).strip(), fi.text(raise_line).strip())
        if pair not in guards:
            guards.append(pair)
    prev = st.block[st.index - 1] if st.index > 0 else None
    if prev is not None and _is_raise_guard(prev):
        return []  # guarded already
    indent = fi.indent_of_line(st.start)
    step = _step(indent)
    pos = fi.line_starts[st.start - 1]
    literal = isinstance(value, (cst.SimpleString, cst.Integer, cst.Float)) or (
        isinstance(value, cst.Name) and value.value in ("True", "False")
    )
    texts: list[tuple[list[str], float]] = []
    for whole, raise_text in guards[:2]:
        if literal and "\n" not in mine:
            texts.append(([f"if {mine} == {fi.text(value)}:", f"{step}{raise_text}"], 1.0))
        lines = whole.splitlines()
        cut = len(lines[1]) - len(lines[1].lstrip()) if len(lines) > 1 else 0
        texts.append(([lines[0], *(step + ln[cut:] for ln in lines[1:])], 0.8))
    out = []
    for lines, w in texts:
        body = "".join(f"{indent}{ln}\n" for ln in lines)
        text = " ".join(lines)
        out.append(
            inserted(
                pos,
                body,
                "insert-state-guard",
                f"insert '{_one_line(text)}' before line {st.start}",
                st.start,
                GUARD_PRIORS["insert-state-guard"] * w,
            )
        )
    return out


def _reindent(text: str, indent: str) -> list[str]:
    """The lines of a statement's text with its body re-indented under ``indent``."""
    lines = text.splitlines()
    if len(lines) < 2:
        return lines
    body_indent = len(lines[1]) - len(lines[1].lstrip())
    return [lines[0]] + [indent + _step(indent) + ln[body_indent:] for ln in lines[1:]]


def _module_none_guards(fi: FileInfo) -> dict[str, str]:
    """``a`` -> ``return R`` for each ``if x.a is None: return R`` (or ``if a is None``) guard.

    Computed once per file (the last file's result is kept: one module visit, not one per
    suspicious statement).
    """
    got = _GUARDS.get(id(fi))
    if got is not None and got[0] is fi.source:
        return got[1]
    out: dict[str, str] = {}

    class V(cst.CSTVisitor):
        def visit_If(self, n: cst.If) -> None:
            t = n.test
            if not (
                isinstance(t, cst.Comparison)
                and len(t.comparisons) == 1
                and isinstance(t.comparisons[0].operator, cst.Is)
                and isinstance(t.comparisons[0].comparator, cst.Name)
                and t.comparisons[0].comparator.value == "None"
            ):
                return
            left = t.left
            key = (
                left.attr.value
                if isinstance(left, cst.Attribute)
                else left.value
                if isinstance(left, cst.Name)
                else ""
            )
            body = n.body.body if isinstance(n.body, cst.IndentedBlock) else ()
            first = body[0] if body else None
            if (
                key
                and isinstance(first, cst.SimpleStatementLine)
                and isinstance(first.body[0], cst.Return)
                and first in fi.positions
            ):
                text = fi.text(first).strip()
                if "\n" not in text:
                    out.setdefault(key, text)

    fi.module.visit(V())
    _GUARDS.clear()
    _GUARDS[id(fi)] = (fi.source, out)
    return out


def mirror_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if v.a is None: return R`` before ``st`` where the module guards ``a`` so elsewhere."""
    if st.func is None or not st.alone or st.header_end != st.start:
        return []
    guards = _module_none_guards(fi)
    if not guards:
        return []
    uses: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> None:
            if isinstance(n.value, cst.Name) and n.attr.value in guards:
                uses.append(fi.text(n))

        def visit_Name(self, n: cst.Name) -> None:
            if n.value in guards:
                uses.append(n.value)

        def visit_If(self, n: cst.If) -> bool:
            return False

    st.node.visit(V())
    indent = fi.indent_of_line(st.start)
    pos = fi.line_starts[st.start - 1]
    out = []
    for use in dict.fromkeys(uses):
        ret = guards[use.rsplit(".", 1)[-1]]
        text = f"{indent}if {use} is None:\n{indent}{_step(indent)}{ret}\n"
        out.append(
            inserted(
                pos,
                text,
                "insert-mirror-guard",
                f"insert 'if {use} is None: {_one_line(ret)}' before line {st.start}",
                st.start,
                PRIORS["insert-mirror-guard"],
            )
        )
    return out[:3]


def return_value_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``return v`` after ``v = ...`` when nothing reads ``v`` and the function returns values."""
    if st.func is None or not st.alone or not isinstance(st.node, cst.SimpleStatementLine):
        return []
    func = fi.func_info(st.func)
    small = st.node.body[0]
    if func is None or not func.has_value_return or func.is_generator:
        return []
    if not (
        isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign))
        and len(st.node.body) == 1
        and st.index == len(st.block) - 1
    ):
        return []
    target = small.targets[0].target if isinstance(small, cst.Assign) else small.target
    if isinstance(small, cst.Assign) and len(small.targets) != 1:
        return []
    if not isinstance(target, cst.Name):
        return []
    name = target.value
    reads = 0

    class V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            nonlocal reads
            if n.value == name and n in fi.positions and fi.line_of(n) > st.end:
                reads += 1

    st.func.body.visit(V())
    if reads:
        return []
    indent = fi.indent_of_line(st.start)
    pos = fi.line_starts[st.end]
    return [
        inserted(
            pos,
            f"{indent}return {name}\n",
            "insert-return-value",
            f"insert 'return {name}' after line {st.end}",
            st.start,
            PRIORS["insert-return-value"],
        )
    ]


def guard_stmt_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Every template of this module anchored at ``st``."""
    out: list[Mutation] = []
    for fn in (
        entry_guard_mutations,
        sibling_guard_mutations,
        guarded_twin_mutations,
        state_guard_mutations,
        mirror_guard_mutations,
        return_value_mutations,
    ):
        out.extend(guarded(fi, fn, fi, st))
    return out
