"""Missing statements implied by the state a function reads: paired pointers, cache stores, caps.

The same source as :mod:`.templates_insert` (fixes are made of the program's own code: Barr et
al., "The Plastic Surgery Hypothesis", FSE 2014; GenProg's insertions, Le Goues et al., TSE
2012), for three kinds of issue 19 whose statement is implied by what the function reads rather
than copied from anywhere:

- ``insert-pointer-update`` (paired): ``prev_place, prev_km = place, km`` at the end of a ``for``
  loop over tuples whose trailing pointers were bound together before the loop from as many
  values (``prev_place, prev_km = self.depot, self.start_km``; not ``r, c = cell``), are read
  in the loop and are never rebound in it. Positional: the i-th pointer takes the i-th name of the loop's target.
- ``insert-cache-store``: ``C[K] = V`` after the statement that computes ``V``, for a dict
  ``C`` (empty at its binding, or a dataclass field ``field(default_factory=dict)``) that the function reads by ``C.get(K)`` / ``C[K]`` / ``K in C``
  and that nothing in its class or module ever stores into (a cache only read). When the read
  entry ``h = C.get(K)`` is used by index (``h[0]``, ``h[1]``), ``V`` is a tuple whose i-th
  element is the name ``h[i]`` stands for: the name returned elsewhere when ``return h[i]``,
  else the name ``h[i]`` is combined with (``now - h[1]`` -> ``now``).
- ``insert-cap-guard``: ``if T + v > L: raise E(f"{T + v} > {L}")`` before a counter update ``T += v`` (or
  ``T = T + v``, ``m[k] = m.get(k, 0) + v``), with ``L`` a name in scope whose words say it
  is an upper bound (``limit``, ``max_...``, ``capacity``) and ``E`` one of the module's
  exception classes no statement raises yet (only then: the module declares an error nothing
  signals; a module without one gets no cap guard); the
  mirror ``if T - v < L: raise E()`` for a lower bound (``min_...``, ``floor``).

Each function takes the file index and one statement and returns
:class:`~fixloop.repair.templates_ast.Mutation` objects (:func:`missing_mutations` runs them all).
"""

from __future__ import annotations

import itertools

import libcst as cst

from .templates_ast import FileInfo, Mutation, StmtInfo, guarded
from .templates_base import PRIORS
from .templates_blocks import _one_line, _step, scope_chain, self_collections, visible
from .templates_guards import _raised_classes
from .templates_insert import counter_update, free_names
from .templates_lines import _loop_around, inserted
from .templates_wrappers import _CAP_WORDS, _FLOOR_WORDS, _words

#: hand-set priors of this module's new template names (``insert-pointer-update`` keeps its own)
MISSING_PRIORS: dict[str, float] = {"insert-cache-store": 0.4, "insert-cap-guard": 0.35}


def _prior(template: str) -> float:
    return MISSING_PRIORS.get(template) or PRIORS[template]


# ------------------------------------------------------------------------------ paired pointers


def paired_pointer_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``a, b = x, y`` at the end of a ``for x, y in ...`` loop reading ``a`` and ``b`` unbound.

    ``a, b`` must be bound together before the loop (one tuple assignment), read in its body and
    rebound nowhere in it; the loop's target a tuple of as many plain names. Weight 1.0 at the
    end of the body.
    """
    loop = st if isinstance(st.node, cst.For) else _loop_around(fi, st)
    if loop is None or not isinstance(loop.node, cst.For) or loop.func is None:
        return []
    func = fi.func_info(loop.func)
    body = loop.node.body
    target = loop.node.target
    if func is None or not isinstance(body, cst.IndentedBlock) or not body.body:
        return []
    if not isinstance(target, cst.Tuple) or not all(
        isinstance(e.value, cst.Name) for e in target.elements
    ):
        return []
    walking = [e.value.value for e in target.elements if isinstance(e.value, cst.Name)]
    in_loop = {n for ln, n in func.assigns if loop.start < ln <= loop.end}
    before = {n for ln, n in func.assigns if ln < loop.start}
    read = free_names(body)
    last = fi.stmt_info(body.body[-1])
    if last is None:
        return []
    indent = fi.indent_of_line(last.start)
    pos = fi.line_starts[last.end]
    parallel = _parallel_groups(func.node)
    out: list[Mutation] = []
    for group in dict.fromkeys(func.groups):
        if group not in parallel:
            continue  # ``r, c = cell`` unpacks one value: fields of a record, not two pointers
        names = set(group)
        if len(group) != len(walking) or names & set(walking) or not names <= before:
            continue
        if names & in_loop or not names <= read:
            continue
        text = f"{', '.join(group)} = {', '.join(walking)}"
        out.append(
            inserted(
                pos,
                f"{indent}{text}\n",
                "insert-pointer-update",
                f"insert '{text}' at the end of the loop of line {loop.start}",
                loop.start,
                _prior("insert-pointer-update"),
            )
        )
    return out[:2]


def _parallel_groups(func: cst.FunctionDef) -> set[tuple[str, ...]]:
    """Name tuples a function binds from a tuple of as many values (``a, b = x, y``)."""
    out: set[tuple[str, ...]] = set()

    class V(cst.CSTVisitor):
        def visit_Assign(self, n: cst.Assign) -> None:
            t, v = n.targets[0].target, n.value
            if len(n.targets) == 1 and isinstance(t, cst.Tuple) and isinstance(v, cst.Tuple):
                names = [e.value.value for e in t.elements if isinstance(e.value, cst.Name)]
                if len(names) == len(t.elements) == len(v.elements):
                    out.add(tuple(names))

    func.body.visit(V())
    return out


# ------------------------------------------------------------------------------ cache stores


def _dict_names(fi: FileInfo, st: StmtInfo) -> set[str]:
    """Texts of the dicts bound empty that ``st`` may use: ``self.x`` of its class, names."""
    out: set[str] = set()
    if (
        st.cls is not None
    ):  # ``self.x = {}`` in a method, a dataclass ``field(default_factory=dict)``
        kinds = {**self_collections(fi, st.cls), **dataclass_collections(fi, st.cls)}
        out = {c for c, k in kinds.items() if k == "dict"}
    return out | _empty_dict_names(fi)


def _empty_dict_names(fi: FileInfo) -> set[str]:
    """Names the module binds to an empty dict anywhere (one walk per file, in ``fi.memo``)."""
    got = fi.memo.get("empty_dict_names")
    if isinstance(got, set):
        return got
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            if n.value is not None:
                self.visit_Assign(cst.Assign([cst.AssignTarget(n.target)], n.value))

        def visit_Assign(self, n: cst.Assign) -> None:
            if len(n.targets) != 1 or not isinstance(n.targets[0].target, cst.Name):
                return
            v = n.value
            empty = isinstance(v, cst.Dict) and not v.elements
            made = (
                isinstance(v, cst.Call)
                and isinstance(v.func, cst.Name)
                and not v.args
                and v.func.value in ("dict", "OrderedDict")
            )
            if empty or made:
                out.add(n.targets[0].target.value)

    fi.module.visit(V())
    fi.memo["empty_dict_names"] = out
    return out


def dataclass_collections(fi: FileInfo, cls: cst.ClassDef) -> dict[str, str]:
    """``"self.x"`` -> how to add to it (``append``, ``add``, ``dict``), for class-body fields.

    The fields ``x: T = field(default_factory=K)`` with ``K`` one of ``list``, ``set``, ``dict``.
    """
    out: dict[str, str] = {}
    for line in getattr(cls.body, "body", ()):
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small in line.body:
            if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name):
                continue
            v = small.value
            if not isinstance(v, cst.Call):
                continue
            for arg in v.args:
                if arg.keyword is not None and arg.keyword.value == "default_factory":
                    kind = {"list": "append", "set": "add", "dict": "dict"}.get(fi.text(arg.value))
                    if kind:
                        out[f"self.{small.target.value}"] = kind
    return out


def _stored(fi: FileInfo, coll: str) -> bool:
    """Whether the module stores into ``coll`` anywhere (``coll[k] = v``, ``+=``, a mutating call)."""
    return coll in _stored_into(fi)


def _stored_into(fi: FileInfo) -> set[str]:
    """Texts of every collection the module stores into (one walk per file, in ``fi.memo``)."""
    got = fi.memo.get("stored_into")
    if isinstance(got, set):
        return got
    found: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Subscript(self, n: cst.Subscript) -> None:
            parent, _ = fi.parent_of(n)
            if isinstance(parent, (cst.AssignTarget, cst.AugAssign)):  # ``del``: an eviction
                found.add(fi.text(n.value))

        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if isinstance(f, cst.Attribute) and f.attr.value in (
                "setdefault",
                "update",
                "__setitem__",
            ):
                found.add(fi.text(f.value))

    fi.module.visit(V())
    fi.memo["stored_into"] = found
    return found


def _cache_reads(
    fi: FileInfo, func: cst.FunctionDef, colls: set[str]
) -> list[tuple[str, str, str]]:
    """``(collection, key text, entry name or "")`` of the function's reads of ``colls``."""
    out: list[tuple[str, str, str]] = []

    class V(cst.CSTVisitor):
        def visit_Assign(self, n: cst.Assign) -> None:
            v = n.value
            if len(n.targets) != 1 or not isinstance(n.targets[0].target, cst.Name):
                return
            name = n.targets[0].target.value
            if (
                isinstance(v, cst.Call)
                and isinstance(v.func, cst.Attribute)
                and v.func.attr.value == "get"
                and v.args
                and fi.text(v.func.value) in colls
            ):
                out.append((fi.text(v.func.value), fi.text(v.args[0].value), name))

        def visit_Comparison(self, n: cst.Comparison) -> None:
            if len(n.comparisons) == 1 and isinstance(n.comparisons[0].operator, cst.In):
                coll = fi.text(n.comparisons[0].comparator)
                if coll in colls:
                    out.append((coll, fi.text(n.left), ""))

    func.body.visit(V())
    return [r for r in dict.fromkeys(out) if "\n" not in r[1]]


def _returned_names(func: cst.FunctionDef) -> list[str]:
    """Plain names the function returns (``return value``), in order."""
    out: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Return(self, n: cst.Return) -> None:
            if isinstance(n.value, cst.Name) and n.value.value not in out:
                out.append(n.value.value)

        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return n is func

    func.visit(V())
    return out


def _entry_roles(fi: FileInfo, func: cst.FunctionDef, entry: str, locs: set[str]) -> list[str]:
    """The names ``entry[0]``, ``entry[1]``...  stand for ("" where none), by the reads' context."""
    roles: dict[int, str] = {}
    returned = [n for n in _returned_names(func) if n in locs]

    class V(cst.CSTVisitor):
        def visit_Subscript(self, n: cst.Subscript) -> None:
            if not (isinstance(n.value, cst.Name) and n.value.value == entry and len(n.slice) == 1):
                return
            idx = n.slice[0].slice
            if not (isinstance(idx, cst.Index) and isinstance(idx.value, cst.Integer)):
                return
            i = int(idx.value.value)
            roles.setdefault(i, "")
            parent, _ = fi.parent_of(n)
            other: cst.CSTNode | None = None
            if isinstance(parent, cst.Return) and returned:
                roles[i] = roles[i] or returned[0]
                return
            if isinstance(parent, cst.BinaryOperation):
                other = parent.right if parent.left is n else parent.left
            elif isinstance(parent, cst.Comparison) and len(parent.comparisons) == 1:
                c = parent.comparisons[0].comparator
                other = c if parent.left is n else parent.left
            if isinstance(other, cst.Name) and other.value in locs and not roles[i]:
                roles[i] = other.value

    func.body.visit(V())
    if not roles or sorted(roles) != list(range(len(roles))) or len(roles) > 4:
        return []
    return [roles[i] for i in range(len(roles))]


def cache_store_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``C[K] = V`` after ``st`` (which binds a name of ``V``) for a dict only read (see module)."""
    if (
        st.func is None
        or not st.alone
        or not isinstance(st.node, (cst.SimpleStatementLine, cst.If, cst.While))
    ):
        return []
    func = fi.func_info(st.func)
    if func is None:
        return []
    colls = {c for c in _dict_names(fi, st) if not _stored(fi, c)}
    evict = _evicts(fi, st, colls)
    if evict:  # before the size check that keeps the cache bounded: store, then evict
        small: cst.CSTNode = st.node
        binds: set[str] = set()
    elif isinstance(st.node, cst.SimpleStatementLine) and len(st.node.body) == 1:
        small = st.node.body[0]
        binds = {n for ln, n in func.assigns if ln == st.start}
    else:
        return []
    returns = isinstance(small, cst.Return) and isinstance(small.value, cst.Name)
    if not (binds or returns or evict) or not colls:
        return []
    bound = visible(fi, st.func)
    locs = (set(func.locals) | set(func.params)) - {"self", "cls"}
    texts: list[tuple[str, float]] = []
    for coll, key, entry in _cache_reads(fi, st.func, colls):
        if not free_names(cst.parse_expression(key)) <= bound:
            continue
        values = locs - {entry} - free_names(cst.parse_expression(key))
        roles = _entry_roles(fi, st.func, entry, values) if entry else []
        options: list[tuple[str, float]] = []
        if roles and all(roles):
            options.append((f"({', '.join(roles)})", 1.0))
        if roles:  # every order of the likely names, less
            pool = [n for n in _returned_names(st.func) if n in values]
            pool += sorted(values - set(pool))
            for combo in itertools.islice(itertools.permutations(pool[:4], len(roles)), 6):
                options.append((f"({', '.join(combo)})", 0.5))
        elif entry == "" or not _indexed(fi, st.func, entry):
            options += [(n, 1.0) for n in _returned_names(st.func) if n in values]
        for value, w in options:
            names = free_names(cst.parse_expression(value))
            if any(func.locals.get(n, 0) > st.start for n in names):
                continue  # a name bound later (or only in an ``except``) is unbound here
            if returns and isinstance(small, cst.Return) and isinstance(small.value, cst.Name):
                ok = small.value.value in names
            else:
                ok = evict or bool(names & binds)
            text = f"{coll}[{key}] = {value}"
            if ok and all(t != text for t, _ in texts):
                texts.append((text, w))
    indent = fi.indent_of_line(st.start)
    before = returns or evict
    pos = fi.line_starts[st.start - 1] if before else fi.line_starts[st.end]
    where = f"before line {st.start}" if before else f"after line {st.end}"
    return [
        inserted(
            pos,
            f"{indent}{text}\n",
            "insert-cache-store",
            f"insert '{_one_line(text)}' {where}",
            st.start,
            _prior("insert-cache-store") * w,
        )
        for text, w in texts[:4]
    ]


def _evicts(fi: FileInfo, st: StmtInfo, colls: set[str]) -> bool:
    """Whether ``st`` is an ``if``/``while`` testing ``len(C)`` of a cache ``C`` in ``colls``."""
    if not isinstance(st.node, (cst.If, cst.While)):
        return False
    for n in fi.header_nodes(st):
        if isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == "len":
            if len(n.args) == 1 and n.args[0].value in fi.positions:
                if fi.text(n.args[0].value) in colls:
                    return True
    return False


def _indexed(fi: FileInfo, func: cst.FunctionDef, entry: str) -> bool:
    """Whether the function reads ``entry[i]`` for a constant ``i``."""
    found = False

    class V(cst.CSTVisitor):
        def visit_Subscript(self, n: cst.Subscript) -> None:
            nonlocal found
            if isinstance(n.value, cst.Name) and n.value.value == entry:
                found = True

    func.body.visit(V())
    return found


# ------------------------------------------------------------------------------ cap guards


def _bounds(
    fi: FileInfo, st: StmtInfo, words: frozenset[str], inside: set[str]
) -> list[tuple[str, float]]:
    """Names in scope whose words say they bound a value, the function's own first."""
    out: list[tuple[str, float]] = []
    for f in scope_chain(fi, st.func):  # the function's names, then its enclosing functions'
        for n in [*f.params, *f.locals]:
            if n not in ("self", "cls") and n not in inside and _words(n) & words:
                if all(n != o for o, _ in out):
                    out.append((n, 1.0))
    if st.cls is not None:
        for a in fi.class_attrs.get(id(st.cls), []):
            if _words(a) & words and f"self.{a}" not in inside:
                out.append((f"self.{a}", 0.9))
    for n in fi.module_names:
        if n not in inside and n.lstrip("_").isupper() and _words(n) & words:
            out.append((n, 0.6))
    return out[:2]


def cap_guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``if T + v > L: raise E()`` before a counter update ``st`` (see the module docstring)."""
    if st.func is None or not st.alone or not isinstance(st.node, cst.SimpleStatementLine):
        return []
    if len(st.node.body) != 1:
        return []
    small = st.node.body[0]
    update = counter_update(fi, small)
    if update is None:
        return []
    target, op, value = update
    if isinstance(small, cst.Assign):
        new = fi.text(small.value)
    else:
        new = f"{fi.text(target)} {'+' if op == '+=' else '-'} {fi.text(value)}"
    if "\n" in new:
        return []
    words, cmp = (_CAP_WORDS, (">", ">=")) if op == "+=" else (_FLOOR_WORDS, ("<", "<="))
    bounds = _bounds(fi, st, words, fi.names_in(st.node))
    if not bounds:
        return []
    defined, args = _raised_classes(fi)
    classes = [(c, 1.0) for c in defined if c not in args][:2]
    if not classes:  # no error the module declares and never signals: no sign of a missing check
        return []
    indent = fi.indent_of_line(st.start)
    step = _step(indent)
    pos = fi.line_starts[st.start - 1]
    out: list[Mutation] = []
    for (bound, bw), (cls, cw), (i, c) in itertools.product(bounds, classes, enumerate(cmp)):
        cond = f"{new} {c} {bound}"
        out.append(
            inserted(
                pos,
                f"{indent}if {cond}:\n{indent}{step}raise {cls}({message(new, c, bound)})\n",
                "insert-cap-guard",
                f"insert 'if {_one_line(cond)}: raise {cls}()' before line {st.start}",
                st.start,
                _prior("insert-cap-guard") * bw * cw * (1.0 if i == 0 else 0.5),
            )
        )
    return out


def message(left: str, op: str, right: str) -> str:
    """An f-string showing both sides of a failed check (``f"{a} > {b}"``), or ``""``.

    Real guards say what was wrong with the values they were given; a side holding a quote, a
    brace or a backslash (which an f-string field may not hold before Python 3.12) gets none.
    """
    if any(ch in left + right for ch in "\"'{}\\\n"):
        return ""
    return f'f"{{{left}}} {op} {{{right}}}"'


def missing_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Every template of this module anchored at ``st``."""
    out: list[Mutation] = []
    for fn in (paired_pointer_mutations, cache_store_mutations, cap_guard_mutations):
        out.extend(guarded(fi, fn, fi, st))
    return out
