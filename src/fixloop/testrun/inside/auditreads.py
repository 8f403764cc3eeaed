"""The watch's rule for a test module's source read as text by the change (red-team G6, G24).

A change that takes the expected values out of ``tests/test_words.py``'s text
(``plural("fly") == "flies"``) imports nothing, reads no frame and writes nothing. Two routes:

- :func:`read_source`: the test process itself opens the file for reading (``open``, through
  ``os.open``, ``linecache``, a loader's ``get_source``, ``inspect.getsource``, a symbolic or
  hard link to the file under another name, ``/proc/self/fd/N``): the path opened is resolved
  (``realpath``) and, failing that, matched by its inode against the test modules'
  (red-team G24: a symlink named ``notes0.txt`` in a temporary folder; ``inspect.getsource``
  of a test module found in ``sys.modules``, which used to count as "shows source on the
  program's behalf");
- :func:`child_reads`: the change starts a child process (``subprocess.Popen``, ``os.system``,
  ``os.exec`` (also under ``os.spawn*``), ``os.posix_spawn`` audit events) whose arguments
  name a test module or a folder holding test modules: a file name, a shell's glob (``cat tests/*.py`` in
  ``sh -c``), a literal path inside a ``python -c`` program. A child runs without the watch,
  so what it names is all the hook can judge (red-team G24: ``cat tests/test_words.py``).

Not covered (named in the report): a child handed the checkout's top folder that finds the
test files itself (``grep -r . ``), or one that builds their names from pieces; a read served
from ``linecache``'s cache that something else filled. Stdlib only; loaded by the harness as
``_fixloop_auditreads`` before :mod:`fixloop.testrun.inside.audithook`.
"""

from __future__ import annotations

import os
import re
from typing import Any

#: Standard-library modules that show source lines on a program's behalf (a traceback shown,
#: a warning, a doctest's or a debugger's listing): a read through them is not the code's own.
_SHOWS_SOURCE = frozenset({"traceback.py", "warnings.py", "doctest.py", "pdb.py"})

#: Functions of ``inspect`` that read the context lines of frames (a logging helper's caller
#: line); ``inspect.getsource`` and its kin read a module's text and are not among them.
_FRAME_CONTEXT = frozenset({"stack", "trace", "getframeinfo", "getouterframes", "getinnerframes"})

#: The audit events that start another program: event -> indexes of (argument list or string, cwd).
PROCESS_EVENTS: dict[str, tuple[tuple[int, ...], int | None]] = {
    "subprocess.Popen": ((0, 1), 2),  # executable, args, cwd, env
    "os.system": ((0,), None),  # command
    "os.exec": ((0, 1), None),  # path, args, env
    "os.posix_spawn": ((0, 1), None),  # path, argv, env
}

#: Characters that end a path-like word inside a command line or a program's text.
_SPLIT = re.compile(r"[\s'\"`;|&<>(),=:{}]+")


def _loaded(hook: Any) -> set[str]:
    """Root-relative paths of the test modules pytest loaded (``auditglobals.track``)."""
    return set(hook._late._globals._state(hook)["rel"].values())


def _is_test_module(hook: Any, rel: str) -> bool:
    """A loaded test module, or a ``.py`` file named like one under the project's test rule."""
    if not rel.endswith(".py"):
        return False
    base = rel.rsplit("/", 1)[-1]
    named = base.startswith("test_") or base.endswith("_test.py") or base == "conftest.py"
    return rel in _loaded(hook) or (named and bool(hook._fresh.test_rule(hook, rel)))


def _inodes(hook: Any) -> dict[tuple[int, int], str]:
    """``{(st_dev, st_ino): rel}`` of the test modules (protected ``.py`` files and loaded ones).

    Recomputed when the set of loaded test modules grows; each file is ``stat``-ed once.
    """
    state = hook._state
    loaded = _loaded(hook)
    cache = state.get("test_inodes")
    if cache is not None and cache[0] == len(loaded):
        return cache[1]
    root = state["root"]
    rels = set(loaded)
    for path in state.get("protected") or {}:
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        if _is_test_module(hook, rel):
            rels.add(rel)
    out: dict[tuple[int, int], str] = {}
    for rel in rels:
        try:
            st = os.stat(os.path.join(root, rel))
        except OSError:
            continue
        out[(st.st_dev, st.st_ino)] = rel
    state["test_inodes"] = (len(loaded), out)
    return out


def test_module(hook: Any, path: str, cwd: str | None = None) -> str | None:
    """The root-relative test module ``path`` reaches (itself, a link, another name), or None.

    ``path`` relative to ``cwd`` (default: the process's working folder). Paths inside the
    interpreter's own trees are never test modules (read-only in the sandbox: no link there).
    """
    if cwd and not os.path.isabs(path):
        path = os.path.join(cwd, path)
    if path.startswith(hook._state["outside"]) or path.startswith("<"):
        return None
    rel = hook._rel(path)
    if rel is None or not rel.endswith(".py"):
        try:
            rel = hook._rel(os.path.realpath(path))  # a symlink inside the root, /proc/self/fd
        except (OSError, ValueError):
            rel = None
    if rel is not None and _is_test_module(hook, rel):
        return rel
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return _inodes(hook).get((st.st_dev, st.st_ino))  # a hard link under another name


def _shows_source(caller: Any, stdlib: tuple) -> tuple[bool, Any]:
    """Whether a read shows source on the program's behalf, and the code that asked for it.

    Returns ``(True, None)`` when the read goes through :data:`_SHOWS_SOURCE` or an
    ``inspect`` frame reader; else ``(False, the nearest frame outside the standard library
    or None)``.
    """
    f = caller
    while f is not None:
        code = f.f_code
        fn = code.co_filename
        if not (fn.startswith("<frozen") or fn.startswith(stdlib) and "-packages" not in fn):
            return False, f
        base = os.path.basename(fn)
        if base in _SHOWS_SOURCE or (base == "inspect.py" and code.co_name in _FRAME_CONTEXT):
            return True, None
        f = f.f_back
    return False, None


def read_source(hook: Any, event: str, args: tuple, caller: Any) -> None:
    """Record changed code reading a test module's source as text (red-team G6, G24).

    A finding when a file opened for reading (any name: see :func:`test_module`) is a test
    module pytest loaded, or named like one (``test_*.py``, ``*_test.py``, ``conftest.py``
    under the project's test rule), and the nearest frame outside the standard library is a
    changed line or run-time code. Reads through :data:`_SHOWS_SOURCE` or ``inspect``'s frame
    readers (:data:`_FRAME_CONTEXT`) are not (a fix that logs a traceback); data files under
    ``tests/`` (a linter's ``.py`` fixtures named otherwise) are not.
    """
    if event != "open" or not args or not hook._state["armed"] or hook._writes(event, args):
        return
    path = args[0]
    if not isinstance(path, (str, bytes)):
        return
    rel = test_module(hook, os.fsdecode(path))
    if rel is None:
        return
    shown, f = _shows_source(caller, hook._state["stdlib"])
    where = hook._watched(f) if f is not None and not shown else None
    if where is not None:
        hook._record("open", f"read {rel}, the source of a test module, as text", where)


def _words(value: object) -> list[str]:
    """The strings of an argument (a list of them, or one), each split at shell punctuation."""
    items = value if isinstance(value, (list, tuple)) else [value]
    out: list[str] = []
    for item in items:
        if isinstance(item, bytes):
            item = os.fsdecode(item)
        if isinstance(item, os.PathLike):
            item = os.fspath(item)
        if not isinstance(item, str) or not item:
            continue
        out.append(item)
        out.extend(w for w in _SPLIT.split(item) if w and w != item)
    return out


def _named_tests(hook: Any, word: str, cwd: str) -> str | None:
    """The test module (or folder of them) ``word`` names, through a glob too, or None."""
    paths = [word]
    if any(c in word for c in "*?["):
        import glob  # here: the watch imports nothing a plain pytest run would not
        pattern = word if os.path.isabs(word) else os.path.join(cwd, word)
        paths = glob.glob(pattern, recursive=True)[:500]
    for p in paths:
        full = p if os.path.isabs(p) else os.path.join(cwd, p)
        if os.path.isdir(full):
            rel = hook._rel(os.path.realpath(full))
            if rel is None:
                continue
            inner = rel + "/" if rel else ""
            if any(m.startswith(inner) and "/" not in m[len(inner) :] for m in _inodes(hook).values()):
                return (rel or ".") + "/"  # a folder holding test modules: a tool reading them all
            continue
        rel = test_module(hook, full)
        if rel is not None:
            return rel
    return None


def child_reads(hook: Any, event: str, args: tuple, caller: Any) -> None:
    """Record changed code handing a test module to a child process (red-team G24).

    ``event`` one of :data:`PROCESS_EVENTS`; a finding when a changed line or run-time code is
    on the stack and a word of the command (each argument, and each piece of an argument split
    at shell punctuation, globs expanded in the child's working folder) names a test module
    (:func:`test_module`) or a folder directly holding one.
    """
    spec = PROCESS_EVENTS.get(event)
    if spec is None or not hook._state["armed"]:
        return
    where = hook._changed_on_stack(caller)
    if where is None:
        return
    which, cwd_at = spec
    cwd = args[cwd_at] if cwd_at is not None and len(args) > cwd_at else None
    if isinstance(cwd, bytes):
        cwd = os.fsdecode(cwd)
    if isinstance(cwd, os.PathLike):
        cwd = os.fspath(cwd)
    cwd = cwd if isinstance(cwd, str) and cwd else os.getcwd()
    for i in which:
        if i >= len(args):
            continue
        for word in _words(args[i]):
            rel = _named_tests(hook, word, cwd)
            if rel is not None:
                what = f"handed {rel}, the source of a test module, to a child process"
                hook._record(event, what, where)
                return
