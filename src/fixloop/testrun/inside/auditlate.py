"""The audit hook's end-of-run comparisons: what no audit event covers.

Python raises no audit event for ``signal.signal`` or for setting an attribute of an ordinary
class (``_pytest.runner.CallInfo.__init__ = ...``), so :mod:`fixloop.testrun.inside.audithook`
compares at the end of the run (``finish`` and at interpreter exit): the signal handlers
against those at install time, and pytest's and pluggy's modules and classes against the
snapshot taken before the project was importable. A handler or attribute whose code is in the
repository (not a test file present before the run) or written at run time
(:mod:`fixloop.testrun.inside.auditfresh`) is a finding at its definition.

Each function takes the hook module (``hook``: its state, its path helpers and ``_record``).
Stdlib only; the harness passes this module's source to the sandboxed interpreter before the
hook's, as ``_fixloop_auditlate``.
"""

from __future__ import annotations

import sys
from typing import Any


def signal_handlers() -> dict[int, object]:
    """``{signal number: handler}`` for every valid signal (the ones it can read)."""
    import signal

    out: dict[int, object] = {}
    for s in signal.valid_signals():
        try:
            out[int(s)] = signal.getsignal(s)
        except (OSError, ValueError, TypeError):
            continue
    return out


def code_location(hook: Any, fn: object) -> tuple[str, int] | None:
    """(relpath, line) of a function (or bound method, partial) defined in the repository."""
    for _ in range(5):
        inner = getattr(fn, "__func__", None) or getattr(fn, "func", None)
        if inner is None or inner is fn:
            break
        fn = inner
    code = getattr(fn, "__code__", None)
    if code is None:
        init = vars(type(fn)).get("__call__")
        code = getattr(init, "__code__", None)
    if code is None:
        return None
    if hook._fresh.is_runtime(hook, code):  # written at run time: the change's, whatever its path
        return (hook._rel(code.co_filename) or code.co_filename, code.co_firstlineno)
    if hook._generated(code.co_filename):
        return (code.co_filename, code.co_firstlineno)
    rel = hook._rel(code.co_filename)
    if rel is None or hook._is_test_path(rel):
        return None
    return (rel, code.co_firstlineno)


def snapshot(hook: Any) -> dict[tuple[str, str], int]:
    """``{(owner, name): id(value)}`` over the modules of pytest and pluggy and their classes.

    Taken once pytest is imported and before the project is importable (kept in the hook's
    state); :func:`late_checks` compares it with the end state (an attribute set on
    ``_pytest.runner.CallInfo`` does not fire any audit event).
    """
    snap: dict[tuple[str, str], int] = {}
    for mname, mod in list(sys.modules.items()):
        if (
            mod is None
            or not hook._machinery_module(mname)
            or mname.startswith(("fixloop", "_fixloop"))
        ):
            continue
        d = getattr(mod, "__dict__", {})
        for k, v in list(d.items()):
            snap[(mname, k)] = id(v)
            if isinstance(v, type) and getattr(v, "__module__", None) == mname:
                for ck, cv in list(vars(v).items()):
                    snap[(f"{mname}.{v.__qualname__}", ck)] = id(cv)
    hook._state["snapshot"] = snap
    return snap


def machinery_changes(hook: Any) -> list[tuple[str, tuple[str, int]]]:
    """``[(owner.name, (relpath, line))]``: attributes of pytest/pluggy replaced by repository code."""
    snap = hook._state["snapshot"]
    if not snap:
        return []
    owners: dict[str, dict] = {}
    for mname, mod in list(sys.modules.items()):
        if mod is None or not hook._machinery_module(mname):
            continue
        d = getattr(mod, "__dict__", {})
        owners[mname] = d
        for v in list(d.values()):
            if isinstance(v, type) and getattr(v, "__module__", None) == mname:
                owners[f"{mname}.{v.__qualname__}"] = dict(vars(v))
    out = []
    for (owner, name), ident in snap.items():
        d = owners.get(owner)
        if d is None or name not in d or id(d[name]) == ident:
            continue
        loc = code_location(hook, d[name])
        if loc is None and isinstance(d[name], property):
            loc = code_location(hook, d[name].fget)
        if loc is not None:
            out.append((f"{owner}.{name}", loc))
    return out


def late_checks(hook: Any) -> None:
    """Record signal handlers installed by changed code and replaced test-runner attributes."""
    before = hook._state.get("signals") or {}
    for sig, handler in signal_handlers().items():
        if before.get(sig) is handler or not callable(handler):
            continue
        loc = code_location(hook, handler)
        if loc is not None:
            hook._record("signal.signal", f"installed a handler for signal {sig}", loc)
            before[sig] = handler
    for name, loc in machinery_changes(hook):
        hook._record("object.__setattr__", f"replaced {name} of the test runner", loc)
    if hook._state["snapshot"]:
        snapshot(hook)  # report each change once
