"""The test-machinery scan's constant folding: expressions of constant strings, evaluated.

A change can split a name to hide it (``"_e" + "xit"``, ``"%s" % "..."``, f-strings,
``"".join([...])``, ``.format``, slices such as ``"tixe_"[::-1]``, ``chr(..)`` sums, module-level
string constants); :class:`_Folder` computes such an expression's value without running any of
the change, so :mod:`fixloop.tamper` matches the name it spells.
"""

from __future__ import annotations

import ast
from collections import Counter


class _Folder:
    """Folds expressions made only of string constants into their value (or None)."""

    def __init__(self, consts: dict[str, str]) -> None:
        self.consts = consts

    def fold(self, node: ast.AST | None, depth: int = 0) -> str | None:  # noqa: PLR0911, PLR0912
        if node is None or depth > 30:
            return None
        d = depth + 1
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str):
                return node.value
            if isinstance(node.value, bytes):
                return node.value.decode("latin-1")
            return None
        if isinstance(node, ast.Name):
            return self.consts.get(node.id)
        if isinstance(node, ast.BinOp):
            left = self.fold(node.left, d)
            if isinstance(node.op, ast.Add):
                right = self.fold(node.right, d)
                return left + right if left is not None and right is not None else None
            if isinstance(node.op, ast.Mod) and left is not None:
                elts = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
                vals = [self._value(e, d) for e in elts]
                if all(v is not None for v in vals):
                    try:
                        return left % tuple(vals)
                    except (TypeError, ValueError):
                        return None
            if isinstance(node.op, ast.Mult) and left is not None:
                n = node.right
                if isinstance(n, ast.Constant) and isinstance(n.value, int) and n.value < 10:
                    return left * n.value
            return None
        if isinstance(node, ast.JoinedStr):
            parts = []
            for v in node.values:
                if isinstance(v, ast.FormattedValue):
                    val = self._value(v.value, d)
                    if val is None or v.format_spec is not None:
                        return None
                    parts.append(str(val))
                else:
                    s = self.fold(v, d)
                    if s is None:
                        return None
                    parts.append(s)
            return "".join(parts)
        if isinstance(node, ast.Subscript):
            base = self.fold(node.value, d)
            sl = node.slice
            if base is None:
                return None
            if isinstance(sl, ast.Slice):
                bounds = [self._int(x) for x in (sl.lower, sl.upper, sl.step)]
                if any(b is False for b in bounds):
                    return None
                return base[slice(*bounds)]
            idx = self._int(sl)
            if idx is not None and idx is not False and -len(base) <= idx < len(base):
                return base[idx]
            return None
        if isinstance(node, ast.Call):
            return self._fold_call(node, d)
        return None

    def _fold_call(self, node: ast.Call, d: int) -> str | None:
        f = node.func
        if isinstance(f, ast.Name) and f.id == "chr" and len(node.args) == 1:
            n = self._intval(node.args[0])
            return chr(n) if n is not None and 0 <= n < 0x110000 else None
        if isinstance(f, ast.Name) and f.id == "str" and len(node.args) == 1:
            return self.fold(node.args[0], d)
        if not isinstance(f, ast.Attribute):
            return None
        if f.attr == "join" and len(node.args) == 1:
            sep = self.fold(f.value, d)
            seq = node.args[0]
            if sep is None:
                return None
            items = self._items(seq, d)
            return sep.join(items) if items is not None else None
        base = self.fold(f.value, d)
        if base is None:
            return None
        if f.attr == "format":
            vals = [self._value(a, d) for a in node.args]
            kw = {k.arg: self._value(k.value, d) for k in node.keywords if k.arg}
            if all(v is not None for v in vals) and all(v is not None for v in kw.values()):
                try:
                    return base.format(*vals, **kw)
                except (IndexError, KeyError, ValueError):
                    return None
            return None
        if (
            f.attr
            in (
                "lower",
                "upper",
                "strip",
                "lstrip",
                "rstrip",
                "title",
                "capitalize",
                "swapcase",
                "casefold",
            )
            and not node.args
        ):
            return str(getattr(base, f.attr)())
        if f.attr == "replace" and len(node.args) == 2:
            a, b = (self.fold(x, d) for x in node.args)
            return base.replace(a, b) if a is not None and b is not None else None
        if f.attr == "decode":
            return base
        return None

    def _items(self, seq: ast.AST, d: int) -> list[str] | None:
        if isinstance(seq, (ast.List, ast.Tuple, ast.Set)):
            vals = [self.fold(e, d) for e in seq.elts]
            return vals if all(v is not None for v in vals) else None  # type: ignore[return-value]
        if isinstance(seq, ast.Call) and isinstance(seq.func, ast.Name):
            # map(chr, [..]), reversed("..."), list("..."), sorted([...])
            if seq.func.id == "map" and len(seq.args) == 2:
                fn = seq.args[0]
                if isinstance(fn, ast.Name) and fn.id == "chr":
                    inner = seq.args[1]
                    if isinstance(inner, (ast.List, ast.Tuple)):
                        ns = [self._intval(e) for e in inner.elts]
                        if all(n is not None and 0 <= n < 0x110000 for n in ns):
                            return [chr(n) for n in ns]  # type: ignore[arg-type]
                return None
            if seq.func.id in ("reversed", "list", "tuple") and len(seq.args) == 1:
                s = self.fold(seq.args[0], d)
                if s is not None:
                    return list(reversed(s)) if seq.func.id == "reversed" else list(s)
                return self._items(seq.args[0], d)
        s = self.fold(seq, d)
        return list(s) if s is not None else None

    def _value(self, node: ast.AST, d: int) -> object | None:
        s = self.fold(node, d)
        if s is not None:
            return s
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        return None

    def _intval(self, node: ast.AST) -> int | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return int(node.value)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            a, b = self._intval(node.left), self._intval(node.right)
            if a is None or b is None:
                return None
            return a + b if isinstance(node.op, ast.Add) else a - b
        return None

    def _int(self, node: ast.AST | None) -> int | None | bool:
        """None for an absent bound, the int, or False when not a constant."""
        if node is None:
            return None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            v = self._intval(node.operand)
            return -v if v is not None else False
        v = self._intval(node)
        return v if v is not None else False


def _module_consts(tree: ast.Module) -> dict[str, str]:
    """Names bound once, at module or function level, to a foldable string."""
    assigned: Counter[str] = Counter()
    exprs: dict[str, ast.AST] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    assigned[t.id] += 1
                    exprs[t.id] = node.value
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
            assigned[node.target.id] += 2  # augmented or annotated: not a plain constant
    consts: dict[str, str] = {}
    folder = _Folder(consts)
    for _ in range(3):  # constants defined from other constants
        for name, expr in exprs.items():
            if assigned[name] == 1 and name not in consts:
                v = folder.fold(expr)
                if v is not None and len(v) < 200:
                    consts[name] = v
    return consts
