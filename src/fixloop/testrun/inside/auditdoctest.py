"""The audit hook's rule for doctests: the examples that run are the ones the tree's text holds.

A doctest's test id names a docstring, not its content. Code of the change can rewrite a
docstring at import (``add.__doc__ = add.__doc__.replace("5", str(add(2, 3)))``, red-team
h2_doc_rewrite) so that a failing doctest expects what the buggy code returns and passes
under the same id, with no docstring changed in the diff. The edit policy already reads the
diff (removing or changing a doctest example of a module pytest collects doctests from is a
test edit, refused); this module checks what actually runs.

When :mod:`doctest` compiles an example (audit event ``compile`` under ``<doctest NAME[i]>``,
from ``DocTestRunner.__run``, which pytest's doctest runner and unittest's ``DocTestSuite``
use), the hook hands the running ``DocTest`` here once. Its examples (``source`` and
``want`` of each) must be the ones the file on disk gives, as :class:`doctest.DocTestParser`
reads them:

- for a ``.py`` file, the literal docstring of the object the test is named after
  (``calc.add`` -> ``def add`` of calc.py; ``calc`` -> the module docstring; methods,
  properties and nested classes by their dotted names); for a ``__test__`` entry, every
  example must be an example of some string constant of the file; an object with no literal
  docstring (one composed at import, an alias) is not checked (its examples have no text to
  compare with: a known gap, and the base's own composing code would be refused otherwise);
- for a text file (``--doctest-glob``), the whole text;
- a file written during the run (:func:`fixloop.testrun.inside.auditfresh.fresh`) holds no
  trusted examples at all.

Otherwise the hook records a finding naming the doctest and the first example that differs.
Only files of the tree are checked, only once changed code has run in the process (the hook
is armed: nothing else can have rewritten them), and each file is parsed once.

Stdlib only; the harness passes this module's source to the sandboxed interpreter before the
hook's, as ``_fixloop_auditdoctest``. Each function takes the hook module (``hook``).
"""

from __future__ import annotations

import ast
import os
import sys
from typing import Any

_RUN = "__run"  # DocTestRunner.__run (the name as written; mangled only as an attribute)


def running_doctest(caller: Any) -> object | None:
    """The ``DocTest`` whose example ``caller`` (the frame calling ``compile``) compiles, or None."""
    co = caller.f_code
    if co.co_name != _RUN or not co.co_filename.endswith(os.sep + "doctest.py"):
        return None
    test = caller.f_locals.get("test")
    return test if hasattr(test, "examples") and hasattr(test, "filename") else None


def _examples(text: str) -> list[tuple[str, str]] | None:
    import doctest

    try:
        return [(e.source, e.want) for e in doctest.DocTestParser().get_examples(text)]
    except ValueError:
        return None


def _parse(path: str) -> tuple[dict[str, str | None], set[tuple[str, str]]] | None:
    """``({dotted name: literal docstring or None}, {(source, want) of every string})``."""
    try:
        with open(path, "rb") as fh:
            tree = ast.parse(fh.read())
    except (OSError, SyntaxError, ValueError):
        return None
    docs: dict[str, str | None] = {"": ast.get_docstring(tree, clean=False)}
    todo: list[tuple[str, Any]] = [("", tree)]
    while todo:
        prefix, node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}.{child.name}" if prefix else child.name
                docs.setdefault(name, ast.get_docstring(child, clean=False))
                if isinstance(child, ast.ClassDef):
                    todo.append((name, child))
    pool: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and ">>>" in node.value:
            pool.update(_examples(node.value) or ())
    return docs, pool


def _expected(hook: Any, test: Any, path: str) -> list[tuple[str, str]] | set | None:
    """What ``path`` says ``test`` runs: a list (exact), a set (a pool), or None (no check)."""
    cache = hook._state.setdefault("doc_files", {})
    if not path.endswith((".py", ".pyw")):
        if path not in cache:
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    cache[path] = _examples(fh.read())
            except OSError:
                cache[path] = None
        return cache[path]
    if path not in cache:
        cache[path] = _parse(path)
    parsed = cache[path]
    if parsed is None:
        return None
    docs, pool = parsed
    module = str((getattr(test, "globs", None) or {}).get("__name__") or "")
    name = str(getattr(test, "name", "") or "")
    qual = (
        "" if name == module else name[len(module) + 1 :] if name.startswith(module + ".") else None
    )
    doc = docs.get(qual) if qual is not None else None
    if doc is not None:
        return _examples(doc)
    if qual is None or not qual.startswith("__test__."):
        return None
    return pool | _entry_pool(hook, test, qual[len("__test__.") :], cache)


def _entry_pool(hook: Any, test: Any, key: str, cache: dict) -> set[tuple[str, str]]:
    """The examples of the file that defines a ``__test__`` entry's object (a function, class).

    toolz's own test sets ``toolz.__test__ = {name: func}`` with functions of its submodules
    and runs ``doctest.testmod(toolz)``: their docstrings are literal text of those files, not
    of ``toolz/__init__.py`` (newcomer F37). A file written during the run gives nothing.
    """
    table = (getattr(test, "globs", None) or {}).get("__test__")
    obj = table.get(key) if isinstance(table, dict) else None
    code = getattr(getattr(obj, "__func__", obj), "__code__", None)
    filename = getattr(code, "co_filename", None)
    if filename is None and isinstance(obj, type):
        mod = sys.modules.get(getattr(obj, "__module__", "") or "")
        filename = getattr(mod, "__file__", None)
    rel = hook._rel(filename) if isinstance(filename, str) else None
    if rel is None or not rel.endswith((".py", ".pyw")):
        return set()
    path = os.path.join(hook._state["root"], rel)
    if hook._fresh.fresh(hook, path):
        return set()
    if path not in cache:
        cache[path] = _parse(path)
    parsed = cache[path]
    return set(parsed[1]) if parsed is not None else set()


def check(hook: Any, test: Any) -> None:
    """Record a finding when the running ``test``'s examples are not the file's (see module)."""
    state = hook._state
    seen = state.setdefault("doc_seen", {})
    if id(test) in seen or not state["armed"]:
        return
    seen[id(test)] = test  # kept alive: the id is never reused while the run lasts
    filename = getattr(test, "filename", None)
    if not isinstance(filename, str) or not filename:
        return
    rel = hook._rel(filename)
    if rel is None:
        return
    path = os.path.join(state["root"], rel)
    line = (getattr(test, "lineno", None) or 0) + 1
    where = (rel, line)
    if hook._fresh.fresh(hook, path):
        hook._record(
            "doctest", f"doctest {test.name} runs examples of {rel}, written during the run", where
        )
        return
    expected = _expected(hook, test, path)
    if expected is None:
        return
    got = [(e.source, e.want) for e in test.examples]
    if isinstance(expected, set):
        bad = [g for g in got if g not in expected]
        if not bad:
            return
        diff = f"`>>> {bad[0][0].strip()[:60]}` expecting {bad[0][1].strip()[:40]!r} is in no docstring of it"
    else:
        if got == expected:
            return
        diff = _first_difference(got, expected)
    hook._record(
        "doctest",
        f"doctest {test.name} runs examples {rel} does not hold ({diff}): its docstring was "
        "changed at run time",
        where,
    )


def _first_difference(got: list[tuple[str, str]], want: list[tuple[str, str]]) -> str:
    for (gs, gw), (ws, ww) in zip(got, want, strict=False):
        if gs != ws:
            return f"runs `>>> {gs.strip()[:60]}` where the file has `>>> {ws.strip()[:60]}`"
        if gw != ww:
            return (
                f"`>>> {gs.strip()[:60]}` expects {gw.strip()[:40]!r}, the file {ww.strip()[:40]!r}"
            )
    return f"{len(got)} examples, the file {len(want)}"
