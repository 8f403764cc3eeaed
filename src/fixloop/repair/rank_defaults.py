"""A flipped boolean default: the patch that changes what every call omitting the flag gets.

When a function computes the wrong thing for one value of a flag (``reverse=cheapest_first``
where the board should list the cheapest first), the failing test usually calls it without the
flag, so two kinds of patch pass it: one that fixes the body (``reverse=not cheapest_first``)
and one that flips the parameter's default (``cheapest_first: bool = True`` -> ``False``).
The second leaves the function wrong for every call that passes the flag, and changes the
documented behaviour of every call that omits it: the hidden tests, which pass the flag both
ways, fail. Likewise a caller's bug (a keyword the call forgot, ``minutes_between(...,
overnight=True)``) is plausibly "fixed" by flipping the callee's default for everyone.

:func:`flips_default` says whether a patch changes a parameter's boolean default to the other
boolean (of a function, method or lambda; positional or keyword-only). :func:`.overfit.
rank_plausible` puts such a patch after the patches that do not, among patches the traced
evidence ties (a rank, never a filter: with no other plausible patch it is still chosen).
Source: the tuning sets' two cases (heldout10 ice-cream-menu-order, heldout11
mountain-rescue-callouts: the flipped default was the wrong plausible patch both times; no
plausible patch of bugsuite-dev flips a default); the principle is the smallest change of
behaviour (PATCH-SIM, Xiong et al. ICSE 2018): a default is part of a function's contract with
all its callers, while the failing test shows one call. Numeric and string defaults are not
judged (a wrong constant default is a real bug kind: ``unit=1000`` -> ``1024``).
"""

from __future__ import annotations

import ast

from fixloop.repair.candidate import Candidate

__all__ = ["flips_default"]

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _bool_defaults(source: str) -> list[tuple[str, bool]] | None:
    """``(function@line:parameter, default)`` of every boolean default, in source order."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    out: list[tuple[str, bool]] = []
    for node in ast.walk(tree):
        if not isinstance(node, _FUNCS):
            continue
        a = node.args
        name = getattr(node, "name", "<lambda>")
        positional = [*a.posonlyargs, *a.args]
        pairs = list(zip(positional[len(positional) - len(a.defaults) :], a.defaults, strict=True))
        pairs += [(p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None]
        for param, default in pairs:
            if isinstance(default, ast.Constant) and isinstance(default.value, bool):
                out.append((f"{name}:{param.arg}", default.value))
    return out


def flips_default(cand: Candidate) -> bool:
    """Does the patch turn a parameter's ``True`` default into ``False`` or back?

    The functions' boolean defaults are compared in source order, by function and parameter
    name; False when their number or names differ (the patch changed more than a default) or
    when either side does not parse.
    """
    for c in (cand, *cand.also):
        before, after = _bool_defaults(c.old_source), _bool_defaults(c.new_source)
        if before is None or after is None or len(before) != len(after):
            continue
        if any(b[0] == a[0] and b[1] != a[1] for b, a in zip(before, after, strict=True)) and all(
            b[0] == a[0] for b, a in zip(before, after, strict=True)
        ):
            return True
    return False
