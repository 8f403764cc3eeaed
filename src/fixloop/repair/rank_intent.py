"""Static tie-breakers among plausible patches the traced runs and extra inputs cannot separate.

Two kinds of evidence of intent, read from the patch and the failing tests' source, used by
:func:`.overfit.rank_plausible` after the behaviour change, the dead stores, the checked lines
and the extra inputs (the first before the size of the diff, the second after it):

- :func:`reads_patched`: the failing tests *replace an attribute* (``monkeypatch.setattr(os,
  "sep", ":")``, ``mock.patch("pkg.mod.TIMEOUT", 1)``, ``mock.patch.object(obj, "now")``):
  a test that sets a name expects the code under test to read it. A patch that makes the code
  read that name (``"/"`` -> ``os.sep``) follows the tests' intent; one that copies the value
  the test set into the code (``"/"`` -> ``":"``) fits that one run only, the
  "hard-coded expected output" overfitting of Smith, Barr, Le Goues, Brun ("Is the Cure Worse
  Than the Disease? Overfitting in Automated Program Repair", FSE 2015).
- :func:`is_deletion`: a patch that removes code (a statement, a condition, a call, an
  argument: :data:`.priors.DELETIONS`) after one of the same diff size that adds or replaces
  code, all else equal (a smaller deletion still goes first): the
  "anti-delete" patterns of Tan, Yi, Yulis, Mechtaev, Roychoudhury ("Anti-patterns in
  Search-Based Program Repair", FSE 2016), and the most frequent plausible-but-wrong patches of
  Qi, Long, Achour, Rinard (ISSTA 2015): dropping ``round(x, 2)``'s digits argument passes a test
  whose expected value happens to be whole.

Both are ranks, never filters: a patch is never dropped by them.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from fixloop.repair.candidate import Candidate
from fixloop.repair.priors import DELETIONS

__all__ = ["is_deletion", "patched_names", "reads_patched"]

#: call names that replace an attribute for a test (pytest's monkeypatch, unittest.mock)
_SETTERS = frozenset({"setattr", "patch", "object"})


def _target_name(call: ast.Call) -> str | None:
    """The attribute name a setter call replaces, or None.

    ``x.setattr(obj, "name", v)`` / ``patch.object(obj, "name")`` -> ``name``;
    ``x.setattr("a.b.name", v)`` / ``patch("a.b.name")`` -> ``name`` (the last dotted part).
    """
    f = call.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if name not in _SETTERS or not call.args:
        return None
    args = call.args
    first = args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        # the dotted form: setattr("a.b.name", v), patch("a.b.name", new)
        if "." not in first.value:
            return None
        return first.value.rsplit(".", 1)[1] or None
    if name == "patch":  # patch(target, new): a target that is no string is not read here
        return None
    if len(args) >= 2 and isinstance(args[1], ast.Constant) and isinstance(args[1].value, str):
        return args[1].value or None
    return None


def patched_names(root: Path, failing: Iterable[str]) -> frozenset[str]:
    """Attribute names the failing tests replace (see the module docstring).

    Args:
        root: the work tree the test ids are relative to.
        failing: pytest node ids (``tests/test_x.py::test_y``, ``...::Class::test_y[param]``).

    Returns:
        the names set by setter calls in the failing test functions' bodies (and in their
        class's, for a method); empty when a file cannot be read or parsed.
    """
    wanted: dict[str, set[str]] = {}
    for tid in failing:
        parts = tid.split("::")
        if len(parts) < 2:
            continue
        wanted.setdefault(parts[0], set()).add(parts[-1].split("[", 1)[0])
    out: set[str] = set()
    for rel, funcs in wanted.items():
        try:
            tree = ast.parse((root / rel).read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in funcs:
                for call in ast.walk(node):
                    if isinstance(call, ast.Call):
                        got = _target_name(call)
                        if got:
                            out.add(got)
    return frozenset(out)


def _reads(source: str, names: frozenset[str]) -> Counter[str]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return Counter()
    out: Counter[str] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in names:
            out[node.attr] += 1
        elif isinstance(node, ast.Name) and node.id in names:
            out[node.id] += 1
    return out


def reads_patched(cand: Candidate, names: frozenset[str]) -> bool:
    """Does the patch add a read of a name the failing tests replace (:func:`patched_names`)?

    Counted over the patched files (and the patch's other files): more occurrences of such a name,
    as an attribute or a plain name, after the patch than before.
    """
    if not names:
        return False
    for c in (cand, *cand.also):
        before, after = _reads(c.old_source, names), _reads(c.new_source, names)
        if any(after[n] > before[n] for n in after):
            return True
    return False


def is_deletion(cand: Candidate) -> bool:
    """Is the patch made by a deleting template (:data:`.priors.DELETIONS`)?"""
    return cand.template in DELETIONS or any(is_deletion(c) for c in cand.also)
