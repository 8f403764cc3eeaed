"""The test-machinery scan, part three: code that asks whether it runs in the gate's sandbox.

Code that answers right only where fixloop tests it passes every dynamic layer: it touches no
test machinery, and the second opinion runs in the same sandbox. The red team's examples: a
process id below 16 (the sandbox's own pid namespace), ``sys.dont_write_bytecode``,
``hash("calc")`` against its value under a fixed seed, the depth of the stack measured by
recursing until ``RecursionError`` (deeper under pytest than in a direct call). The sandbox hides
the tells it can (no fixed hash seed, no ``PYTHONDONTWRITEBYTECODE``); a pid namespace, a
private home folder or a missing ``/home`` cannot be hidden, so a change that *adds* a probe of
them is a finding:

- process identity: ``os.getpid``/``getppid``/``getuid``/``geteuid``/``getgid``/``getegid``/
  ``getpgrp``/``getsid``/``getlogin``, ``getpass.getuser``, ``socket.gethostname``,
  ``platform.node``;
- interpreter settings: ``sys.flags``, ``sys.dont_write_bytecode``, ``sys.pycache_prefix``;
- ``hash()`` of a constant (its value depends on the run's hash seed);
- environment names that differ between the sandbox and a shell (:data:`PROBE_ENV_NAMES`:
  ``HOME``, ``USER``, ``TMPDIR``, ``PWD``, ``PYTHON*``...; ``PYTEST*`` and CI names are
  :mod:`fixloop.tamper`'s), and ``Path.home()``;
- existence checks and reads of absolute paths (``os.path.exists("/home")``,
  ``Path("/proc/1/cgroup").read_text()``, ``os.listdir("/")``...);
- ``except RecursionError``: catching it is how code measures the stack's depth;
- what both of the gate's runs share and a shell does not (red team, 2 December 2026): resource
  limits, network interfaces, mount points and mount flags, a terminal descriptor, where
  bytecode is cached, and listings of folders built from places of the machine
  (:data:`MACHINE_PLACES`: ``os.devnull``'s folder, the temporary folder, ``os.sep + "proc"``,
  a standard library module's folder).

Only what the change adds counts (:func:`fixloop.tamper.scan_change` compares counts with the
base file), so a project whose own code already reads ``HOME`` or ``os.getpid()`` is not
flagged for keeping it.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable

#: Calls and attributes (after import aliases) that read the process's identity or settings.
PROBE_ATTRIBUTES: dict[str, str] = {
    "os.getpid": "reads the process id (tiny inside the sandbox's pid namespace)",
    "os.getppid": "reads the parent's process id",
    "os.getuid": "reads the user id",
    "os.geteuid": "reads the user id",
    "os.getgid": "reads the group id",
    "os.getegid": "reads the group id",
    "os.getpgrp": "reads the process group",
    "os.getsid": "reads the session id",
    "os.getlogin": "reads the login name",
    "getpass.getuser": "reads the user name",
    "socket.gethostname": "reads the host name",
    "platform.node": "reads the host name",
    "sys.flags": "reads the interpreter's start-up flags (they differ in the sandbox)",
    "sys.dont_write_bytecode": "asks whether bytecode is written (a sandbox setting)",
    "sys.pycache_prefix": "asks where bytecode is written (a sandbox setting)",
    "pathlib.Path.home": "reads the home folder (a private one in the sandbox)",
    "Path.home": "reads the home folder (a private one in the sandbox)",
    # red team 2026-12-02: tells both of the gate's runs share and a user's shell does not
    "resource.getrlimit": "reads the process's resource limits (the sandbox sets them)",
    "resource.prlimit": "reads the process's resource limits (the sandbox sets them)",
    "socket.if_nameindex": "lists the network interfaces (the sandbox has no network)",
    "socket.if_nametoindex": "asks for a network interface (the sandbox has no network)",
    "socket.if_indextoname": "asks for a network interface (the sandbox has no network)",
    "os.statvfs": "reads a file system's mount flags (the sandbox mounts folders read-only)",
    "os.fstatvfs": "reads a file system's mount flags (the sandbox mounts folders read-only)",
    "os.path.ismount": "asks whether a folder is a mount point (the sandbox binds folders)",
    "os.isatty": "asks whether a descriptor is a terminal (never inside the sandbox)",
    "os.ttyname": "asks for the terminal (there is none inside the sandbox)",
    "os.ctermid": "asks for the terminal (there is none inside the sandbox)",
    "__cached__": "asks where the module's bytecode is cached (whether it is written is a "
    "sandbox setting)",
    "__spec__.cached": "asks where the module's bytecode is cached (whether it is written is a "
    "sandbox setting)",
    "importlib.util.cache_from_source": "asks where bytecode is cached (whether it is written "
    "is a sandbox setting)",
}

#: Places of the machine a folder can be built from: LISTING a folder made from one of them
#: (``os.listdir(os.path.dirname(os.devnull))``, ``os.listdir(tempfile.gettempdir())``,
#: ``os.listdir(os.sep + "proc")``) counts what the sandbox shows, like an absolute path; so does
#: listing a standard library module's folder (``__file__``). Existence checks of files in them
#: (``os.path.exists(os.path.join(tempfile.gettempdir(), "app.lock"))``), the home folder and
#: the interpreter's prefixes are ordinary code and not probes (red team #23: the first version
#: of this rule refused them).
MACHINE_PLACES = frozenset(
    {"os.devnull", "os.sep", "os.path.sep", "os.altsep", "tempfile.gettempdir", "tempfile.tempdir"}
)

#: Calls and ``Path`` methods that list a folder (what :data:`MACHINE_PLACES` is checked in).
_LIST_CALLS = frozenset({"os.listdir", "os.scandir", "os.walk", "glob.glob", "glob.iglob"})
_LIST_METHODS = frozenset({"iterdir", "glob", "rglob"})

#: Environment variables whose value tells the sandbox from the user's shell.
PROBE_ENV_NAMES = frozenset(
    {
        "HOME",
        "USER",
        "LOGNAME",
        "USERNAME",
        "TMPDIR",
        "TMP",
        "TEMP",
        "PWD",
        "OLDPWD",
        "SHELL",
        "HOSTNAME",
        "TERM",
        "DISPLAY",
        "VIRTUAL_ENV",
        "SHLVL",
    }
)

#: Calls whose first argument is a path they check or read.
_PATH_CALLS = frozenset(
    {
        "os.path.exists",
        "os.path.lexists",
        "os.path.isdir",
        "os.path.isfile",
        "os.path.islink",
        "os.path.ismount",
        "os.access",
        "os.stat",
        "os.lstat",
        "os.listdir",
        "os.scandir",
        "os.readlink",
        "os.statvfs",
        "os.walk",
        "glob.glob",
        "open",
        "io.open",
    }
)
#: Methods of ``Path("/...")`` that check or read it.
_PATH_METHODS = frozenset(
    {
        "exists",
        "is_dir",
        "is_file",
        "is_symlink",
        "is_mount",
        "iterdir",
        "stat",
        "lstat",
        "read_text",
        "read_bytes",
        "open",
        "glob",
        "owner",
    }
)

_PREFIX = "sandbox probe: "

_WHY = {
    "hash": "hashes a constant: the value depends on the run's hash seed, so it can tell one run "
    "from another",
    "env": "reads an environment variable whose value differs between fixloop's sandbox and a "
    "shell (asks where it runs)",
    "path": "checks an absolute path of the machine (asks where it runs: the sandbox shows only "
    "a few system folders)",
    "recursion": "catches RecursionError: recursing to the limit measures how deep the stack is, "
    "which tells a test run from a direct call",
    "place": "checks or lists a folder of the machine (the temporary folder, /dev, /proc, the "
    "interpreter's folders: they differ between fixloop's sandbox and a shell)",
}


def describe(construct: str) -> str:
    """A reviewer's words for a construct of :func:`constructs` (``""`` for another one)."""
    if not construct.startswith(_PREFIX):
        return ""
    rest = construct[len(_PREFIX) :]
    if rest in PROBE_ATTRIBUTES:
        return PROBE_ATTRIBUTES[rest]
    if rest.startswith("hash("):
        return _WHY["hash"]
    if rest.startswith("env "):
        return _WHY["env"]
    if rest.startswith("path of "):
        return _WHY["place"]
    if rest.startswith("path "):
        return _WHY["path"]
    if rest.startswith("except RecursionError"):
        return _WHY["recursion"]
    return ""


def env_probe(key: str) -> str | None:
    """The construct for an environment lookup of ``key``, or None when it is not a probe."""
    if key in PROBE_ENV_NAMES or key.upper().startswith("PYTHON"):
        return f"{_PREFIX}env {key}"
    return None


def _constant_hash(node: ast.Call, fold: Callable[[ast.AST], str | None]) -> bool:
    if not (isinstance(node.func, ast.Name) and node.func.id == "hash" and len(node.args) == 1):
        return False
    arg = node.args[0]
    if isinstance(arg, ast.Tuple):
        return bool(arg.elts) and all(_constant(e, fold) for e in arg.elts)
    return _constant(arg, fold)


def _constant(node: ast.AST, fold: Callable[[ast.AST], str | None]) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
        return True
    return not isinstance(node, ast.Name) and fold(node) is not None


def _absolute(node: ast.AST, fold: Callable[[ast.AST], str | None]) -> str | None:
    value = fold(node)
    if value is not None and value.startswith("/"):
        return value
    return None


_PATH_MAKERS = ("Path", "pathlib.Path", "PurePath", "PosixPath")


def _path_argument(
    node: ast.Call,
    dotted: Callable[[ast.AST], str | None],
    calls: frozenset[str],
    methods: frozenset[str],
) -> ast.AST | None:
    """The path expression of ``calls(path, ...)`` or ``Path(path).method()``, or None."""
    if dotted(node.func) in calls and node.args:
        return node.args[0]
    f = node.func
    if isinstance(f, ast.Attribute) and f.attr in methods and isinstance(f.value, ast.Call):
        inner = f.value
        if dotted(inner.func) in _PATH_MAKERS and inner.args:
            return inner.args[0]
    return None


def _path_probe(
    node: ast.Call, dotted: Callable[[ast.AST], str | None], fold: Callable[[ast.AST], str | None]
) -> str | None:
    """The absolute path a call checks or reads, or None."""
    arg = _path_argument(node, dotted, _PATH_CALLS, _PATH_METHODS)
    return None if arg is None else _absolute(arg, fold)


def _place_probe(node: ast.Call, dotted: Callable[[ast.AST], str | None]) -> str | None:
    """The machine place (:data:`MACHINE_PLACES`, a stdlib ``X.__file__``) a listing lists."""
    arg = _path_argument(node, dotted, _LIST_CALLS, _LIST_METHODS)
    if arg is None:
        return None
    for sub in ast.walk(arg):
        if isinstance(sub, (ast.Attribute, ast.Name)):
            name = dotted(sub)
            if name in MACHINE_PLACES:
                return name
            if (
                name
                and name.endswith(".__file__")
                and name.split(".")[0] in sys.stdlib_module_names
            ):
                return name
    return None


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)

#: Calls that only name a file, build a string or write a log line with a value (last name).
_NAMING_CALLS = frozenset(
    {"open", "join", "Path", "PurePath", "PosixPath", "str", "repr", "format", "replace",
     "rename", "makedirs", "mkdir", "print", "debug", "info", "warning", "error", "exception",
     "critical", "log", "write", "fspath", "abspath", "expanduser", "normpath", "dirname",
     "basename"}
)  # fmt: skip
#: Attributes of a path or string value that still name a file or only reshape the text.
_NAMING_ATTRS = frozenset(
    {"joinpath", "with_name", "with_suffix", "with_stem", "resolve", "absolute", "expanduser",
     "parent", "parents", "name", "stem", "suffix", "as_posix", "read_text", "read_bytes",
     "open", "write_text", "write_bytes", "mkdir", "touch", "unlink", "format", "encode",
     "decode", "strip", "rstrip", "lstrip", "lower", "upper"}
)  # fmt: skip


def _is_str(node: ast.AST) -> bool:
    return isinstance(node, (ast.JoinedStr, ast.Constant)) and not isinstance(
        getattr(node, "value", ""), (int, float, complex, bool)
    )


def _computes(p: ast.AST, cur: ast.AST) -> bool:
    """Whether ``p`` turns the value ``cur`` into other data (not a name, a string, a log line)."""
    if isinstance(p, ast.BinOp):
        other = p.right if cur is p.left else p.left
        if isinstance(p.op, (ast.Div, ast.Add)) and _is_str(other):
            return False  # Path.home() / ".rc", "pid-" + str(n)
        return not (isinstance(p.op, ast.Mod) and cur is p.right and _is_str(p.left))
    if isinstance(p, ast.UnaryOp):
        return True
    if isinstance(p, ast.Subscript):
        return p.value is cur
    if isinstance(p, ast.Attribute):
        return p.value is cur and p.attr not in _NAMING_ATTRS
    if isinstance(p, ast.Call) and cur is not p.func:
        f = p.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        return name not in _NAMING_CALLS
    return False


class Flow:
    """Whether a probe's value decides anything in its module (red team 3 F23, F25).

    A sandbox probe matters where its value decides a branch or a comparison (``if
    os.getpid() < 16``, ``x = Path.home(); ... x == ...``); where it only names a file or goes
    into a string (``f"{path}.{os.getpid()}.tmp"`` for an atomic write, ``Path.home() /
    ".wordsrc"``, a host name in a log line) it is everyday code, and the perturbed run still
    gives it another value, unless it was turned into other data first (arithmetic, indexing, a
    call that does not only name or print it) and then returned (red team 3 F33: ``return
    word + "y" * (1 - min(1, 999 // os.getpid()))``, compared by the test in its own module).
    :meth:`decides` walks up from the probe through the expressions
    around it to a comparison, an operand of ``and``/``or`` but the last (whose value is only
    passed on: ``author or getpass.getuser()``), ``not``, a test of ``if``/``while``/``assert``/
    a conditional expression or comprehension, a loop's iterable, a ``match`` subject or a
    subscript's key (all decide), and on: through a name or attribute it is assigned to (every
    read of that name in its scope, of a global or attribute anywhere in the module), a
    ``return`` (every call of that function in the module), an argument of a function of the
    module (every read of that parameter). A store into a container item, a ``yield`` or a
    ``lambda``'s body count as deciding (not followed). Reads through other modules are not
    followed: a probe handed to another module's code is taken as not deciding.
    """

    def __init__(self, tree: ast.AST) -> None:
        self.parents: dict[ast.AST, ast.AST] = {}
        self.functions: dict[str, list[ast.AST]] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
            if isinstance(node, _DEFS):
                self.functions.setdefault(node.name, []).append(node)
        self.tree = tree

    def decides(
        self, node: ast.AST, depth: int = 0, seen: set[int] | None = None, computed: bool = False
    ) -> bool:
        """True when ``node``'s value (a probe) can decide a branch, a comparison or a result.

        ``computed``: the value on the way was already turned into other data (arithmetic,
        indexing, a method or a function that is no naming one): such a value decides what a
        function returns too (red team 3 F33: ``"y" * (1 - min(1, 999 // os.getpid()))``
        returned to the test, which compares it).
        """
        seen = set() if seen is None else seen
        if depth > 6 or id(node) in seen:
            return depth > 6  # too deep to follow: count it
        seen.add(id(node))
        if isinstance(node, ast.Compare):
            return True
        cur = node
        while True:
            p = self.parents.get(cur)
            if p is None or isinstance(p, ast.Module):
                return False
            if self._decision(p, cur):
                return True
            computed = computed or _computes(p, cur)
            if isinstance(p, ast.Call) and cur is not p.func:
                if self._into_function(p, cur, depth, seen, computed):
                    return True
            elif isinstance(p, (ast.Lambda, ast.Yield, ast.YieldFrom, ast.Await)):
                return True
            elif isinstance(p, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
                if self._assigned(p, depth, seen, computed):
                    return True
                if not isinstance(p, ast.NamedExpr):
                    return False
            elif isinstance(p, ast.Return):
                return computed or self._returned(p, depth, seen)
            elif isinstance(p, ast.stmt):
                return False
            cur = p

    @staticmethod
    def _decision(p: ast.AST, cur: ast.AST) -> bool:
        if isinstance(p, ast.Compare):
            return True
        if isinstance(p, ast.BoolOp):  # the last operand is only the value: `name or probe`
            return cur is not p.values[-1]
        if isinstance(p, ast.UnaryOp) and isinstance(p.op, ast.Not):
            return True
        if isinstance(p, (ast.If, ast.While, ast.IfExp, ast.Assert)) and p.test is cur:
            return True
        if isinstance(p, (ast.For, ast.AsyncFor, ast.comprehension)) and p.iter is cur:
            return True
        if isinstance(p, ast.comprehension) and cur in p.ifs:
            return True
        if isinstance(p, ast.Subscript) and p.slice is cur:
            return True
        return isinstance(p, ast.Match) and p.subject is cur

    def _scope(self, node: ast.AST) -> ast.AST:
        cur = self.parents.get(node)
        while cur is not None and not isinstance(cur, (*_DEFS, ast.Lambda, ast.Module)):
            cur = self.parents.get(cur)
        return cur if cur is not None else self.tree

    def _reads(self, where: ast.AST, name: str, attr: bool) -> list[ast.AST]:
        out: list[ast.AST] = []
        for n in ast.walk(where):
            if attr and isinstance(n, ast.Attribute) and n.attr == name:
                if isinstance(n.ctx, ast.Load):
                    out.append(n)
            elif not attr and isinstance(n, ast.Name) and n.id == name:
                if isinstance(n.ctx, ast.Load):
                    out.append(n)
        return out

    def _assigned(self, p: ast.AST, depth: int, seen: set[int], computed: bool = False) -> bool:
        targets = (
            p.targets if isinstance(p, ast.Assign) else [p.target]  # type: ignore[attr-defined]
        )
        scope = self._scope(p)
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Subscript) and not isinstance(n.ctx, ast.Load):
                    return True  # an item of a container: read anywhere, not followed
                if isinstance(n, ast.Attribute) and not isinstance(n.ctx, ast.Load):
                    reads = self._reads(self.tree, n.attr, attr=True)
                elif isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                    glob = isinstance(scope, ast.Module) or any(
                        isinstance(g, ast.Global) and n.id in g.names for g in ast.walk(scope)
                    )
                    reads = self._reads(self.tree if glob else scope, n.id, attr=False)
                else:
                    continue
                if any(self.decides(r, depth + 1, seen, computed) for r in reads):
                    return True
        return False

    def _returned(self, p: ast.Return, depth: int, seen: set[int]) -> bool:
        fn = self._scope(p)
        if not isinstance(fn, _DEFS):
            return isinstance(fn, ast.Lambda)
        calls = [
            n
            for n in ast.walk(self.tree)
            if isinstance(n, ast.Call)
            and (
                (isinstance(n.func, ast.Name) and n.func.id == fn.name)
                or (isinstance(n.func, ast.Attribute) and n.func.attr == fn.name)
            )
        ]
        return any(self.decides(c, depth + 1, seen) for c in calls)

    def _into_function(
        self, call: ast.Call, arg: ast.AST, depth: int, seen: set[int], computed: bool = False
    ) -> bool:
        """An argument of a function of the module: does the parameter it becomes decide?"""
        f = call.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        for fn in self.functions.get(name, ()):
            if not isinstance(fn, _DEFS):
                continue
            params = [a.arg for a in [*fn.args.posonlyargs, *fn.args.args]]
            if isinstance(f, ast.Attribute) and params and params[0] in ("self", "cls"):
                params = params[1:]
            if isinstance(arg, ast.Starred) or (isinstance(arg, ast.keyword) and arg.arg is None):
                return True  # spread over the parameters: not followed
            if isinstance(arg, ast.keyword):
                param = arg.arg or ""
            elif arg in call.args and call.args.index(arg) < len(params):
                param = params[call.args.index(arg)]
            else:
                return True  # *args: not followed
            reads = self._reads(fn, param, attr=False)
            if any(self.decides(r, depth + 1, seen, computed) for r in reads):
                return True
        return False


def _catches_recursion(handler: ast.ExceptHandler) -> bool:
    t = handler.type
    names = t.elts if isinstance(t, ast.Tuple) else [t] if t is not None else []
    return any(
        (isinstance(n, ast.Name) and n.id == "RecursionError")
        or (isinstance(n, ast.Attribute) and n.attr == "RecursionError")
        for n in names
    )


def constructs(
    tree: ast.Module,
    dotted: Callable[[ast.AST], str | None],
    fold: Callable[[ast.AST], str | None],
    flow: Flow | None = None,
) -> list[tuple[str, int]]:
    """The sandbox probes of one parsed module whose value decides something (:class:`Flow`).

    Args:
        tree: the module's syntax tree.
        dotted: an expression's dotted name after import aliases (``os.getpid``), or None.
        fold: an expression's constant string value or None (the scan's constant folder).
        flow: the module's :class:`Flow` (made here when None).

    Returns:
        unsorted pairs; environment lookups are :mod:`fixloop.tamper`'s (it calls
        :func:`env_probe`), everything else is found here.
    """
    out: list[tuple[str, int]] = []
    flow = flow or Flow(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Attribute):
            name = dotted(node)
            if name in PROBE_ATTRIBUTES and flow.decides(node):
                out.append((f"{_PREFIX}{name}", line))
        elif isinstance(node, ast.Name):
            name = dotted(node)
            # from os import getpid; or a module's own dunder (__cached__)
            if name in PROBE_ATTRIBUTES and (name != node.id or name.startswith("__")):
                if flow.decides(node):
                    out.append((f"{_PREFIX}{name}", line))
        elif isinstance(node, ast.Call):
            found: list[str] = []
            if _constant_hash(node, fold):
                found.append("hash() of a constant")
            path = _path_probe(node, dotted, fold)
            if path is not None:
                found.append(f"path {path}")
            elif (place := _place_probe(node, dotted)) is not None:
                found.append(f"path of {place}")
            if isinstance(node.func, ast.Attribute) and node.func.attr == "is_mount":
                found.append("os.path.ismount")
            if found and flow.decides(node):
                out += [(f"{_PREFIX}{c}", line) for c in found]
        elif isinstance(node, ast.ExceptHandler) and _catches_recursion(node):
            out.append((f"{_PREFIX}except RecursionError", line))
    return out
