"""The gate's in-process watch: a PEP 578 audit hook, run inside the sandbox before pytest.

Code under test runs in the same process as the test runner, so it can reach into it: climb the
stack to pytest's frames, walk the heap with :mod:`gc`, rewrite the result files at exit, signal
itself. Names are easy to hide from a static scan; behaviour is not. The gate's bootstrap calls
:func:`install` before pytest or any project module is imported; the hook (``sys.addaudithook``,
PEP 578) cannot be removed from Python code afterwards, and it writes every finding at once, as
one JSON line, to a channel the harness reads (an inherited pipe; a file in the run's io folder
where the sandbox cannot pass a descriptor). Nothing is kept in the process to be rewritten
later. Stdlib only; the harness passes this module's source to the sandboxed interpreter.

What counts (the exact audit event names are those of the CPython "Audit events table",
kept by Python version with their source in :mod:`fixloop.testrun.inside.auditevents`, which
the harness loads first as ``_fixloop_auditevents``; the hook listens to the running version's
set):

- *changed code on the stack*: the harness passes the lines the change added or modified
  (``watch``: ``{relpath: [line, ...]}``). An event below counts only while a frame executing
  one of those lines is on the stack (or a frame of code compiled at run time, ``<string>``),
  so a project whose own code already uses ``inspect``, ``gc`` or ``atexit`` is not flagged
  for it:

  - frame access: ``sys._getframe`` (called directly by changed code, or returning a frame of
    the test runner), ``sys._getframemodulename``, ``sys._current_frames``,
    ``sys._current_exceptions``, and ``object.__getattr__`` for the audited frame attributes
    (``tb_frame``, ``f_code``, ``gi_frame``/``gi_code``, ``cr_frame``/``cr_code``,
    ``ag_frame``/``ag_code``) when read by changed code itself or on a test-runner frame;
  - heap walks: ``gc.get_objects``, ``gc.get_referrers``, ``gc.get_referents``;
  - ``ctypes`` (any event called from changed code; memory reads anywhere below it);
  - ``sys.settrace``, ``sys.setprofile``, ``sys.addaudithook``,
    ``sys.monitoring.register_callback``;
  - ``object.__setattr__``/``object.__delattr__`` on functions and classes of pytest,
    ``_pytest``, ``pluggy``, ``unittest`` or fixloop;
  - ``import`` of pytest, ``_pytest``, pluggy or fixloop;
  - ``os.kill``, ``os.killpg``, ``signal.pthread_kill``;

- *always*: opening for writing, renaming, removing, truncating or linking the run's result and
  io files (``open``, ``os.rename``, ``os.remove``, ``os.rmdir``, ``os.truncate``, ``os.link``,
  ``os.symlink``, ``os.chmod``, ``shutil.rmtree``, ``shutil.move``) by anything but pytest's
  JUnit writer and fixloop's own plugin and runners (the writer is the nearest frame outside
  the standard library: the plain runner writes through ``xml.etree``); code compiled under
  the name of fixloop's own modules (``<fixloop ...>``, whose frames the hook trusts); signals sent to the test process itself by code that
  is not a test (``os.kill``/``os.killpg`` of its own pid or group, ``signal.pthread_kill``).

Python has no audit event for ``signal.signal``, ``weakref.finalize``, ``atexit.register``,
``os._exit`` or setting attributes of ordinary classes, so :func:`finish` compares what can be
compared at the end (:mod:`fixloop.testrun.inside.auditlate`, loaded before this module): signal handlers installed by changed code, and the functions and classes of
pytest and pluggy (snapshot by :func:`snapshot_machinery` before the project was importable).
Code written at run time (a module the change writes and imports, a string compiled under the
name of a base file, fresh bytecode) is the change's code: :mod:`fixloop.testrun.inside.auditfresh`.
The ``end`` record is written by an ``atexit`` callback registered before any project code,
so it runs last: a process that leaves through ``os._exit`` or a signal after the tests never
writes it, and the harness does not verify a run without it.

Channel records (one JSON object per line): ``{"t": "hello", "pid"}``,
``{"t": "event", "ev", "what", "file", "line", "code"}``, ``{"t": "end", "rc"}``, and whatever
else the runner emits through :func:`emit` (the second opinion's ``result`` records).
"""

from __future__ import annotations

import os
import sys
from typing import Any

_MACHINERY_TOPS = ("pytest", "_pytest", "pluggy", "fixloop", "_fixloop", "unittest")
_MACHINERY_PARTS = (
    os.sep + "_pytest" + os.sep,
    os.sep + "pytest" + os.sep,
    os.sep + "pluggy" + os.sep,
    os.sep + "fixloop" + os.sep,
    "<fixloop ",
)
_ALLOWED_WRITERS = (os.sep + "_pytest" + os.sep + "junitxml.py", "<fixloop ")
_ev: Any = sys.modules.get("_fixloop_auditevents")
if _ev is None:  # imported as a package module (tests), not from the harness's -c program
    from fixloop.testrun.inside import auditevents as _ev
_late: Any = sys.modules.get("_fixloop_auditlate")
if _late is None:
    from fixloop.testrun.inside import auditlate as _late
_fresh: Any = sys.modules.get("_fixloop_auditfresh")
if _fresh is None:
    from fixloop.testrun.inside import auditfresh as _fresh
_wire: Any = sys.modules.get("_fixloop_auditwire")
if _wire is None:
    from fixloop.testrun.inside import auditwire as _wire
_paths: Any = sys.modules.get("_fixloop_pathrules")  # fixloop.pathrules: the test-code rule
if _paths is None:
    from fixloop import pathrules as _paths
_EVENTS = _ev.events_for(sys.version_info[:2])
_SELF: Any = sys.modules[__name__]  # this module (the harness's program then drops it from there)
_FRAME_ATTRS = _ev.FRAME_ATTRS
_STACK_EVENTS = _EVENTS["stack"]
_CTYPES_MEMORY = _EVENTS["ctypes_memory"]
_CONTROL = _EVENTS["control"]
_FILE_EVENTS = _EVENTS["file"]
_WRITE_FLAGS = _ev.WRITE_FLAGS

_state: dict = {
    "own": {},
    "armed": False,
    "outside": (),
    "ident": None,
    "fd": -1,
    "backup": -1,
    "ino": None,
    "root": "",
    "watch": {},
    "io": (),
    "files": {},
    "busy": set(),
    "snapshot": None,
    "signals": None,
    "events": 0,
    "installed": False,
    "stdlib": (),
    "since": None,
    "rtcode": {},
    "rtfiles": set(),
    "borrowed": set(),
    "written": set(),
    "test_globs": (),
    "test_dirs": (),
    "test_scope": ("",),
    "loaders": (),
}


# --------------------------------------------------------------------------------------------
# The channel
# --------------------------------------------------------------------------------------------


# Bound at import, before project code runs: code under test can rebind module attributes
# (json.dumps, json._default_encoder, os.write...) with no audit event, and a lookup at call
# time would hand it every finding (red-team runtime_channel_mute).
_os_write = os.write
_os_fstat = os.fstat
_os_exit = os._exit
_json = _wire.json_text  # bound here: a module attribute could be rebound later


def _fd_id(fd: int) -> tuple[int, int] | None:
    try:
        st = _os_fstat(fd)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def emit(record: dict) -> None:
    """Write one record to the channel at once (one ``os.write`` of one line).

    When the channel's descriptor no longer is the pipe it was at :func:`install` (closed,
    or ``dup2``-ed over by the code under test), the record and an alarm go to the backup
    descriptor and the process ends with exit code 121: a run whose watch was silenced is
    never a pass.
    """
    line = (_json(record) + "\n").encode("ascii")
    fd = _state["fd"]
    if fd < 0:
        return
    if _fd_id(fd) != _state["ino"]:
        backup = _state["backup"]
        alarm = {
            "t": "event",
            "ev": "channel",
            "what": "the audit channel was closed or replaced by the code under test",
            "file": "",
            "line": 0,
            "code": "",
        }
        for rec in (alarm, record):
            try:
                if _fd_id(backup) == _state["ino"]:
                    _os_write(backup, (_json(rec) + "\n").encode("ascii"))
            except OSError:
                pass
        _os_exit(121)
    try:
        _os_write(fd, line)
    except OSError:
        _os_exit(121)


# --------------------------------------------------------------------------------------------
# Frames
# --------------------------------------------------------------------------------------------


def _rel(filename: str) -> str | None:
    """The file's path relative to the root when it is in the repository, else None (cached)."""
    files = _state["files"]
    if filename in files:
        return files[filename]
    rel = None
    root = _state["root"]
    if filename and not filename.startswith("<"):
        if filename.startswith(root + os.sep):
            p = filename
        elif filename.startswith(_state["outside"]):  # the interpreter's own trees: fast path
            p = ""
        else:
            try:
                p = os.path.realpath(filename)
            except (OSError, ValueError):
                p = ""
        if p.startswith(root + os.sep):
            rel = p[len(root) + 1 :].replace(os.sep, "/")
    files[filename] = rel
    return rel


def _generated(filename: str) -> bool:
    return filename.startswith("<") and not filename.startswith(("<frozen", "<fixloop"))


def _watched(frame: object) -> tuple[str, int] | None:
    """(relpath, line) when ``frame`` runs a changed line or code compiled or written at run time."""
    code = frame.f_code  # type: ignore[attr-defined]
    fn = code.co_filename
    line = frame.f_lineno  # type: ignore[attr-defined]
    if id(code) in _state["rtcode"] or fn in _state["borrowed"]:  # run-time code (auditfresh)
        return (_rel(fn) or fn, line or 0)
    if _generated(fn):
        # the outermost frame is the interpreter's own ``-c`` program (fixloop's bootstrap)
        return (fn, line or 0) if frame.f_back is not None else None  # type: ignore[attr-defined]
    rel = _rel(fn)
    if rel is not None:
        lines = _state["watch"].get(rel)
        if lines and line in lines:
            return (rel, line)
    return None


def _changed_on_stack(frame: object) -> tuple[str, int] | None:
    """The nearest frame (from ``frame`` outwards) running a changed line, or None."""
    f = frame
    depth = 0
    while f is not None and depth < 400:
        w = _watched(f)
        if w is not None:
            return w
        f = f.f_back  # type: ignore[attr-defined]
        depth += 1
    return None


def _test_on_stack(frame: object) -> bool:
    f = frame
    while f is not None:
        rel = _rel(f.f_code.co_filename)  # type: ignore[attr-defined]
        if rel is not None and _is_test_path(rel) and _watched(f) is None:  # not run-time code
            return True
        f = f.f_back  # type: ignore[attr-defined]
    return False


def _is_test_path(rel: str) -> bool:
    """Test code, by :func:`fixloop.pathrules.is_test_file` (the edit policy's rule too).

    ``tests/``, ``test/`` and ``testing/`` trees, ``test_*.py``, ``*_test.py``, ``conftest.py``,
    in any case, and the project's ``python_files`` and ``testpaths``: the code the model's
    tools may not write is the code the watch treats as tests; only while the file is the one
    the checkout holds (not written at run time: :func:`auditfresh.is_test_path`).
    """
    return bool(_fresh.is_test_path(_SELF, rel))


def _machinery_file(filename: str) -> bool:
    """A file of pytest, pluggy or fixloop, unless it is the repository's own (pluggy's repo)."""
    if filename.startswith(_state["root"] + os.sep):
        return False
    return any(p in filename for p in _MACHINERY_PARTS)


def _machinery_module(name: object) -> bool:
    """A module of pytest, pluggy, unittest or fixloop, unless the repository provides it."""
    if not isinstance(name, str):
        return False
    top = name.split(".")[0]
    if top not in _MACHINERY_TOPS:
        return False
    own = _state["own"]
    if top not in own:
        mod = sys.modules.get(top)
        where = getattr(mod, "__file__", None) or ""
        own[top] = bool(where) and os.path.realpath(where).startswith(_state["root"] + os.sep)
    return not own[top]


def _frame_of(obj: object, attr: str) -> object | None:
    """The frame an audited attribute read reaches (``tb.tb_frame``, a generator's frame...)."""
    if attr == "f_code":
        return obj
    if attr in ("tb_frame", "gi_frame", "cr_frame", "ag_frame"):
        return getattr(obj, attr, None)
    return None


def _source(rel: str, line: int) -> str:
    if rel.startswith("<"):
        return ""
    try:
        with open(os.path.join(_state["root"], rel), encoding="utf-8", errors="replace") as fh:
            for i, text in enumerate(fh, 1):
                if i == line:
                    return text.strip()[:200]
    except OSError:
        pass
    return ""


def _record(event: str, what: str, where: tuple[str, int] | None) -> None:
    rel, line = where if where is not None else ("", 0)
    _state["events"] += 1
    code = _source(rel, line) if rel else ""
    if rel and rel in _state["rtfiles"]:  # a borrowed name's line on disk is not the code that ran
        what += ", in code written at run time"
        fresh = _fresh.fresh(_SELF, os.path.join(_state["root"], rel))
        code = code if fresh else ""
    emit(
        {
            "t": "event",
            "ev": event,
            "what": what,
            "file": rel,
            "line": line,
            "code": code,
        }
    )


# --------------------------------------------------------------------------------------------
# The hook
# --------------------------------------------------------------------------------------------


def _io_path(path: object) -> bool:
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, str) or not path:
        return False
    if path.startswith(_state["outside"]):
        return False
    p = os.path.abspath(path)
    return any(p == d or p.startswith(d + os.sep) for d in _state["io"])


def _writes(event: str, args: tuple) -> bool:
    if event != "open":
        return True
    mode, flags = (args[1], args[2]) if len(args) >= 3 else (None, 0)
    if isinstance(mode, str):
        return any(c in mode for c in "wax+")
    return isinstance(flags, int) and bool(flags & _WRITE_FLAGS)


def _file_event(event: str, args: tuple, caller: object) -> None:
    paths = [a for a in args[:2] if isinstance(a, (str, bytes))] if args else []
    if event == "open":
        paths = paths[:1]
    if not any(_io_path(p) for p in paths) or not _writes(event, args):
        return
    fn = caller.f_code.co_filename  # type: ignore[attr-defined]
    where = _changed_on_stack(caller) if _state["armed"] else None
    if where is None and any(w in _writer(caller) for w in _ALLOWED_WRITERS):
        return  # pytest's JUnit writer or fixloop's own runner, not driven by the change
    if where is None:
        rel = _rel(fn)
        where = (rel, caller.f_lineno) if rel else (fn, caller.f_lineno)  # type: ignore[attr-defined]
    target = os.fsdecode(paths[0]) if paths else "?"
    _record(event, f"changed the run's result file {os.path.basename(target)}", where)


def _writer(caller: object) -> str:
    """The file of the code that asked for a write: the nearest frame outside the stdlib.

    The plain runner writes its JUnit file through ``xml.etree`` (the ``open`` comes from
    ElementTree.py, on fixloop's behalf); the code under test calling ``shutil`` or ``xml.etree``
    itself is the nearest non-stdlib frame of its own write.
    """
    f = caller
    while f is not None:
        fn = f.f_code.co_filename  # type: ignore[attr-defined]
        stdlib = fn.startswith(_state["stdlib"]) and "-packages" + os.sep not in fn
        if not (stdlib or fn.startswith("<frozen")):
            return fn
        f = f.f_back  # type: ignore[attr-defined]
    return ""


def _stack_event(event: str, args: tuple, caller: object) -> None:  # noqa: PLR0911, PLR0912
    if event == "object.__getattr__":
        attr = args[1] if len(args) > 1 else ""
        if attr not in _FRAME_ATTRS:
            return
        direct = _watched(caller)
        if direct is None:
            target = _frame_of(args[0], attr)
            if target is None or not _machinery_file(target.f_code.co_filename):  # type: ignore[attr-defined]
                return
            direct = _changed_on_stack(caller)
            if direct is None:
                return
        _record(event, f"read a stack frame ({attr})", direct)
        return
    if event == "sys._getframe":
        direct = _watched(caller)
        if direct is None:
            frame = args[0] if args else None
            if frame is None or not _machinery_file(frame.f_code.co_filename):  # type: ignore[attr-defined]
                return
            direct = _changed_on_stack(caller)
            if direct is None:
                return
        _record(event, "read the call stack (sys._getframe)", direct)
        return
    if event in ("object.__setattr__", "object.__delattr__"):
        obj = args[0] if args else None
        module = (
            getattr(obj, "__module__", None) if isinstance(obj, type) or callable(obj) else None
        )
        if not _machinery_module(module):
            return
        where = _changed_on_stack(caller)
        if where is not None:
            name = args[1] if len(args) > 1 else "?"
            _record(event, f"{_ev.what(event)} ({getattr(obj, '__qualname__', '?')}.{name})", where)
        return
    if event == "import":
        if not _machinery_module(args[0] if args else None):
            return
        where = _changed_on_stack(caller)
        if where is not None:
            _record(event, f"imported {args[0]}", where)
        return
    if event in ("os.kill", "os.killpg", "signal.pthread_kill"):
        where, fn = _changed_on_stack(caller), caller.f_code.co_filename  # type: ignore[attr-defined]
        own = event == "signal.pthread_kill" or (
            len(args) >= 1 and args[0] in (os.getpid(), 0, os.getpgrp(), -os.getpgrp())
        )  # fixloop's per-test watchdog (pytest_plugin.TestTimer) interrupts the main thread
        if where is None and own and not _test_on_stack(caller) and not fn.startswith("<fixloop "):
            where = (_rel(fn) or fn, caller.f_lineno)  # type: ignore[attr-defined]
        if where is not None:
            _record(event, f"{_ev.what(event)} ({args[1] if len(args) > 1 else '?'})", where)
        return
    where = _changed_on_stack(caller)
    if where is not None:
        _record(event, _ev.what(event), where)


def _ctypes_event(event: str, caller: object) -> None:
    where = _watched(caller)
    if where is None and event in _CTYPES_MEMORY:
        where = _changed_on_stack(caller)
    if where is not None:
        _record(event, f"used ctypes ({event})", where)


def _arm(code: object) -> None:
    """Start watching the stack once code of a changed file (or run-time code) executes."""
    fn = getattr(code, "co_filename", "")
    if isinstance(fn, str) and (_generated(fn) and fn != "<string>" or _rel(fn) in _state["watch"]):
        _state["armed"] = True


def _hook(event: str, args: tuple) -> None:
    if event in _CONTROL:  # exec, compile, code.__new__, marshal.loads: auditfresh
        if event == "exec" and not _state["armed"] and _state["watch"] and args:
            _arm(args[0])
        _fresh.guarded(_SELF, _fresh.on_control, (event, args))
        return
    if event == "open" and _state["since"] is not None and not _writes(event, args):
        _fresh.guarded(_SELF, _fresh.refuse_fresh_bytecode, args, reraise=OSError)
    if event not in _STACK_EVENTS and event not in _FILE_EVENTS and not event.startswith("ctypes."):
        return
    busy = _state["busy"]
    key = _state["ident"]()
    if key in busy:
        return
    busy.add(key)
    try:
        caller = sys._getframe(1)
        if event in _FILE_EVENTS:
            _fresh.note_write(_SELF, event, args, caller)
            _fresh.read_source(_SELF, event, args, caller)  # red-team G6
            _file_event(event, args, caller)
        elif not _state["armed"] and not event.startswith(("os.kill", "signal.")):
            return
        elif event.startswith("ctypes."):
            _ctypes_event(event, caller)
        else:
            _stack_event(event, args, caller)
    except Exception:  # noqa: BLE001 - the watch must never break the code it watches
        pass
    finally:
        busy.discard(key)


def _get_ident() -> int:
    return _state["ident"]()


# --------------------------------------------------------------------------------------------
# Install and finish
# --------------------------------------------------------------------------------------------


def install(cfg: dict) -> None:
    """Open the channel and add the audit hook; call before pytest or project code is imported.

    Args:
        cfg: ``fd`` (an inherited, writable pipe descriptor) or ``path`` (a file to append to
            when the sandbox cannot pass descriptors); ``root`` (the repository); ``watch``
            (``{relpath: [line, ...]}``: the lines the change added or modified); ``io``
            (folders of the run's result and io files); ``since`` (ns: files whose
            ``st_ctime_ns`` is later were written at run time) and ``tests`` (the project's
            ``globs``/``dirs`` of test files), see :mod:`fixloop.testrun.inside.auditfresh`.
    """
    if _state["installed"]:
        return
    if cfg.get("fd") is not None:
        fd = int(cfg["fd"])
    else:
        fd = os.open(cfg["path"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    _state["fd"] = fd
    _state["ino"] = _fd_id(fd)
    try:
        _state["backup"] = os.dup(fd)
        os.set_inheritable(_state["backup"], False)
    except OSError:
        _state["backup"] = -1
    os.set_inheritable(fd, False)
    _state["root"] = os.path.realpath(cfg["root"])
    _state["watch"] = {k: frozenset(int(x) for x in v) for k, v in (cfg.get("watch") or {}).items()}
    _state["io"] = tuple(os.path.abspath(os.path.realpath(d)) for d in cfg.get("io") or ())
    _fresh.configure(_SELF, cfg)
    _state["protected"] = _late.protected_snapshot(_SELF)  # test files, data
    _state["installed"] = True
    import _thread
    import sysconfig

    paths = sysconfig.get_paths()
    _state["stdlib"] = tuple(
        sorted({os.path.join(paths[k], "") for k in ("stdlib", "platstdlib") if paths.get(k)})
    )
    _state["ident"] = _thread.get_ident
    _state["outside"] = tuple(
        sorted(
            {
                os.path.join(p, "")
                for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)
                if p and not (_state["root"] + os.sep).startswith(os.path.join(p, ""))
            }
        )
    )
    import atexit

    atexit.register(_at_exit)  # registered before any project code: runs last
    _state["signals"] = _late.signal_handlers()
    emit({"t": "hello", "pid": os.getpid()})
    sys.addaudithook(_hook)


def snapshot_machinery() -> dict[tuple[str, str], int]:
    """Snapshot pytest's and pluggy's modules and classes (see ``auditlate.snapshot``).

    Call once pytest is imported and before the project is importable.
    """
    return _late.snapshot(_SELF)


def finish(rc: int) -> None:
    """Compare what no audit event covers, after the test run: handlers and machinery.

    Records an event for each signal handler installed by changed code and each function or
    class attribute of pytest/pluggy replaced by code of the repository. The ``end`` record
    itself is written at interpreter exit (see the module docstring); ``rc`` is kept for it.
    """
    _state["rc"] = int(rc)
    busy = _state["busy"]
    key = _get_ident()
    busy.add(key)
    try:
        _late.late_checks(_SELF)
    finally:
        busy.discard(key)


def _at_exit() -> None:
    busy = _state["busy"]
    key = _get_ident()
    busy.add(key)
    try:
        _late.late_checks(_SELF)
        emit({"t": "end", "rc": _state.get("rc"), "events": _state["events"], "pid": os.getpid()})
    finally:
        busy.discard(key)
    _late.end_here(_SELF, _state.get("rc"))  # no code runs after the end record (G28)
