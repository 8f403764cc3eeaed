"""The test-machinery scan: what a change to the code under test adds that reaches the test run.

Code under test runs in the same process as pytest, so a patch to an ordinary module (not a test
file, which the tools and the gate already protect) can still alter what the suite reports:
patch pytest's classes found by walking ``object.__subclasses__()``, climb a traceback's frames
to pytest's config, rewrite the JUnit XML from a ``weakref.finalize`` callback and leave with
``os._exit(0)``, or ask whether it is being tested (``sys.argv``, ``PYTEST_CURRENT_TEST``, a
``test_`` function on the stack, ``"pytest" in sys.modules``) and answer right only then. The
sandbox cannot stop this, since it happens inside the test process itself.

The gate therefore reads the change, on its syntax tree: every construct below that the change
*adds* (its count in the new file is higher than in the base commit's file; a project whose own
code already uses ``inspect``, ``gc`` or ``sys.argv`` is not flagged for keeping it) is a
:class:`Finding`, and a claim whose change has findings is not verified. Names are matched after
constant folding (``"_e" + "xit"``, ``"%s" % "..."``, f-strings, ``"".join([...])``, ``.format``,
slices such as ``"tixe_"[::-1]``, ``chr(..)`` sums and module-level string constants), so
splitting a name does not hide it; ``getattr(os, "_e" + "xit")`` is read as ``os._exit``.

What is flagged, by kind (each finding carries reviewer words, :func:`describe`):

- the test runner itself: imports of ``pytest``, ``_pytest``, ``pluggy``, ``iniconfig``,
  ``unittest``, ``importlib``, ``builtins``, ``gc``, ``ctypes``, ``atexit``; strings naming
  pytest, JUnit, conftest, pluggy or iniconfig; ``__import__`` (the gate drops pluggy/iniconfig
  findings for a project declaring them: :mod:`fixloop.gate.rundeps`);
- reflection into interpreter internals: ``__subclasses__``, ``__globals__``, ``__builtins__``,
  ``__code__``, ``__closure__``, frame and traceback attributes (``f_back``, ``f_locals``,
  ``f_globals``, ``f_code``, ``tb_frame``, ``gi_frame``...), ``sys._getframe``,
  ``sys._current_frames``, ``inspect.stack``/``currentframe``/``getouterframes``/``trace``,
  ``traceback.extract_stack``/``walk_stack``/``format_stack``/``print_stack``, ``vars(module)``,
  ``getattr``/``setattr``/``delattr`` with a computed name on a module;
- process exits and hooks that run after the tests: ``os._exit``, ``os.kill``, ``os.abort``,
  ``signal.signal``/``alarm``/``setitimer``/``raise_signal``/``pthread_kill``,
  ``weakref.finalize``, ``atexit``, ``sys.excepthook``/``unraisablehook``,
  ``threading.excepthook``/``settrace``/``setprofile``, ``sys.settrace``/``setprofile``,
  ``sys.addaudithook``, ``os.mkfifo``;
- code built at run time: ``exec()`` and ``compile()`` (what they run is not in the change);
- descriptors it did not open: ``os.dup2``, ``os.closerange``, and ``os.write``/``fstat``/
  ``close``... on a literal number above 2 or a ``range()`` counter (the harness's channels);
- asking whether it is tested: ``sys.argv``/``orig_argv``, ``sys.modules``, environment
  variables named ``PYTEST*``, ``CI``, ``GITHUB_ACTIONS``..., strings such as ``"test_"`` that
  match test-function names;
- results that lie about equality: an ``__eq__`` that never looks at what it is compared with,
  or returns a constant ``True`` (``__ne__`` a constant ``False``).

The parts: this module walks the tree and counts against the base (:func:`scan_change`);
:mod:`fixloop.tamper_rules` holds the rule tables and the reviewer words (:func:`describe`),
:mod:`fixloop.tamper_fold` the constant folding, :mod:`fixloop.tamper_results` the lying
result objects, :mod:`fixloop.tamper_probes` the sandbox probes and :mod:`fixloop.tamper_idioms`
the everyday uses of ``importlib``, ``atexit``, ``weakref.finalize`` and ``sys.argv`` let through.

This is a static check in the spirit of the test-tampering and reward-hacking audits of agent
benchmarks (METR's 2025 reward-hacking reports; ImpossibleBench, Zhong et al. 2025): it flags
the ways a patch can reach the test runner that can be spelled, not every possible one (see
docs/architecture.md for the dynamic layers: audit hooks and the second opinion). A legitimate
fix almost never needs these constructs; the model is told which line was refused and why.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from fixloop import tamper_idioms, tamper_mutation, tamper_probes, tamper_results
from fixloop.tamper_fold import _Folder, _module_consts
from fixloop.tamper_rules import (
    _EQUALITY,
    _FD_CALLS,
    _INTERNAL_NAMES,
    _SUSPECT_TEXT,
    _TEST_NAME_TEXT,
    REFLECTION_ATTRIBUTES,
    SUSPECT_ATTRIBUTES,
    SUSPECT_MODULES,
    SUSPECT_NAMES,
    TEST_ENV_NAMES,
    describe,
)
from fixloop.testrun.audit import python_lines

__all__ = [
    "REFLECTION_ATTRIBUTES",
    "SUSPECT_ATTRIBUTES",
    "SUSPECT_MODULES",
    "SUSPECT_NAMES",
    "TEST_ENV_NAMES",
    "Finding",
    "constructs",
    "describe",
    "read_text",
    "scan_change",
    "scan_paths",
]


@dataclass(frozen=True)
class Finding:
    """One construct the change added that reaches into the test machinery.

    Attributes:
        path: the workspace-relative POSIX path of the changed file.
        line: the 1-based line of the first added occurrence in the new file.
        construct: what was found, e.g. ``"import pytest"``, ``"sys.modules"``,
            ``"os._exit"`` (also when spelled ``getattr(os, "_e" + "xit")``).
        why: what the construct does, in a reviewer's words (:func:`describe`).
    """

    path: str
    line: int
    construct: str
    why: str = ""

    def __str__(self) -> str:
        tail = f": {self.why}" if self.why else ""
        return f"{self.path}:{self.line}: {self.construct}{tail}"


# --------------------------------------------------------------------------------------------
# The scan
# --------------------------------------------------------------------------------------------


def _dotted(node: ast.AST, aliases: dict[str, str], folder: _Folder | None = None) -> str | None:
    parts: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        elif (
            folder is not None
            and isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
        ):
            name = folder.fold(node.args[1])
            if name is None:
                return None
            parts.append(name)
            node = node.args[0]
        else:
            break
    if isinstance(node, ast.Name):
        parts.append(aliases.get(node.id, node.id))
        return _reexported(".".join(reversed(parts)))
    return None


#: Modules the rules name that standard-library modules hold as attributes (``os.sys``,
#: ``collections._sys``): ``os.sys.modules`` is ``sys.modules`` (red team, globals wave 1: a
#: test module's globals rewritten through ``os.sys.modules`` passed the scan).
_REEXPORTED = {
    "sys": "sys", "_sys": "sys", "gc": "gc", "_gc": "gc", "inspect": "inspect",
    "_inspect": "inspect", "importlib": "importlib", "builtins": "builtins",
    "_builtins": "builtins", "ctypes": "ctypes", "atexit": "atexit", "_atexit": "atexit",
}  # fmt: skip

_STDLIB_ROOTS = frozenset(getattr(sys, "stdlib_module_names", ()))


def _reexported(dotted: str) -> str:
    """``dotted`` with a standard-library module's copy of a watched module resolved.

    ``os.sys.modules`` -> ``sys.modules``, ``typing.sys._getframe`` -> ``sys._getframe``,
    ``collections._sys`` -> ``sys``: the first part is a standard-library module and a later
    part names one of :data:`_REEXPORTED`. Any other name is returned as it is.
    """
    parts = dotted.split(".")
    if len(parts) < 2 or parts[0] not in _STDLIB_ROOTS:
        return dotted
    for i in range(1, len(parts)):
        target = _REEXPORTED.get(parts[i])
        if target is not None:
            return ".".join([target, *parts[i + 1 :]])
    return dotted


def _aliases(tree: ast.AST) -> tuple[dict[str, str], set[str]]:
    """(local names bound by imports to what they stand for, names that are modules).

    ``import sys as s`` -> s: sys; ``from os import _exit as q`` -> q: os._exit.
    """
    out: dict[str, str] = {}
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name.split(".")[0]
                modules.add(local)
                if alias.asname:
                    out[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                out[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    _assigned_aliases(tree, out, modules)
    return out, modules


def _assigned_aliases(tree: ast.AST, out: dict[str, str], modules: set[str]) -> None:
    """Names bound by plain assignment to a module, added to ``out`` and ``modules``.

    ``_y = yaml`` -> _y: yaml; ``m = sys.modules["json"]``, ``sys.modules.get("json")``,
    ``importlib.import_module("json")`` or ``__import__("json")`` -> m: json; chains
    (``a = json; b = a``) to a fixed point. The aliases of the red team's wave 1
    (``_y = yaml; _y.safe_load = ...``) went past the scan's rules for replaced library
    attributes and suspect names, which read import aliases only (the run-time watch saw
    them). A module's attribute bound to a name (``_load = json.load``) is not followed: an
    honest change that uses a name its base bound so would count as a new use.
    """
    pairs: list[tuple[str, ast.AST]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name):
                    pairs.append((t.id, node.value))
                elif (
                    isinstance(t, (ast.Tuple, ast.List))
                    and isinstance(node.value, (ast.Tuple, ast.List))
                    and len(t.elts) == len(node.value.elts)
                ):
                    pairs += [
                        (e.id, v)
                        for e, v in zip(t.elts, node.value.elts, strict=True)
                        if isinstance(e, ast.Name)
                    ]
    for _ in range(4):  # alias chains, a few deep
        grew = False
        for name, value in pairs:
            target, is_module = _alias_value(value, out, modules)
            if target is None or out.get(name) == target:
                continue
            out[name] = target
            if is_module:
                modules.add(name)
            grew = True
        if not grew:
            break


def _alias_value(
    value: ast.AST, aliases: dict[str, str], modules: set[str]
) -> tuple[str | None, bool]:
    """``(module, True)`` when an assigned value names a module, else ``(None, False)``."""
    if isinstance(value, ast.Name):
        if value.id in modules:
            return aliases.get(value.id, value.id), True
        return None, False
    key: ast.AST | None = None
    if isinstance(value, ast.Subscript) and _dotted(value.value, aliases) == "sys.modules":
        key = value.slice
    elif isinstance(value, ast.Call) and value.args:
        callee = _dotted(value.func, aliases)
        if callee in ("__import__", "sys.modules.get", "importlib.import_module"):
            key = value.args[0]
    if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value:
        return key.value, True
    return None, False


def _env_key(node: ast.AST, folder: _Folder, aliases: dict[str, str]) -> str | None:
    """The folded key of an environment lookup, or None.

    Lookups: ``os.environ[k]``, ``.get(k)``, ``getenv(k)``, ``k in os.environ``; None when ``node``
    is not one.
    """
    if isinstance(node, ast.Subscript) and _dotted(node.value, aliases) in (
        "os.environ",
        "environ",
    ):
        return folder.fold(node.slice)
    if isinstance(node, ast.Call) and node.args:
        target = _dotted(node.func, aliases)
        if target in (
            "os.environ.get",
            "environ.get",
            "os.getenv",
            "getenv",
            "os.environ.pop",
            "os.environ.setdefault",
        ):
            return folder.fold(node.args[0])
    if (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], (ast.In, ast.NotIn))
        and _dotted(node.comparators[0], aliases) in ("os.environ", "environ")
    ):
        return folder.fold(node.left)
    return None


def _range_names(tree: ast.AST) -> set[str]:
    """Names bound by ``for NAME in range(...)`` (candidate descriptor numbers)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, (ast.For, ast.comprehension))
            and isinstance(node.target, ast.Name)
            and isinstance(node.iter, ast.Call)
            and isinstance(node.iter.func, ast.Name)
            and node.iter.func.id == "range"
        ):
            out.add(node.target.id)
    return out


def _guessed_fd(arg: ast.AST, guessed: set[str]) -> bool:
    """A descriptor argument that is a loop counter over range() or a literal number > 2."""
    if isinstance(arg, ast.Name):
        return arg.id in guessed
    return isinstance(arg, ast.Constant) and isinstance(arg.value, int) and arg.value > 2


def _uses_name(fn: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(fn))


def _lambda_cheat(name: str, v: ast.AST) -> str | None:
    """The verdict on ``__eq__ = lambda ...`` (or a dict entry / setattr of one)."""
    if not isinstance(v, ast.Lambda):
        return None
    if isinstance(v.body, ast.Constant) and v.body.value is _EQUALITY[name]:
        return f"{name} always returns {_EQUALITY[name]}"
    params = [a.arg for a in v.args.posonlyargs + v.args.args]
    other = params[1] if len(params) >= 2 else (v.args.vararg.arg if v.args.vararg else None)
    if other is None or not _uses_name(v.body, other):
        return f"{name} ignores the other operand"
    return None


def _equality_cheat(node: ast.AST, folder: _Folder | None = None) -> str | None:  # noqa: PLR0911
    """``"__eq__ ..."`` when ``node`` defines an equality that ignores its other operand."""
    if folder is not None and isinstance(node, ast.Dict):
        for k, v in zip(node.keys, node.values, strict=False):
            name = folder.fold(k) if k is not None else None
            if name in _EQUALITY:
                verdict = _lambda_cheat(name, v)
                if verdict:
                    return verdict
        return None
    if (
        folder is not None
        and isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "setattr"
        and len(node.args) == 3
    ):
        name = folder.fold(node.args[1])
        if name in _EQUALITY:
            return _lambda_cheat(name, node.args[2]) or (
                None if isinstance(node.args[1], ast.Constant) else f"{name} set by a computed name"
            )
        return None
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in _EQUALITY:
        args = [a.arg for a in node.args.posonlyargs + node.args.args]
        other = args[1] if len(args) >= 2 else None
        if node.args.vararg is not None and other is None:
            other = node.args.vararg.arg
        constant = _EQUALITY[node.name]
        returns = [n for n in ast.walk(node) if isinstance(n, ast.Return)]
        if returns and all(
            isinstance(r.value, ast.Constant) and r.value.value is constant for r in returns
        ):
            return f"{node.name} always returns {constant}"
        if other is None or not _uses_name(node, other):
            return f"{node.name} ignores the other operand"
        return None
    if isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id in _EQUALITY for t in node.targets
    ):
        name = next(t.id for t in node.targets if isinstance(t, ast.Name) and t.id in _EQUALITY)
        return _lambda_cheat(name, node.value)
    return None


def constructs(source: str) -> list[tuple[str, int]]:  # noqa: PLR0912, PLR0915
    """The suspect constructs of one Python source, in order of appearance.

    Args:
        source: the text of a Python module.

    Returns:
        ``[(construct, line), ...]``; :func:`describe` gives a construct's meaning. A source
        that does not parse is scanned token by token (names and strings only), so a broken
        file cannot hide a construct.
    """
    found: list[tuple[str, int]] = []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return _token_constructs(source)
    aliases, modules = _aliases(tree)
    folder = _Folder(_module_consts(tree))
    flow = tamper_probes.Flow(tree)
    guessed = _range_names(tree)
    seen_strings: set[int] = set()

    def check_name(dotted: str | None, line: int) -> None:
        if dotted is not None and dotted in SUSPECT_ATTRIBUTES:
            found.append((dotted, line))

    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in SUSPECT_MODULES:
                    found.append((f"import {alias.name}", line))
        elif isinstance(node, ast.ImportFrom):
            top = (node.module or "").split(".")[0]
            if node.level == 0 and top in SUSPECT_MODULES:
                found.append((f"from {node.module} import ...", line))
        elif isinstance(node, ast.Attribute):
            if node.attr in REFLECTION_ATTRIBUTES:
                found.append((f"attribute {node.attr}", line))
            check_name(_dotted(node, aliases), line)
        elif isinstance(node, ast.Name):
            if node.id in SUSPECT_NAMES:
                found.append((node.id, line))
            elif aliases.get(node.id) in SUSPECT_ATTRIBUTES:  # from os import _exit as q; q()
                found.append((aliases[node.id], line))
        elif isinstance(node, ast.Call):
            fn = node.func
            fname = fn.id if isinstance(fn, ast.Name) else None
            if fname in ("getattr", "setattr", "delattr", "hasattr") and len(node.args) >= 2:
                name = folder.fold(node.args[1])
                target = node.args[0]
                if name is None:
                    if isinstance(target, ast.Name) and (
                        target.id in modules or aliases.get(target.id, "") in modules
                    ):
                        found.append((f"{fname}({target.id}, <computed name>)", line))
                else:
                    seen_strings.add(id(node.args[1]))
                    if name in REFLECTION_ATTRIBUTES:
                        found.append((f"attribute {name}", line))
                    if name in SUSPECT_NAMES:
                        found.append((name, line))
                    base = _dotted(target, aliases, folder)
                    if base is not None:
                        check_name(f"{base}.{name}", line)
            elif (
                node.args
                and _dotted(fn, aliases) in _FD_CALLS
                and _guessed_fd(node.args[0], guessed)
            ):
                found.append((f"{_dotted(fn, aliases)} on a guessed descriptor", line))
            elif fname in ("exec", "compile") and node.args:
                found.append((f"{fname}()", line))
            elif fname == "vars" and node.args:
                t = node.args[0]
                if isinstance(t, ast.Name) and (t.id in modules or t.id in aliases):
                    found.append((f"vars({t.id})", line))
            key = _env_key(node, folder, aliases)
            if key is not None:
                _env_finding(key, line, found, flow.decides(node))
        elif isinstance(node, (ast.Subscript, ast.Compare)):
            key = _env_key(node, folder, aliases)
            if key is not None:
                _env_finding(key, line, found, flow.decides(node))
        cheat = _equality_cheat(node, folder)
        if cheat is not None:
            found.append((cheat, line))
        # strings: plain and folded
        if isinstance(node, ast.expr) and not isinstance(node, ast.Name):
            value = None
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                value = node.value
            elif isinstance(node, (ast.BinOp, ast.JoinedStr, ast.Call, ast.Subscript)):
                value = folder.fold(node)
            if value is not None:
                _string_findings(value, line, found)
    found.extend(tamper_results.constructs(tree, folder.fold))
    found.extend(tamper_probes.constructs(tree, lambda n: _dotted(n, aliases), folder.fold, flow))
    found.extend(
        tamper_mutation.constructs(
            tree, aliases, modules, lambda n: _dotted(n, aliases, folder), folder.fold
        )
    )
    found.sort(key=lambda c: c[1])
    return _dedupe_nested(tamper_idioms.everyday(tree, found, lambda n: _dotted(n, aliases)))


def _env_finding(key: str, line: int, found: list[tuple[str, int]], decides: bool) -> None:
    """A lookup of a test-run name always; of a probe name when its value decides something."""
    if key.upper().startswith("PYTEST") or key in TEST_ENV_NAMES:
        found.append((f"env {key}", line))
    elif decides and (probe := tamper_probes.env_probe(key)) is not None:
        found.append((probe, line))


def _string_findings(value: str, line: int, found: list[tuple[str, int]]) -> None:
    for m in _SUSPECT_TEXT.finditer(value):
        found.append((f"string {m.group(0)!r}", line))
    if _TEST_NAME_TEXT.match(value):
        found.append((f"test-name string {value!r}", line))
    stripped = value.strip()
    if stripped in _INTERNAL_NAMES:
        found.append((f"name {stripped!r}", line))


def _dedupe_nested(found: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A folded expression and its parts both match on the same line: keep one per line."""
    out: list[tuple[str, int]] = []
    seen: set[tuple[str, int]] = set()
    for c in found:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


def _token_constructs(source: str) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        tokens = []
    words = SUSPECT_MODULES | set(SUSPECT_NAMES) | set(REFLECTION_ATTRIBUTES)
    for tok in tokens:
        if tok.type == tokenize.NAME and tok.string in words:
            found.append((tok.string, tok.start[0]))
        elif tok.type == tokenize.STRING:
            for m in _SUSPECT_TEXT.finditer(tok.string):
                found.append((f"string {m.group(0)!r}", tok.start[0]))
    if not tokens:  # not even tokenizable: fall back to the words themselves
        for i, line in enumerate(python_lines(source), 1):
            for m in _SUSPECT_TEXT.finditer(line):
                found.append((m.group(0), i))
    return found


def scan_change(path: str, old: str | None, new: str | None) -> list[Finding]:
    """The suspect constructs that a change to one Python file adds.

    Args:
        path: the file's workspace-relative path (for the findings).
        old: the file's text at the base commit, or None for a new file.
        new: the file's text now, or None for a deleted file (nothing is added then).

    Returns:
        one :class:`Finding` per construct whose count grew, at the line of its first
        occurrence beyond the base's count, with :func:`describe`'s words.
    """
    if new is None:
        return []
    before = Counter(c for c, _ in constructs(old or ""))
    seen: Counter[str] = Counter()
    findings: list[Finding] = []
    reported: set[str] = set()
    for construct, line in constructs(new):
        seen[construct] += 1
        if seen[construct] > before[construct] and construct not in reported:
            reported.add(construct)
            findings.append(Finding(path, line, construct, describe(construct)))
    return findings


def scan_paths(
    paths: Iterable[str],
    old_text: Callable[[str], str | None],
    new_text: Callable[[str], str | None],
    skip: Callable[[str], bool],
) -> list[Finding]:
    """:func:`scan_change` over the changed ``.py`` files of a change.

    Args:
        paths: changed paths (relative, POSIX); duplicates are scanned once, in sorted order.
        old_text: a path's text at the base (None when the file is new).
        new_text: a path's text now (None when the file was deleted).
        skip: True for paths not to scan (test files, blocked paths).

    Returns:
        the findings of every scanned file, in path order.
    """
    findings: list[Finding] = []
    for rel in sorted(set(paths)):
        if rel.endswith(".py") and not skip(rel):
            findings.extend(scan_change(rel, old_text(rel), new_text(rel)))
    return findings


def read_text(path: Path) -> str | None:
    """A regular file's text (UTF-8, undecodable bytes replaced), or None when it is not one."""
    if path.is_symlink() or not path.is_file():
        return None
    return path.read_text("utf-8", "replace")
