"""The ``replace_symbol`` tool: replace a whole function, method or class found by its name.

libcst (already the repair engine's syntax tree) parses the file and gives the lines of every
definition (``PositionProvider``, decorators included); the qualified name is the dotted path of
enclosing classes and functions (``Cart.total``, ``outer.inner``), as ``__qualname__`` without
``<locals>``. Definitions under ``if``/``try``/``with`` blocks count at their enclosing level,
so two definitions of one name (a fallback in ``except ImportError``, an overload, a property
setter) are two matches and refused as ambiguous.

The change itself goes through :func:`fixloop.tools.edit.edit_file` with the definition's
lines as ``old`` and the new source, indented like the old definition, as ``new``: the same
path policy (test files, shadowing, source only), doctest protection, syntax check,
byte-faithful splice (line endings, BOM, encoding, every other byte), atomic write and
``changed_path`` (so the candidate commit and the gate see it like any edit).
"""

from __future__ import annotations

import textwrap

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from fixloop.tools.common import PY_SUFFIXES, err, load
from fixloop.tools.edit import edit_file
from fixloop.tools.specs import Caps
from fixloop.tools.text import _decode, _lf_view
from fixloop.types import ToolResult
from fixloop.workspace import Workspace

_Def = cst.FunctionDef | cst.ClassDef


def find_definitions(module: cst.Module) -> list[tuple[str, _Def]]:
    """Every function and class definition of ``module`` with its qualified name, in order."""
    out: list[tuple[str, _Def]] = []

    def walk(body: object, prefix: str) -> None:
        for stmt in _statements(body):
            if isinstance(stmt, cst.FunctionDef | cst.ClassDef):
                qual = prefix + stmt.name.value
                out.append((qual, stmt))
                walk(stmt.body, qual + ".")
            elif isinstance(stmt, cst.If | cst.Try | cst.TryStar | cst.With | cst.For | cst.While):
                for part in _blocks(stmt):
                    walk(part, prefix)

    walk(module, "")
    return out


def _statements(node: object) -> list[cst.CSTNode]:
    body = getattr(node, "body", ())
    return list(body) if isinstance(body, list | tuple) else []


def _blocks(stmt: cst.CSTNode) -> list[object]:
    parts: list[object] = [getattr(stmt, "body", None)]
    orelse = getattr(stmt, "orelse", None)
    while orelse is not None:  # elif chains nest If nodes in orelse
        parts.append(orelse.body if isinstance(orelse, cst.If | cst.Else) else orelse)
        orelse = getattr(orelse, "orelse", None) if isinstance(orelse, cst.If) else None
    parts += [h.body for h in getattr(stmt, "handlers", ())]
    final = getattr(stmt, "finalbody", None)
    if final is not None:
        parts.append(final.body)
    return [p for p in parts if p is not None]


def replace_symbol(
    ws: Workspace, caps: Caps, path: str, symbol: str, new_source: str
) -> ToolResult:
    """``replace_symbol``: replace the one definition named ``symbol`` with ``new_source``.

    Args:
        ws: the workspace (the write policy applies: test files are refused).
        caps: as for ``edit_file``.
        path: the Python file, workspace-relative.
        symbol: the qualified name, e.g. ``add_tax``, ``Cart.total``, ``outer.inner``.
        new_source: the whole new definition (decorators included), at any indentation; it
            must parse and define ``symbol``'s last name part, one function or class.

    Returns:
        ``edit_file``'s result (``kind="ok"``, ``changed_path``) headed by what was replaced;
        or an error: ``not_python``, ``syntax_error`` (the file or ``new_source`` does not
        parse, or is not one definition of that name), ``not_found`` (no such symbol, with the
        nearest names), ``multiple_matches`` (with their lines), a path refusal.
    """
    loaded = load(ws, caps, path, write=True)
    if isinstance(loaded, ToolResult):
        return loaded
    real, data = loaded
    if real.suffix not in PY_SUFFIXES:
        return err(
            f"{path!r} is not a Python file; replace_symbol edits Python definitions only "
            "(use edit_file for other files).",
            "not_python",
        )
    norm = _lf_view(_decode(data).text)[0]
    try:
        wrapper = MetadataWrapper(cst.parse_module(norm))
    except (cst.ParserSyntaxError, RecursionError) as e:
        return err(
            f"{path} does not parse ({_first_line(e)}); use edit_file to change it.",
            "syntax_error",
        )
    positions = wrapper.resolve(PositionProvider)
    defs = find_definitions(wrapper.module)
    hits = [d for q, d in defs if q == symbol]
    if not hits:
        return _no_symbol(path, symbol, [q for q, _d in defs])
    if len(hits) > 1:
        at = ", ".join(str(n) for n in sorted(positions[d].start.line for d in hits))
        return err(
            f"{symbol!r} names {len(hits)} definitions in {path} (at lines {at}); "
            "replace_symbol changes one. Use edit_file with enough surrounding lines.",
            "multiple_matches",
        )
    node = hits[0]
    first = min([positions[node].start.line] + [positions[d].start.line for d in node.decorators])
    last = positions[node].end.line
    lines = norm.split("\n")
    old = "\n".join(lines[first - 1 : last])
    indent = old[: len(old) - len(old.lstrip(" \t"))]
    problem = _check_new(new_source, symbol.rsplit(".", 1)[-1])
    if problem:
        return err(problem + " The file was not changed.", "syntax_error")
    body = textwrap.dedent(_lf_view(new_source)[0]).strip("\n")
    new = "\n".join(indent + ln if ln.strip() else ln for ln in body.split("\n"))
    if new == old:
        return err(
            f"new_source is the same as the current {symbol}; nothing would change.", "invalid_args"
        )
    res = edit_file(ws, caps, path, old, new)
    if not res.is_error:
        span = f"line {first}" if first == last else f"lines {first}-{last}"
        res.content = f"Replaced {symbol} ({span}) in {path}.\n" + res.content
    elif res.kind == "multiple_matches":  # the same text twice: the definition cannot be told apart
        res.content = (
            f"Error: the text of {symbol} occurs more than once in {path}; use edit_file with "
            "enough surrounding lines. The file was not changed."
        )
    return res


def _check_new(source: str, name: str) -> str | None:
    """Why ``source`` cannot replace a definition named ``name``, or None."""
    text = textwrap.dedent(_lf_view(source)[0]).strip("\n") + "\n"
    try:
        module = cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError) as e:
        return f"new_source does not parse: {_first_line(e)}."
    stmts = [s for s in module.body if not isinstance(s, cst.EmptyLine)]
    if len(stmts) != 1 or not isinstance(stmts[0], cst.FunctionDef | cst.ClassDef):
        return (
            f"new_source must be one function or class definition (decorators allowed), got "
            f"{len(stmts)} statement(s)."
        )
    got = stmts[0].name.value
    if got != name:
        return f"new_source defines {got!r}, not {name!r}; keep the name (callers use it)."
    return None


def _no_symbol(path: str, symbol: str, names: list[str]) -> ToolResult:
    import difflib

    close = difflib.get_close_matches(symbol, names, n=5, cutoff=0.5)
    if not close:
        tail = symbol.rsplit(".", 1)[-1]
        close = [q for q in names if q.rsplit(".", 1)[-1] == tail][:5]
    hint = f" Did you mean: {', '.join(close)}?" if close else ""
    shown = ", ".join(names[:15]) + (" ..." if len(names) > 15 else "")
    return err(
        f"no function or class named {symbol!r} in {path}.{hint} Names defined there: "
        f"{shown or '(none)'}. Use the dotted name for a method (Class.method); repo_map "
        "shows the outline.",
        "not_found",
    )


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0][:200]
