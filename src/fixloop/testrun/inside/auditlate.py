"""The audit hook's end-of-run comparisons: what no audit event covers.

Python raises no audit event for ``signal.signal`` or for setting an attribute of an ordinary
class (``_pytest.runner.CallInfo.__init__ = ...``), so :mod:`fixloop.testrun.inside.audithook`
compares at the end of the run (``finish`` and at interpreter exit): the signal handlers
against those at install time, pytest's and pluggy's modules and classes against the
snapshot taken before the project was importable, and doctest's functions and classes
against the repository's code (:func:`decider_patches`). A handler or attribute whose code
is in the repository (not a test file present before the run) or written at run time
(:mod:`fixloop.testrun.inside.auditfresh`) is a finding at its definition. The test files and
test data of the tree (by ``lstat``, taken at install: :func:`protected_snapshot`) must come
out of the run as they went in, unless test code changed them (:func:`touched_protected`).

Each function takes the hook module (``hook``: its state, its path helpers and ``_record``).
Stdlib only; the harness passes this module's source to the sandboxed interpreter before the
hook's, as ``_fixloop_auditlate``.
"""

from __future__ import annotations

import os
import sys
from typing import Any

#: The interpreter's own standard streams and ``os._exit``, bound before project code runs.
_STREAMS = (sys.stdout, sys.stderr)
_exit = os._exit

_FUNC = type(lambda: 0)
_globals: Any = sys.modules.get("_fixloop_auditglobals")
if _globals is None:  # imported as a package module (tests), not from the harness's -c program
    from fixloop.testrun.inside import auditglobals as _globals
_ids: Any = sys.modules.get("_fixloop_auditids")
if _ids is None:
    from fixloop.testrun.inside import auditids as _ids


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


def _static_attr(obj: object, name: str) -> Any:
    """``obj.name`` when its type defines ``name``, else None; never runs ``__getattr__``.

    A library's lazy objects resolve on any attribute read (``six.moves``' ``MovedModule``
    imports its module and raises ``ModuleNotFoundError`` for ``dbm.gnu``), so an ordinary
    ``getattr(value, "__func__", None)`` ran library code and crashed the end of the run.
    """
    if not any(name in vars(k) for k in type(obj).__mro__):
        return None
    try:
        return getattr(obj, name)
    except Exception:  # a property of the library's that raises: not a function of ours
        return None


def code_location(hook: Any, fn: object) -> tuple[str, int] | None:
    """(relpath, line) of a function (or bound method, partial) defined in the repository."""
    for _ in range(5):
        inner = _static_attr(fn, "__func__") or _static_attr(fn, "func")
        if inner is None or inner is fn:
            break
        fn = inner
    code = _static_attr(fn, "__code__")
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
    _ids.track(hook)  # the identities of the built-ins and of the libraries loaded so far
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


#: Standard-library modules whose classes decide a test's outcome but are no test runner of
#: their own (doctest's output checker and runner, which pytest's doctest items subclass).
DECIDERS = ("doctest",)


def _module_items(mname: str, mod: Any) -> list[tuple[str, object]]:
    """``[(dotted name, value)]``: a module's attributes and those of the classes it defines."""
    items: list[tuple[str, object]] = []
    for k, v in list(vars(mod).items()):
        items.append((f"{mname}.{k}", v))
        if isinstance(v, type) and getattr(v, "__module__", None) == mname:
            items.extend((f"{mname}.{v.__qualname__}.{ck}", cv) for ck, cv in list(vars(v).items()))
    return items


def decider_patches(hook: Any) -> list[tuple[str, tuple[str, int]]]:
    """``[(module.Class.name, (relpath, line))]``: functions of :data:`DECIDERS` from the tree.

    Those whose code is the repository's (not a test file present before the run) or written
    at run time. No snapshot: :mod:`doctest` is imported late (by pytest's doctest items) and none of its
    attributes is the repository's unless the repository put it there (setting a class
    attribute raises no audit event: ``doctest.OutputChecker.check_output = ...`` in the
    changed code made every doctest pass, scan-clean).
    """
    out = []
    for mname in DECIDERS:
        mod = sys.modules.get(mname)
        if mod is None:
            continue
        for name, value in _module_items(mname, mod):
            if isinstance(value, property):
                value = value.fget
            if not callable(value) and not isinstance(value, (staticmethod, classmethod)):
                continue
            loc = code_location(hook, value)
            if loc is None:
                continue
            # generated code (doctest's own namedtuple, '<string>') only when this very code
            # object was written at run time: a name such as '<string>' is shared by all
            fn = getattr(value, "__func__", value)
            code = getattr(fn, "__code__", None)
            if loc[0].startswith("<") and not (
                code is not None and hook._fresh.is_runtime(hook, code)
            ):
                continue
            out.append((name, loc))
    return out


#: Standard-library modules the tests read through (data readers, comparisons, paths, numbers):
#: a function of the change's files put there replaces what the tests see (red team, wave 1:
#: ``json.load = _read`` in calc.py fed test_add expected values computed by the buggy add).
#: Not here: logging, warnings, sys, builtins, signal (honest code configures them).
READERS = (
    "json", "json.decoder", "json.encoder", "csv", "pickle", "tomllib", "configparser", "re",
    "io", "os", "os.path", "posixpath", "pathlib", "shutil", "difflib", "pprint", "math",
    "operator", "decimal", "fractions", "statistics", "copy", "collections", "string",
    "textwrap", "ast", "types", "inspect", "random", "time", "unittest.mock",
)  # fmt: skip


def reader_patches(hook: Any) -> list[tuple[str, tuple[str, int]]]:
    """``[(module[.Class].name, (relpath, line))]``: functions of :data:`READERS` from the change.

    A module-level function or a method of the module's own classes whose code is in a file
    the change touched (``watch``) or was written at run time. Unlike :func:`decider_patches`
    code of unchanged repository files is not a finding: a project that patches the standard
    library on purpose keeps doing so in its base, and the base is not the change. Nor is a
    function of a changed file whose own lines are unchanged (:func:`_changed_code`) when the
    baseline's record holds the same replacement (:func:`_base_made`: red-team F27, a
    project's ``json.JSONEncoder.default = _default`` at import blamed on a fix of another
    function of that file). A function the project adds under a new name is a finding too (no
    snapshot): none of these modules holds the project's functions unless the project put them
    there. Cost: one pass over the dictionaries of the loaded modules among :data:`READERS`
    and of their classes.
    """
    watch = hook._state.get("watch") or {}
    stdlib = (*(hook._state.get("stdlib") or ()), "<frozen ")  # frozen: os, posixpath...
    out = []
    for mname in (*READERS, *DECIDERS):
        mod = sys.modules.get(mname)
        if mod is None:
            continue
        for name, value in _module_items(mname, mod):
            if isinstance(value, property):
                value = value.fget
            if isinstance(value, type):  # a class of the change's files put in their place
                rel = _class_file(hook, value, stdlib)
                if rel is not None and rel in watch and not name.endswith(".__class__"):
                    if not _base_made(hook, name, value):
                        out.append((name, (rel, _class_line(value))))
                continue
            if not (callable(value) or isinstance(value, (staticmethod, classmethod))):
                continue
            fn = getattr(value, "__func__", value)
            code = getattr(fn, "__code__", None)
            if code is None or code.co_filename.startswith(stdlib):  # the module's own code
                continue
            loc = code_location(hook, value)
            if loc is None:
                continue
            if hook._fresh.is_runtime(hook, code):
                out.append((name, loc))
            elif loc[0] in watch and not _base_made(hook, name, value):
                out.append((name, loc))
    return out


def _base_made(hook: Any, name: str, value: object) -> bool:
    """The baseline run made this very replacement and the change touched none of its code.

    ``name``: ``module[.Class].attribute``; the baseline's list is the hook's ``known_swaps``
    (:mod:`fixloop.testrun.inside.auditswaps`' ``(owner, attribute, description)``), None when
    the baseline was not recorded (then a function of a changed file is the change's, as
    before). A class counts as touched when any of its functions runs a changed line.
    """
    known = hook._state.get("known_swaps")
    if not known or _changed_code(hook, value) is not None:
        return False
    owner, _, attr = name.rpartition(".")
    return (owner, attr, _ids._swaps().describe(value)) in known


def shadow_modules(hook: Any) -> list[tuple[str, str, tuple[str, int]]]:
    """``[(name, relpath, where)]``: modules of the tree loaded under an interpreter module's name.

    The pristine run puts no import guard on ``sys.meta_path`` when the tree holds no such
    module at start (red-team F39: a test could see the guard) and gives the hook the names
    instead (``shadowable``: the standard library's, pytest's, its plugins'). A top-level module
    of one of those names loaded from a file of the repository is a finding when changed code
    wrote the file (``<root>/bisect.py`` written at import, then imported by a test), or the
    file is newer than the run's start and no test of the checkout wrote it; a module of the
    base (a test folder's helper) is not. ``where``: the changed line that wrote it, when the
    hook saw the write, else the module's first line.
    """
    names = hook._state.get("shadowable")
    out: list[tuple[str, str, tuple[str, int]]] = []
    if not names:
        return out
    for mname, mod in list(sys.modules.items()):
        if "." in mname or mname not in names:
            continue
        mdict = _static_attr(mod, "__dict__")
        filename = mdict.get("__file__") if isinstance(mdict, dict) else None
        rel = hook._rel(filename) if isinstance(filename, str) else None
        if rel is None:
            continue
        who, at = hook._fresh.writer(hook, filename)
        if who == "change" or (who == "" and hook._fresh.fresh(hook, filename)):
            out.append((mname, rel, at or (rel, 1)))  # where the change wrote it, or the file
    return out


def _elsewhere(hook: Any, value: object) -> bool:
    """True for a plain function whose code is in no changed file and not run-time code (cheap)."""
    if type(value) is not _FUNC:
        return False
    code: Any = value.__code__  # type: ignore[attr-defined]
    state = hook._state
    return not (
        id(code) in state["rtcode"]
        or code.co_filename in state["borrowed"]
        or hook._rel(code.co_filename) in state["watch"]
    )


def _changed_code(hook: Any, value: object) -> tuple[str, int] | None:
    """(relpath, line) when ``value``'s code runs a changed line or was written at run time.

    ``value``: a function, method, ``staticmethod``/``classmethod``, ``functools.partial`` or
    callable instance (unwrapped as :func:`code_location` does), or a class (any of its
    functions). A function of a changed file whose own lines are all unchanged is not the
    change's: a project that put it there in its base still does.
    """
    if isinstance(value, type):
        for v in list(vars(value).values()):
            if isinstance(v, type) or _elsewhere(hook, v):
                continue
            loc = _changed_code(hook, v)
            if loc is not None:
                return loc
        return None
    loc = code_location(hook, value)
    if loc is None:
        return None
    fn: Any = value
    for _ in range(5):
        inner = _static_attr(fn, "__func__") or _static_attr(fn, "func")
        if inner is None or inner is fn:
            break
        fn = inner
    code = _static_attr(fn, "__code__") or _static_attr(vars(type(fn)).get("__call__"), "__code__")
    if code is None:
        return None
    if hook._fresh.is_runtime(hook, code):
        return loc
    lines = (hook._state.get("watch") or {}).get(loc[0])
    if not lines:
        return None
    own = {ln for _s, _e, ln in code.co_lines() if ln} | {code.co_firstlineno}
    return loc if own & lines else None


def library_patches(hook: Any) -> list[tuple[str, tuple[str, int]]]:
    """``[(module[.Class].name, (relpath, line))]``: changed code put into installed libraries.

    Every loaded module outside the repository and the standard library (``site-packages``,
    ``dist-packages``: the project's dependencies; pytest and pluggy have their own snapshot)
    and the classes it defines, whose attribute is a function or class with a changed line
    or written at run time (:func:`_changed_code`): ``yaml.safe_load = _read``,
    ``setattr(numpy.testing, name, f)``. Test code (a conftest wrapping a library) is not the
    change's. Cost: one pass over those modules' dictionaries and their classes', at the end.
    """
    state = hook._state
    if not state.get("watch") and not state.get("rtcode") and not state.get("borrowed"):
        return []
    stdlib = state.get("stdlib") or ()
    out = []
    for mname, mod in list(sys.modules.items()):
        mdict = _static_attr(mod, "__dict__")  # not getattr: a lazy module's __getattr__ runs
        filename = mdict.get("__file__") if isinstance(mdict, dict) else None
        if not isinstance(filename, str) or mname.startswith(("_fixloop", "fixloop")):
            continue
        if "-packages" + os.sep not in filename and filename.startswith(stdlib):
            continue
        if hook._machinery_module(mname) or hook._rel(filename) is not None:
            continue
        try:
            items = _module_items(mname, mod)
        except (TypeError, AttributeError):
            continue
        for name, value in items:
            if isinstance(value, property):
                value = value.fget
            if not (callable(value) or isinstance(value, (staticmethod, classmethod))):
                continue
            if _elsewhere(hook, value):
                continue  # a plain function of no changed file (cheap: most are)
            if isinstance(value, type) and name == f"{mname}.{value.__qualname__}":
                if getattr(value, "__module__", None) == mname:
                    continue  # the module's own class: its members are items of their own
            loc = _changed_code(hook, value)
            if loc is not None and not _bound_by_import(mod, filename, name, value):
                out.append((name, loc))
    return out


_IMPORTS: dict[str, dict[str, tuple[str, str]]] = {}


def _bound_by_import(mod: Any, filename: str, dotted: str, value: object) -> bool:
    """The library's own source binds this name with ``from M import N`` and it is ``M.N`` now.

    A library that depends on the project (freezegun's ``from dateutil.tz import tzlocal``,
    jinja2's ``from markupsafe import escape``) holds the project's classes and functions by
    its own import statement, not because the change put them there. Only a module-level
    ``from`` import of an absolute module (top level, ``if``/``try`` blocks), read from the
    library's file (outside the tree: the change cannot write it), and only while the value is
    still the one that import gives.
    """
    name = dotted.rsplit(".", 1)[-1]
    if dotted != f"{getattr(mod, '__name__', '')}.{name}":
        return False  # an attribute of one of the library's classes
    table = _IMPORTS.get(filename)
    if table is None:
        import ast

        table = {}
        try:
            with open(filename, "rb") as f:
                tree = ast.parse(f.read())
        except (OSError, SyntaxError, ValueError):
            tree = ast.Module(body=[], type_ignores=[])
        todo: list[ast.AST] = list(tree.body)
        while todo:
            node = todo.pop()
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    table[a.asname or a.name] = (node.module, a.name)
            elif isinstance(node, (ast.If, ast.Try)):
                todo.extend(ast.iter_child_nodes(node))
            elif isinstance(node, ast.ExceptHandler):
                todo.extend(node.body)
        _IMPORTS[filename] = table
    src = table.get(name)
    if src is None:
        return False
    owner = sys.modules.get(src[0])
    owner_dict = _static_attr(owner, "__dict__") if owner is not None else None
    return isinstance(owner_dict, dict) and owner_dict.get(src[1]) is value


def _class_file(hook: Any, cls: type, stdlib: tuple[str, ...]) -> str | None:
    """The repository-relative file of the module that defines ``cls``, or None.

    None without a look at the path when the module is built in or under ``stdlib``.
    """
    mod = sys.modules.get(getattr(cls, "__module__", "") or "")
    filename = getattr(mod, "__file__", None)
    if not isinstance(filename, str) or filename.startswith(stdlib):
        return None
    return hook._rel(filename)


def _class_line(cls: type) -> int:
    """The first line of ``cls``'s first function (1 when it has none)."""
    for v in vars(cls).values():
        code = getattr(getattr(v, "__func__", v), "__code__", None)
        if code is not None:
            return int(code.co_firstlineno)
    return 1


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
    seen = hook._state.setdefault("deciders", set())
    for name, loc in decider_patches(hook):
        if name not in seen:
            seen.add(name)
            hook._record("object.__setattr__", f"replaced {name} of the test runner", loc)
    for name, loc in reader_patches(hook):
        if name not in seen:
            seen.add(name)
            hook._record(
                "object.__setattr__", f"replaced {name} of the standard library the tests read", loc
            )
    for name, loc in library_patches(hook):
        if name not in seen:
            seen.add(name)
            hook._record("object.__setattr__", f"replaced {name} of an installed library", loc)
    for name, rel, where in shadow_modules(hook):
        if name not in seen:
            seen.add(name)
            hook._record("import", f"loaded {rel} in place of the interpreter's {name}", where)
    _ids.check(hook, "by the end of the run")
    if hook._state["snapshot"]:
        snapshot(hook)  # report each change once
    touched_protected(hook)
    _globals.check_all(hook)  # the test modules' globals (auditglobals)


#: Folders the snapshot of protected files does not enter (caches, environments, bytecode).
_SKIP_DIRS = frozenset({"__pycache__", "node_modules", "venv", "site-packages"})

#: Most files the snapshot keeps (a larger tree keeps the first ones walked).
MAX_PROTECTED = 50_000


def protected_snapshot(hook: Any) -> dict[str, tuple[int, int]]:
    """``{path: (st_ino, st_ctime_ns)}`` of the tree's test files and test data (``lstat``).

    Test files by the hook's test rule (:func:`fixloop.pathrules.is_test_file`, the project's
    ``python_files`` and ``testpaths``): every file under ``tests/``, ``test/``, ``testing/``
    and the ``testpaths`` (data included), ``test_*.py``, ``conftest.py``... Hidden folders,
    ``__pycache__``, environments and bytecode are left out; at most :data:`MAX_PROTECTED`
    files. Then the files the baseline's tests read outside that rule (the hook's ``data``:
    :attr:`fixloop.types.RunRecord.data_read`, e.g. ``data/expected.json``). Not the files the
    baseline's run wrote (``outputs``: ``data_written``; a test asking the code to rewrite a
    committed ``tests/golden/out.json`` is refused otherwise when the changed line is the
    ``open``). Taken at install, before any project code runs; nothing when ``since`` is None.
    """
    state = hook._state
    out: dict[str, tuple[int, int]] = {}
    root = state["root"]
    outputs = state.get("outputs") or frozenset()
    if state.get("since") is None or not root:
        return out
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in _SKIP_DIRS]
        rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
        for name in filenames:
            if name.endswith((".pyc", ".pyo")):
                continue
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            if rel in outputs or not hook._fresh.test_rule(hook, rel):
                continue  # an output the baseline's run wrote too (red-team hole 13)
            path = os.path.join(dirpath, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue
            out[path] = (st.st_ino, st.st_ctime_ns)
            if len(out) >= MAX_PROTECTED:
                return out
    for rel in state.get("data") or ():  # what the baseline's tests read outside the test rule
        path = os.path.join(root, *rel.split("/"))
        try:
            st = os.lstat(path)
        except OSError:
            continue
        out[path] = (st.st_ino, st.st_ctime_ns)
    return out


def touched_protected(hook: Any) -> None:
    """Record each snapshot file changed, replaced or deleted during the run but not by a test.

    Its ``st_ctime_ns`` or inode differs from the snapshot (a write, a rename over it, a
    truncate, a chmod: nothing sets a ``ctime`` back, so a rewrite undone before the end is
    seen too) or it is gone, and test code of the checkout did not do it in this process
    (:func:`fixloop.testrun.inside.auditfresh.writer`): changed code did (the finding is at
    its line), or another process, or code with no test on its stack (red-team
    h2_data_rewrite: the change rewrote ``tests/*.json`` at import; a child process can do
    the same without the hook, which is why the end state is compared and not only the
    writes the hook sees). Each file is reported once.
    """
    snap = hook._state.get("protected") or {}
    root = hook._state["root"]
    for path, before in list(snap.items()):
        try:
            st = os.lstat(path)
            now: tuple[int, int] | None = (st.st_ino, st.st_ctime_ns)
        except OSError:
            now = None
        if now == before:
            continue
        del snap[path]
        who, where = hook._fresh.writer(hook, path)
        if who == "test":
            continue
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        did = "deleted" if now is None else "changed"
        by = "" if who == "change" else " (not by a test: another process, or code no test called)"
        kind = "a test file of the checkout"
        if not hook._fresh.test_rule(hook, rel):
            kind = "a data file the tests read at the baseline"
        hook._record("open", f"{did} {rel}, {kind}, while the tests ran{by}", where)


def end_here(hook: Any, rc: object) -> None:
    """End the process with ``rc`` right after the watch's end record (red-team G28).

    Python runs code after the last ``atexit`` callback: the garbage collection and module
    teardown of interpreter shutdown call ``__del__`` methods, when the hook's own modules may
    be half gone. A finalizer there rewrote the JUnit file, wrote a second end record and
    left with exit code 0. The standard streams are flushed (through their classes: an
    instance's ``flush`` could be the change's) and the process ends with the code pytest
    returned; nothing of the tests' process runs after it. Not when ``rc`` is unknown
    (``audithook.finish`` never ran: a bootstrap that stopped early, a forked child's exit).
    """
    if not isinstance(rc, int) or isinstance(rc, bool) or hook._state.get("ended"):
        return
    hook._state["ended"] = True
    for stream in _STREAMS:
        try:
            type(stream).flush(stream)
        except Exception:  # noqa: BLE001, S110 - a closed stream: nothing left to flush
            pass
    _exit(rc & 0xFF)
