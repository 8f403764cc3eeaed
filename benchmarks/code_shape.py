"""The shape of fixloop's code (issue 10): longest files and functions, the loop and the gate, imports.

Prints, for a checkout of fixloop (default: this one; ``--root`` another, e.g. an old commit
exported with ``git archive REV | tar -x -C DIR``):

- the longest files under ``src/fixloop`` (lines), and every file over the limit (600 lines;
  the repair engine's template files, ``repair/templates*.py``, are the agreed exception);
- the longest functions and methods (lines from ``def`` to the last line of the body, as the
  standard ``ast`` module gives them);
- the line counts of the loop (``agent/loop.py``, goal < 300) and of the gate (the module that
  defines ``class Gate``, goal < 200);
- the import graph of ``src/fixloop`` at module level (imports inside functions and under
  ``if TYPE_CHECKING:`` are deliberate and left out): its cycles (strongly connected components
  with more than one module, found with Tarjan's algorithm) and its upward imports, where the
  layers are the rows of the table under "## Layout" in ``docs/architecture.md``, top row first:
  an import from a module to one in a higher row is upward; modules the table does not name are
  listed.

Standard library only. ``--json`` prints the same as one JSON object. Exit status 0 always: it
measures, it does not judge.

Usage::

    python benchmarks/code_shape.py [--root DIR] [--top N] [--json]
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 600
LOOP_GOAL, GATE_GOAL = 300, 200
TEMPLATE_RX = re.compile(r"^repair/templates\w*\.py$")


@dataclass
class Module:
    """One module of the package: its dotted name, path, line count and module-level imports."""

    name: str
    rel: str  # path relative to src/fixloop
    lines: int
    tree: ast.Module
    imports: set[str] = field(default_factory=set)


def load_modules(pkg: Path) -> dict[str, Module]:
    """Every ``.py`` file under ``pkg`` (the ``fixloop`` folder), parsed, by dotted name."""
    out: dict[str, Module] = {}
    for path in sorted(pkg.rglob("*.py")):
        rel = path.relative_to(pkg).as_posix()
        parts = ["fixloop", *rel[:-3].split("/")]
        if parts[-1] == "__init__":
            parts.pop()
        text = path.read_text(encoding="utf-8")
        out[".".join(parts)] = Module(
            ".".join(parts), rel, len(text.splitlines()), ast.parse(text, filename=str(path))
        )
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The import statements that run when the module is imported (not in defs, not typing-only)."""
    out: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                out += _module_level(node.body) + _module_level(node.orelse)
        elif isinstance(node, ast.Try):
            out += _module_level(node.body) + _module_level(node.orelse)
            out += _module_level(node.finalbody)
            for h in node.handlers:
                out += _module_level(h.body)
        elif isinstance(node, (ast.With, ast.For, ast.While)):
            out += _module_level(node.body)
    return out


def resolve_imports(mods: dict[str, Module]) -> None:
    """Fill each module's ``imports`` with the package modules it imports at module level."""
    for m in mods.values():
        is_pkg = m.rel.endswith("__init__.py")
        here = m.name.split(".") if is_pkg else m.name.split(".")[:-1]
        for node in _module_level(m.tree.body):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    base = here[: len(here) - node.level + 1]
                    prefix = ".".join(base + ([node.module] if node.module else []))
                else:
                    prefix = node.module or ""
                # ``from pkg import sub``: the submodule when there is one, else the package
                targets = [
                    f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in mods else prefix
                    for a in node.names
                ]
            for t in targets:
                while t and t not in mods:  # the longest module the dotted name starts with
                    t = t.rpartition(".")[0]
                if t and t != "fixloop" and t != m.name:
                    m.imports.add(t)


def cycles(mods: dict[str, Module]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, 1972), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(mods[v].imports):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(mods):
        if v not in index:
            visit(v)
    return sorted(out)


def layers(doc: Path) -> list[tuple[str, list[str]]]:
    """``[(row name, [module or package prefix])]`` from the layout table, top row first."""
    rows: list[tuple[str, list[str]]] = []
    if not doc.is_file():
        return rows
    text = doc.read_text(encoding="utf-8")
    start = text.find("## Layout")
    if start < 0:
        return rows
    for line in text[start:].splitlines()[1:]:
        if line.startswith("## "):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or cells[0] in ("Layer", "") or set(cells[0]) <= {"-"}:
            continue
        names = []
        for tok in re.findall(r"`([^`]+)`", cells[1]):
            if tok.endswith(".py"):
                names.append("fixloop." + tok[:-3].replace("/", "."))
            elif tok.endswith("/"):
                names.append("fixloop." + tok[:-1].replace("/", "."))
        rows.append((cells[0], names))
    return rows


def layer_of(name: str, rows: list[tuple[str, list[str]]]) -> int | None:
    """The row index of module ``name`` (the longest matching entry wins), or None."""
    best: tuple[int, int] | None = None
    for i, (_, names) in enumerate(rows):
        for n in names:
            if name == n or name.startswith(n + "."):
                if best is None or len(n) > best[1]:
                    best = (i, len(n))
    return best[0] if best else None


def functions(mods: dict[str, Module]) -> list[tuple[int, str]]:
    """``[(lines, "rel:Qual.name")]`` for every function and method, longest first."""
    out: list[tuple[int, str]] = []

    def walk(node: ast.AST, rel: str, qual: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{qual}{child.name}"
                out.append((child.end_lineno - child.lineno + 1, f"{rel}:{name}"))  # type: ignore[operator]
                walk(child, rel, name + ".")
            elif isinstance(child, ast.ClassDef):
                walk(child, rel, f"{qual}{child.name}.")
            else:
                walk(child, rel, qual)

    for m in mods.values():
        walk(m.tree, m.rel, "")
    return sorted(out, key=lambda t: (-t[0], t[1]))


def measure(root: Path, top: int) -> dict:
    """Everything the module docstring lists, for the checkout at ``root``."""
    pkg = root / "src" / "fixloop"
    mods = load_modules(pkg)
    resolve_imports(mods)
    by_size = sorted(mods.values(), key=lambda m: (-m.lines, m.rel))
    gate = next(
        (
            m
            for m in mods.values()
            if any(isinstance(n, ast.ClassDef) and n.name == "Gate" for n in m.tree.body)
        ),
        None,
    )
    loop = mods.get("fixloop.agent.loop") or mods.get("fixloop.agent")
    rows = layers(root / "docs" / "architecture.md")
    upward: list[str] = []
    unplaced: list[str] = []
    for m in sorted(mods.values(), key=lambda m: m.name):
        if m.name in ("fixloop", "fixloop.__main__"):
            continue
        mine = layer_of(m.name, rows)
        if mine is None:
            unplaced.append(m.name)
            continue
        for t in sorted(m.imports):
            theirs = layer_of(t, rows)
            if theirs is not None and theirs < mine:
                upward.append(f"{m.name} ({rows[mine][0]}) -> {t} ({rows[theirs][0]})")
    funcs = functions(mods)
    return {
        "root": str(root),
        "files": len(mods),
        "lines": sum(m.lines for m in mods.values()),
        "longest_files": [[m.rel, m.lines] for m in by_size[:top]],
        "over_limit": [[m.rel, m.lines] for m in by_size if m.lines > LIMIT],
        "over_limit_non_template": [
            [m.rel, m.lines] for m in by_size if m.lines > LIMIT and not TEMPLATE_RX.match(m.rel)
        ],
        "longest_functions": [[name, n] for n, name in funcs[:top]],
        "loop": [loop.rel, loop.lines] if loop else None,
        "gate": [gate.rel, gate.lines] if gate else None,
        "import_edges": sum(len(m.imports) for m in mods.values()),
        "cycles": cycles(mods),
        "layers": [name for name, _ in rows],
        "upward_imports": upward,
        "unplaced_modules": unplaced,
    }


def main(argv: list[str] | None = None) -> int:
    """Print the measures (text, or ``--json``)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="a checkout of fixloop")
    ap.add_argument("--top", type=int, default=8, help="how many files and functions to list")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = measure(args.root.resolve(), args.top)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    print(f"{r['root']}: {r['files']} files, {r['lines']} lines under src/fixloop")
    print("longest files:")
    for rel, n in r["longest_files"]:
        print(f"  {n:6d}  {rel}")
    bad = r["over_limit_non_template"]
    print(
        f"non-template files over {LIMIT} lines: {len(bad)}"
        + "".join(f"\n  {n:6d}  {rel}" for rel, n in bad)
    )
    print("longest functions:")
    for name, n in r["longest_functions"]:
        print(f"  {n:6d}  {name}")
    for what, goal in (("loop", LOOP_GOAL), ("gate", GATE_GOAL)):
        got = r[what]
        print(f"{what}: " + (f"{got[0]} {got[1]} lines (goal < {goal})" if got else "not found"))
    print(f"import graph: {r['import_edges']} module-level edges")
    print(f"  cycles: {len(r['cycles'])}" + "".join(f"\n    {c}" for c in r["cycles"]))
    print(
        f"  upward imports (layers {' > '.join(r['layers']) or 'not found'}): "
        f"{len(r['upward_imports'])}" + "".join(f"\n    {u}" for u in r["upward_imports"])
    )
    print(
        f"  modules the layout table does not name: {len(r['unplaced_modules'])}"
        + "".join(f"\n    {u}" for u in r["unplaced_modules"])
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
