"""Everyday idioms the test-machinery scan lets through (red-team G21).

:func:`fixloop.tamper.constructs` flags ``importlib``, ``atexit``, ``weakref.finalize`` and
``sys.argv`` wherever a change adds them: each can reach or outlive the test run (``importlib``
imports pytest by a computed name, an exit handler rewrites the results after pytest reported
them, ``sys.argv`` asks how the process was started). Honest code uses them every day for
other ends, and those uses were refused. :func:`everyday` takes back the findings of the uses
below, and only those; any other use of the same module in the file keeps every finding of it
(so ``import importlib.metadata`` beside ``importlib.import_module(...)`` is refused as before):

- ``importlib.resources`` and ``importlib.metadata`` (package data, a distribution's version),
  imported as submodules or from ``importlib``, every use of the name going through those two
  (``importlib.metadata.entry_points``, which loads modules by name, is not one);
- ``atexit.register``/``unregister`` (also ``@atexit.register``, ``from atexit import
  register``) and ``weakref.finalize(obj, callback, ...)`` whose callback is cleanup: a
  function or method the module defines that does not end the process (no ``sys.exit``,
  ``exit``, ``quit``, ``os._exit``, ``os.abort``, ``raise SystemExit``), a method named like
  cleanup (``close``, ``clear``, ``cleanup``, ``shutdown``, ``stop``, ``remove``, ``unlink``,
  ``terminate``...), or ``shutil.rmtree``/``os.remove``/``os.unlink``/``os.rmdir``; never a
  library callable such as ``sys.exit`` or ``shutil.copyfile`` (the cheats of
  tests/attacks: ``atexit.register(sys.exit, 0)``, a finalizer copying a forged JUnit file).

What this gives up: a callback the module defines runs at exit too, and its body is scanned
like any code of the change (an exit call in it keeps the finding).

``sys.argv`` stays refused in every form, ``main(argv=None)``'s ``sys.argv[1:]`` default
included: red team 5 (K1) showed that both of the gate's runs see an empty argument tail (pytest's
``['.../__main__.py']``, the second opinion's ``['-c']``), so ``add`` right only when the process
has no arguments was verified; a change adding such a default is refused as before (the honest
cost: a command line's ``main`` written by the change).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

#: The parts of ``importlib`` that only read package data and metadata.
IMPORTLIB_EVERYDAY = frozenset({"resources", "metadata"})
#: Names of ``importlib.metadata`` that load modules by name (a pytest plugin is one).
_METADATA_LOADERS = frozenset({"entry_points", "EntryPoint", "EntryPoints"})
_EXITS = frozenset({"sys.exit", "exit", "quit", "os._exit", "os.abort", "os.kill", "SystemExit"})
_CLEANUP_NAME = re.compile(
    r"(close|clear|clean|shutdown|stop|release|remove|delete|flush|join|terminate|unlink|"
    r"dispose|reset|cancel|rmtree|rmdir|wait)",
    re.I,
)
_CLEANUP_CALLS = frozenset({"shutil.rmtree", "os.remove", "os.unlink", "os.rmdir"})


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}


def _local_names(tree: ast.AST, module: str) -> set[str]:
    """Local names an ``import`` binds to the top module ``module`` itself.

    ``import importlib.metadata`` binds ``importlib``; ``import importlib.metadata as md``
    binds ``md`` to the submodule, which is not counted.
    """
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == module and (a.asname is None or a.name == module):
                    out.add(a.asname or module)
    return out


def _imports_ok(tree: ast.AST, module: str, allowed: Callable[[str, list[str]], bool]) -> bool:
    """Every ``import``/``from`` of ``module`` names what ``allowed(dotted, names)`` accepts."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == module and not allowed(a.name, []):
                    return False
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] == module and not allowed(
                node.module, [a.name for a in node.names]
            ):
                return False
    return True


def _importlib_allowed(dotted: str, names: list[str]) -> bool:
    parts = dotted.split(".")
    if len(parts) == 1:  # import importlib / from importlib import x
        return not names or all(n in IMPORTLIB_EVERYDAY for n in names)
    if parts[1] not in IMPORTLIB_EVERYDAY:
        return False
    return not (set(names) & (_METADATA_LOADERS | {"*"}))


def _uses_ok(tree: ast.AST, names: set[str], ok: Callable[[ast.AST, ast.AST | None], bool]) -> bool:
    """Every read of ``names`` is accepted by ``ok(name node, its parent)``, and there is one."""
    parents = _parents(tree)
    seen = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in names:
            seen = True
            if not ok(node, parents.get(node)):
                return False
    return seen


def _importlib_everyday(tree: ast.AST) -> bool:
    if not _imports_ok(tree, "importlib", _importlib_allowed):
        return False
    names = _local_names(tree, "importlib")
    if not names:
        return True  # from-imports only, checked above

    def ok(node: ast.AST, parent: ast.AST | None) -> bool:
        if not (isinstance(parent, ast.Attribute) and parent.value is node):
            return False
        if parent.attr not in IMPORTLIB_EVERYDAY:
            return False
        return True

    if not _uses_ok(tree, names, ok):
        return False
    # importlib.metadata.entry_points(...) loads modules by name
    return not any(
        isinstance(n, ast.Attribute) and n.attr in _METADATA_LOADERS for n in ast.walk(tree)
    )


class _Callbacks:
    """Which callables handed to an exit hook are cleanup (see the module text)."""

    def __init__(self, tree: ast.AST, dotted: Callable[[ast.AST], str | None]) -> None:
        self.dotted = dotted
        self.defs: dict[str, list[ast.AST]] = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.defs.setdefault(node.name, []).append(node)

    def ends_process(self, fn: ast.AST) -> bool:
        """True when ``fn``'s body calls an exit (:data:`_EXITS`) or raises ``SystemExit``."""
        for n in ast.walk(fn):
            if isinstance(n, ast.Call) and self.dotted(n.func) in _EXITS:
                return True
            if isinstance(n, ast.Raise) and n.exc is not None:
                exc = n.exc.func if isinstance(n.exc, ast.Call) else n.exc
                if self.dotted(exc) == "SystemExit":
                    return True
        return False

    def cleanup(self, node: ast.AST | None) -> bool:
        """True when ``node`` (a callback argument) is a cleanup callable."""
        if isinstance(node, ast.Name) and node.id in self.defs:
            return not any(self.ends_process(d) for d in self.defs[node.id])
        if isinstance(node, ast.Attribute):
            if self.dotted(node) in _CLEANUP_CALLS:
                return True
            if isinstance(node.value, ast.Name) and self.dotted(node.value) in ("sys", "os"):
                return False  # a library function, not an object's method
            if node.attr in self.defs:
                return not any(self.ends_process(d) for d in self.defs[node.attr])
            return bool(_CLEANUP_NAME.search(node.attr))
        return False


def _atexit_everyday(tree: ast.AST, cb: _Callbacks) -> bool:
    """Every use of ``atexit`` registers cleanup (or unregisters); a bare import is not one."""

    def allowed(dotted: str, names: list[str]) -> bool:
        return dotted == "atexit" and set(names) <= {"register", "unregister"}

    if not _imports_ok(tree, "atexit", allowed):
        return False
    names = _local_names(tree, "atexit")

    def base_ok(node: ast.AST, parent: ast.AST | None) -> bool:
        return (
            isinstance(parent, ast.Attribute)
            and parent.value is node
            and parent.attr in ("register", "unregister")
        )

    if names and not _uses_ok(tree, names, base_ok):
        return False
    parents = _parents(tree)
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Attribute, ast.Name)):
            continue
        if cb.dotted(node) != "atexit.register":
            continue
        holder = parents.get(node)
        if isinstance(holder, ast.Call) and holder.func is node:
            ok = bool(holder.args) and cb.cleanup(holder.args[0])
        elif isinstance(holder, (ast.FunctionDef, ast.AsyncFunctionDef)):
            ok = node in holder.decorator_list and not cb.ends_process(holder)
        else:
            ok = isinstance(holder, ast.ImportFrom)
        if not ok:
            return False
    return True


def _finalize_lines(tree: ast.AST, cb: _Callbacks) -> tuple[set[int], set[int]]:
    """(lines of ``weakref.finalize`` calls with a cleanup callback, lines of other uses)."""
    parents = _parents(tree)
    good: set[int] = set()
    bad: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Attribute, ast.Name)):
            continue
        if cb.dotted(node) != "weakref.finalize":
            continue
        holder = parents.get(node)
        line = getattr(node, "lineno", 0)
        if (
            isinstance(holder, ast.Call)
            and holder.func is node
            and len(holder.args) >= 2
            and cb.cleanup(holder.args[1])
        ):
            good.add(line)
        elif not isinstance(holder, ast.ImportFrom):
            bad.add(line)
    return good, bad


def everyday(
    tree: ast.AST, found: list[tuple[str, int]], dotted: Callable[[ast.AST], str | None]
) -> list[tuple[str, int]]:
    """``found`` (:func:`fixloop.tamper.constructs`' list) without the everyday idioms' findings.

    Args:
        tree: the module's syntax tree.
        found: ``[(construct, line)]``.
        dotted: a node's dotted name after import aliases (``os.path.join``), or None.

    Returns:
        the findings that stay, in their order.
    """
    cb = _Callbacks(tree, dotted)
    drop_modules: set[str] = set()
    if any(c.startswith(("import importlib", "from importlib")) for c, _ in found):
        if _importlib_everyday(tree):
            drop_modules.add("importlib")
    if any(c.startswith(("import atexit", "from atexit")) for c, _ in found):
        if _atexit_everyday(tree, cb):
            drop_modules.add("atexit")
    good_fin, bad_fin = _finalize_lines(tree, cb)
    out: list[tuple[str, int]] = []
    for construct, line in found:
        words = construct.split(" ")
        if words[0] in ("import", "from") and len(words) > 1:
            if words[1].split(".")[0] in drop_modules:
                continue
        if construct == "weakref.finalize" and line in good_fin and line not in bad_fin:
            continue
        out.append((construct, line))
    return out
