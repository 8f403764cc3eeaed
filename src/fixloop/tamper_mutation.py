"""The test-machinery scan's rules for changed code that mutates objects the tests read.

Two kinds, both verified against the real gate by the red team (wave 1, holes 2-5) before these
rules existed, because no audit event fires for them at run time:

- **importing the project's tests**: library code that imports a test module (``test_*``,
  ``*_test``, ``conftest``, a ``tests`` package) by any spelled route (``import``/``from``,
  ``importlib.import_module``, ``__import__``, ``pkgutil.resolve_name``, ``sys.modules[...]``,
  ``runpy``, ``spec_from_file_location``) can rewrite the expected values the assertions read
  (``from test_calc import EXPECTED; EXPECTED["add"] = got``). Honest library code never imports
  its own tests.
- **replacing attributes of standard-library modules and classes**: ``json.load = f``,
  ``doctest.DebugRunner = Sub``, ``OutputChecker.check_output = f`` (after ``from doctest import
  OutputChecker``), ``setattr(json, "load", f)``, ``json.__dict__["load"] = f``. The tests and the
  test runner read through these (the tests' data reader, how doctest judges an example), so a
  replacement changes what the tests see, not what the code does. Adding an attribute the
  module or class does not have (``logging.Logger.trace = trace``) replaces nothing and is not
  flagged; the check imports the standard-library module in fixloop's own process (never the
  project's code) to see whether the attribute exists. ``sys`` has its own rules
  (:data:`fixloop.tamper_rules.SUSPECT_ATTRIBUTES`); rebinding ``sys.stdout`` stays allowed.

Third-party modules: only :data:`LIBRARIES` (test helpers, assertion and comparison libraries,
data readers), whose attributes count whatever they are; the scan sees one file and cannot
tell the project's own top-level modules from other installed ones (left to the dynamic layer,
which compares every installed library at the end of the run).
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from collections.abc import Callable

__all__ = ["constructs", "describe"]

#: A dotted-name component or file name that names a test module by pytest's default rules.
_TEST_PART = re.compile(r"^(test_\w*|\w+_test|conftest|tests)$")

#: Callables (last component of the dotted callee) that load a module named by a string argument.
_IMPORTERS = frozenset(
    {
        "import_module",
        "__import__",
        "resolve_name",
        "find_spec",
        "import_string",
        "run_module",
        "run_path",
        "spec_from_file_location",
        "SourceFileLoader",
        "load_source",
    }
)

#: Standard-library modules not imported by the existence check (side effects at import).
_NO_IMPORT = frozenset(
    {"antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo", "__hello__", "__phello__"}
)

#: Installed libraries the tests read through: test helpers and assertion libraries, data
#: readers and the numeric libraries whose comparisons tests call (``numpy.testing``,
#: ``hypothesis``, ``yaml``). Any attribute of theirs set by changed code is a replacement (the
#: scan cannot import them to check: they are the project's dependencies, not fixloop's); a
#: module of this name in the repository itself is the project's (the dynamic layer's rule,
#: ``auditlate.library_patches``, covers every installed library by its code).
LIBRARIES = frozenset(
    {
        "numpy", "pandas", "scipy", "xarray", "polars", "pyarrow", "torch", "sympy", "h5py",
        "hypothesis", "yaml", "ruamel", "toml", "tomli", "tomlkit", "simplejson", "ujson",
        "orjson", "msgpack", "dill", "cloudpickle", "jsonschema", "deepdiff", "attr", "attrs",
        "syrupy", "snapshottest", "approvaltests", "pytest_snapshot", "freezegun", "responses",
        "testfixtures", "parameterized", "assertpy", "sure", "expects", "mock", "nose",
        "unittest2", "requests_mock", "vcr", "betamax", "pytest_mock", "pytest_cases",
    }
)  # fmt: skip

#: Standard-library roots left to other rules (sys: its own table; builtins/__main__: imports).
_SKIP_ROOTS = frozenset({"sys", "builtins", "__main__"})

_STDLIB = frozenset(getattr(sys, "stdlib_module_names", ()))

_WORDS = {
    "imports test module": (
        "imports the project's tests (library code has no use for them; through them it can "
        "rewrite the expected values the assertions read)"
    ),
    "replaces library ": (
        "replaces an attribute of an installed library the tests read through (a test helper, "
        "an assertion or comparison function, a data reader)"
    ),
    "replaces": (
        "replaces an attribute of a standard-library module or class (the tests and the test "
        "runner read through it: a data reader, how doctest judges an example)"
    ),
}


def describe(construct: str) -> str:
    """A reviewer's words for a construct of :func:`constructs`, ``""`` for another one."""
    if construct.startswith("replaces ") and construct[9:].split(".")[0] in LIBRARIES:
        construct = "replaces library " + construct[9:]
    for prefix, words in _WORDS.items():
        if construct.startswith(prefix):
            return words
    return ""


def names_test_module(text: str) -> bool:
    """True when a dotted module name or a file path has a part named like a test module.

    ``"test_calc"``, ``"tests.helpers"``, ``"pkg.conftest"``, ``"tests/test_calc.py"`` -> True;
    ``"testing"``, ``"contest"``, ``"pytest_cov"`` -> False (no part is a test module's name).
    """
    text = text.strip()
    if text.endswith(".py"):
        text = text[:-3]
    return any(_TEST_PART.match(p) for p in re.split(r"[./\\:]", text) if p)


def _replaces(dotted: str) -> bool:
    """True when ``dotted`` (``module[.Class].attr``) names an existing standard-library attribute.

    An attribute the object does not have is an addition (False); a module or chain that cannot
    be resolved here counts as a replacement (True): the scan does not guess in the cheat's favour.
    """
    parts = dotted.split(".")
    root = parts[0]
    if root in LIBRARIES and len(parts) >= 2:
        return True  # not importable here: any attribute counts
    if root not in _STDLIB or root in _SKIP_ROOTS or len(parts) < 2:
        return False
    if root in _NO_IMPORT:
        return True
    obj: object = None
    for i in range(len(parts) - 1, 0, -1):  # longest importable module prefix
        name = ".".join(parts[:i])
        try:
            obj = importlib.import_module(name)
        except Exception:  # noqa: BLE001 - any import failure: try a shorter prefix
            continue
        rest = parts[i:-1]
        break
    else:
        return True
    for attr in rest:
        try:
            obj = getattr(obj, attr)
        except AttributeError:
            return True
    return hasattr(obj, parts[-1])


def constructs(
    tree: ast.AST,
    aliases: dict[str, str],
    modules: set[str],
    dotted: Callable[[ast.AST], str | None],
    fold: Callable[[ast.AST], str | None],
) -> list[tuple[str, int]]:
    """The test-module imports and standard-library replacements of one parsed module.

    Args:
        tree: the module's syntax tree.
        aliases: local names bound by imports -> what they stand for (``tamper._aliases``).
        modules: local names bound by ``import`` statements.
        dotted: an expression's dotted name after import aliases, or None.
        fold: a string expression's folded value, or None.

    Returns:
        ``[(construct, line), ...]``; constructs start with ``"imports test module "`` or
        ``"replaces "``.
    """
    found: list[tuple[str, int]] = []
    imported = set(modules) | set(aliases)

    def store(target: ast.AST, line: int) -> None:
        if isinstance(target, ast.Attribute):
            base = target.value
            root = _root_name(base)
            if root is not None and root in imported:
                name = dotted(target)
                if name is not None and _replaces(name):
                    found.append((f"replaces {name}", line))
        elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Attribute):
            inner = target.value
            if inner.attr == "__dict__":
                owner = dotted(inner.value)
                key = fold(target.slice)
                root = _root_name(inner.value)
                if owner is not None and root in imported and key is not None:
                    if _replaces(f"{owner}.{key}"):
                        found.append((f"replaces {owner}.{key}", line))
        elif isinstance(target, (ast.Tuple, ast.List)):
            for elt in target.elts:
                store(elt, line)

    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if names_test_module(alias.name):
                    found.append((f"imports test module {alias.name}", line))
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module and names_test_module(module):
                found.append((f"imports test module {module}", line))
            else:
                for alias in node.names:
                    if names_test_module(alias.name):
                        found.append((f"imports test module {alias.name}", line))
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for t in targets:
                store(t, line)
        elif isinstance(node, ast.Call):
            _call(node, line, imported, dotted, fold, found)
        elif isinstance(node, ast.Subscript) and dotted(node.value) == "sys.modules":
            key = fold(node.slice)
            if key is not None and names_test_module(key):
                found.append((f"imports test module {key}", line))
    return found


def _root_name(node: ast.AST) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _call(
    node: ast.Call,
    line: int,
    imported: set[str],
    dotted: Callable[[ast.AST], str | None],
    fold: Callable[[ast.AST], str | None],
    found: list[tuple[str, int]],
) -> None:
    callee = dotted(node.func) or ""
    last = callee.rsplit(".", 1)[-1]
    if last in _IMPORTERS or callee in ("sys.modules.get", "sys.modules.pop"):
        for arg in node.args[:2]:
            text = fold(arg)
            if text is not None and names_test_module(text):
                found.append((f"imports test module {text}", line))
                return
    if last in ("setattr", "delattr") and callee == last and len(node.args) >= 2:
        target = node.args[0]
        name = fold(node.args[1])
        root = _root_name(target)
        owner = dotted(target)
        if (
            name is not None
            and owner is not None
            and root in imported
            and _replaces(f"{owner}.{name}")
        ):
            found.append((f"replaces {owner}.{name}", line))
