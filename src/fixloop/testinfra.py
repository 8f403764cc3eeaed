"""What pytest treats as tests in a project: its own settings, read the way pytest reads them.

"Test" is what pytest collects and what the tests read, not a list of names (DESIGN.md rule 8).
This module reads the project's pytest configuration from the file pytest itself would pick
(:func:`read_pytest_settings`) and extracts the doctest examples of a module
(:func:`doctest_examples`); :class:`fixloop.workspace.EditPolicy` turns both, with what the
baseline run recorded (:class:`fixloop.types.RunRecord`), into refusals.

Config discovery follows pytest's ``locate_config`` (``_pytest/config/findpaths.py``, pytest 9):
from the run folder upwards, the first of ``pytest.toml``, ``.pytest.toml``, ``pytest.ini``,
``.pytest.ini`` (always a match, even when empty), ``pyproject.toml`` (only with
``[tool.pytest.ini_options]`` or ``[tool.pytest]``), ``tox.ini`` (only with ``[pytest]``),
``setup.cfg`` (only with ``[tool:pytest]``) wins, and its folder is the rootdir. Ini values of
type "args"/"linelist" are split on whitespace (``shlex`` for ``addopts``, as pytest does);
TOML values may be lists or strings. Stdlib only.
"""

from __future__ import annotations

import ast
import configparser
import doctest
import os
import posixpath
import re
import shlex
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fixloop.quiet import no_warnings
from fixloop.types import RunRecord
from fixloop.workspace import EditPolicy

__all__ = [
    "CONFIG_NAMES",
    "PytestSettings",
    "build_policy",
    "data_modules",
    "doctest_examples",
    "doctest_examples_removed",
    "read_pytest_settings",
]

#: The files pytest looks for in each folder, in its order.
CONFIG_NAMES: tuple[str, ...] = (
    "pytest.toml",
    ".pytest.toml",
    "pytest.ini",
    ".pytest.ini",
    "pyproject.toml",
    "tox.ini",
    "setup.cfg",
)

_DEFAULT_FILES = ("test_*.py", "*_test.py")


@dataclass(frozen=True)
class PytestSettings:
    """The collection settings of one project, as pytest would read them.

    Attributes:
        inifile: the config file pytest picks, relative to the run folder (POSIX; may start
            with ``../`` when it sits above), or None when there is none.
        rootdir: the rootdir relative to the run folder (``""`` for the run folder itself).
        python_files: ``python_files`` globs (default ``test_*.py *_test.py``).
        python_classes: ``python_classes`` prefixes/globs (default ``Test``).
        python_functions: ``python_functions`` prefixes/globs (default ``test``).
        testpaths: ``testpaths`` entries, relative to the run folder (entries above it dropped).
        pythonpath: ``pythonpath`` entries, relative to the run folder.
        doctest_modules: ``--doctest-modules`` in ``addopts`` (or the test command).
        doctest_globs: ``--doctest-glob`` patterns (default ``test*.txt``: pytest's doctest
            plugin collects those text files with no option at all).
        addopts: the ``addopts`` arguments.
        filterwarnings: the ``filterwarnings`` entries, one a line (pytest's "linelist").
    """

    inifile: str | None = None
    rootdir: str = ""
    python_files: tuple[str, ...] = _DEFAULT_FILES
    python_classes: tuple[str, ...] = ("Test",)
    python_functions: tuple[str, ...] = ("test",)
    testpaths: tuple[str, ...] = ()
    pythonpath: tuple[str, ...] = ()
    doctest_modules: bool = False
    doctest_globs: tuple[str, ...] = ("test*.txt",)
    addopts: tuple[str, ...] = field(default=())
    filterwarnings: tuple[str, ...] = ()


def _ini_section(path: Path, section: str) -> dict[str, object] | None:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read(path, encoding="utf-8")
    except (configparser.Error, UnicodeDecodeError, OSError):
        return None
    if not parser.has_section(section):
        return None
    items: dict[str, object] = dict(parser.items(section))
    return items


def _toml_section(path: Path) -> dict[str, object] | None:
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError):
        return None
    if path.name != "pyproject.toml":
        section = data.get("pytest", data)
        return section if isinstance(section, dict) else {}
    tool = data.get("tool", {})
    pytest_tool = tool.get("pytest") if isinstance(tool, dict) else None
    if not isinstance(pytest_tool, dict):
        return None
    ini = pytest_tool.get("ini_options")
    if isinstance(ini, dict):
        return ini
    return pytest_tool


def _read_config(path: Path) -> dict[str, object] | None:
    """The pytest section of ``path``, or None when the file does not configure pytest."""
    name = path.name
    if name in ("pytest.ini", ".pytest.ini"):
        return _ini_section(path, "pytest") or {}
    if name in ("pytest.toml", ".pytest.toml", "pyproject.toml"):
        return _toml_section(path)
    if name == "tox.ini":
        return _ini_section(path, "pytest")
    if name == "setup.cfg":
        return _ini_section(path, "tool:pytest")
    return None


def _as_list(value: object, *, shell: bool = False) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, list | tuple):
        return tuple(str(v) for v in value)
    text = str(value)
    if shell:
        try:
            return tuple(shlex.split(text))
        except ValueError:
            return tuple(text.split())
    return tuple(text.split())


def _locate(root: Path, top: Path) -> tuple[Path, dict[str, object]] | None:
    here = root
    while True:
        for name in CONFIG_NAMES:
            p = here / name
            if p.is_file():
                section = _read_config(p)
                if section is not None:
                    return p, section
        if here == top or here.parent == here:
            return None
        here = here.parent


def _opt_values(args: Sequence[str], opt: str) -> list[str]:
    """Values of ``opt`` in ``args`` (``--opt VALUE`` and ``--opt=VALUE``)."""
    out = []
    for i, a in enumerate(args):
        if a == opt and i + 1 < len(args):
            out.append(args[i + 1])
        elif a.startswith(opt + "="):
            out.append(a.split("=", 1)[1])
    return out


def _rel_to(root: Path, folder: Path, entries: Sequence[str]) -> tuple[str, ...]:
    """``entries`` (relative to ``folder``) made relative to ``root``; entries outside dropped."""
    out = []
    for e in entries:
        full = Path(posixpath.normpath(str(folder / e)))
        if full == root:
            out.append("")
        elif full.is_relative_to(root):
            out.append(full.relative_to(root).as_posix())
    return tuple(out)


def read_pytest_settings(
    root: Path, *, top: Path | None = None, extra_args: Sequence[str] = ()
) -> PytestSettings:
    """The pytest settings of the project whose tests run in ``root``.

    Args:
        root: the folder the tests run in (pytest's invocation folder).
        top: the highest folder to search for a config file (the repository's work tree
            top; default ``root``). pytest goes on to ``/``; fixloop's worktrees live outside
            the user's folders, so there is nothing of the project above ``top``.
        extra_args: arguments the test command adds after ``pytest`` (``-o name=value`` and
            ``--doctest-modules`` there count too).

    Returns:
        A :class:`PytestSettings`; the defaults when no config file configures pytest.
        Unreadable or malformed config files are treated as absent (pytest would stop with a
        usage error, which the baseline reports).
    """
    root = Path(root).resolve()
    top = Path(top).resolve() if top is not None else root
    if not (root == top or root.is_relative_to(top)):
        top = root
    found = _locate(root, top)
    values: dict[str, object] = dict(found[1]) if found else {}
    folder = found[0].parent if found else root
    addopts = _as_list(values.get("addopts"), shell=True)
    args = [*addopts, *extra_args]
    for item in _opt_values(args, "-o") + _opt_values(args, "--override-ini"):
        if "=" in item:
            k, v = item.split("=", 1)
            values[k.strip()] = v
    inifile = None
    if found:
        try:
            inifile = found[0].relative_to(root).as_posix()
        except ValueError:
            inifile = posixpath.relpath(found[0], root)

    def listed(key: str, default: tuple[str, ...]) -> tuple[str, ...]:
        v = _as_list(values.get(key))
        return v if v else default

    globs = tuple(_opt_values(args, "--doctest-glob")) or ("test*.txt",)
    return PytestSettings(
        inifile=inifile,
        rootdir=posixpath.relpath(folder, root) if folder != root else "",
        python_files=listed("python_files", _DEFAULT_FILES),
        python_classes=listed("python_classes", ("Test",)),
        python_functions=listed("python_functions", ("test",)),
        testpaths=_rel_to(root, folder, _as_list(values.get("testpaths"))),
        pythonpath=_rel_to(root, folder, _as_list(values.get("pythonpath"))),
        doctest_modules="--doctest-modules" in args,
        doctest_globs=globs,
        addopts=addopts,
        filterwarnings=_lines(values.get("filterwarnings")),
    )


def _lines(value: object) -> tuple[str, ...]:
    """An ini "linelist" value: a TOML list's items, or a string's non-blank lines."""
    if isinstance(value, list | tuple):
        return tuple(str(v).strip() for v in value if str(v).strip())
    if value is None:
        return ()
    return tuple(ln.strip() for ln in str(value).splitlines() if ln.strip())


def doctest_examples(text: str | bytes) -> list[tuple[str, str, str]]:
    """The doctest examples of a Python module's docstrings.

    Every docstring (module, classes, functions, at any depth) is parsed with the standard
    library's :class:`doctest.DocTestParser`, as pytest's ``--doctest-modules`` collects them.

    Args:
        text: the module source.

    Returns:
        ``(qualified name, example source, expected output)`` triples in file order; ``[]``
        when the source does not parse.
    """
    try:
        with no_warnings():
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    parser = doctest.DocTestParser()
    out: list[tuple[str, str, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        doc = (
            ast.get_docstring(node, clean=False)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            else None
        )
        if doc and ">>>" in doc:
            try:
                examples = parser.get_examples(doc)
            except ValueError:  # a malformed example: keep its raw text as the example
                examples = [doctest.Example(doc, "")]
            out.extend((prefix or "<module>", ex.source, ex.want) for ex in examples)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, f"{prefix}.{child.name}" if prefix else child.name)

    visit(tree, "")
    return out


def doctest_examples_removed(old: str | bytes, new: str | bytes) -> list[tuple[str, str, str]]:
    """The doctest examples of ``old`` that ``new`` no longer holds unchanged.

    An example counts as kept when the same (qualified name, source, expected output) triple
    is in ``new`` (as many times as in ``old``); added examples are fine.

    Returns:
        the removed or changed examples, in ``old``'s order (``[]`` when none).
    """
    remaining: dict[tuple[str, str, str], int] = {}
    for ex in doctest_examples(new):
        remaining[ex] = remaining.get(ex, 0) + 1
    gone = []
    for ex in doctest_examples(old):
        if remaining.get(ex, 0) > 0:
            remaining[ex] -= 1
        else:
            gone.append(ex)
    return gone


_SKIP_DIRS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".venv",
        "venv",
        ".tox",
        ".nox",
        "node_modules",
        "__pycache__",
        "build",
        "dist",
        "site-packages",
    }
)


def _defines_code(text: bytes) -> bool:
    """True when a module's top level defines a function or class (or does not parse)."""
    try:
        with no_warnings():
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True
    return any(
        isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) for n in tree.body
    )


def data_modules(
    root: Path, imports: Sequence[str], *, max_files: int = 20_000, test_code: Sequence[str] = ()
) -> list[str]:
    """The modules of ``imports`` that are test data: expected values kept in Python.

    ``imports`` are the repository modules the tests imported directly at the baseline
    (:attr:`fixloop.types.RunRecord.test_imports`). One of them is data, not code under test,
    when its top level defines no function or class (constants only: ``SUM_2_3 = 5``) and no
    Python file of the project outside its test code imports it (a constants module the code
    uses is code under test). A module that defines functions is never data here, even when
    the tests only read its constants: fixloop cannot tell which of its functions the tests
    exercise without tracing them.

    Args:
        root: the tree (the workspace root).
        imports: repository-relative ``.py`` paths.
        max_files: most project files searched for imports of the candidates.
        test_code: more files that count as test code (the record's ``plugin_modules``: a
            fixture plugin importing the constants is a test reading them).

    Returns:
        the data modules, in ``imports``' order.
    """
    from fixloop.workspace import is_test_file

    tests = frozenset(test_code)
    cands: dict[str, str] = {}
    for rel in imports:
        try:
            text = (root / rel).read_bytes()
        except OSError:
            continue
        if not _defines_code(text):
            cands[rel] = rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    if not cands:
        return []
    rx = {
        rel: re.compile(rf"^[ \t]*(?:from|import)[ \t][^\n]*\b{re.escape(name)}\b", re.M)
        for rel, name in cands.items()
    }
    used: set[str] = set()
    seen = 0
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS and not d.endswith(".egg-info")]
        for f in files:
            if not f.endswith((".py", ".pyw")):
                continue
            rel = Path(folder, f).relative_to(root).as_posix()
            if rel in cands or rel in tests or is_test_file(rel):
                continue
            seen += 1
            if seen > max_files:
                return []  # too big to be sure nothing imports them: protect none
            try:
                body = Path(folder, f).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            used |= {r for r, x in rx.items() if r not in used and x.search(body)}
    return [r for r in cands if r not in used]


def build_policy(
    root: Path,
    *,
    top: Path | None = None,
    allow_edit: Sequence[str] = (),
    extra_args: Sequence[str] = (),
    record: RunRecord | None = None,
) -> EditPolicy:
    """The :class:`~fixloop.workspace.EditPolicy` of a run in ``root``.

    Args:
        root: the folder the tests run in (the workspace root).
        top: the highest folder searched for pytest's config (see :func:`read_pytest_settings`).
        allow_edit: the user's ``allow_edit`` globs (user config and ``--allow-edit`` only).
        extra_args: the test command's arguments after ``pytest``.
        record: what the baseline run recorded (collected test modules, doctest modules, data
            files read, data modules the tests imported (:func:`data_modules`), names the
            interpreter provides), or None before the baseline.

    Returns:
        the policy; its ``sources`` name the config file behind ``python_files``/``testpaths``.
    """
    cfg = read_pytest_settings(root, top=top, extra_args=extra_args)
    where = cfg.inifile or "pytest's default"
    test_globs = tuple(dict.fromkeys((*cfg.python_files, *cfg.doctest_globs)))
    roots = ["", "src", *cfg.pythonpath]
    if cfg.rootdir and not cfg.rootdir.startswith(".."):
        roots.append(cfg.rootdir)
    return EditPolicy(
        allow_edit=allow_edit,
        test_globs=test_globs,
        test_scope=cfg.testpaths or ("",),
        test_dirs=cfg.testpaths,
        recorded=(
            (
                *record.test_modules,
                *record.plugin_modules,  # a conftest's pytest_plugins: test code (G13)
                *record.data_read,
                *data_modules(root, record.test_imports, test_code=record.plugin_modules),
            )
            if record
            else ()
        ),
        doctest_all=cfg.doctest_modules,
        doctest_files=record.doctest_modules if record else (),
        shadow_names=record.provided_names if record else (),
        path_roots=roots,
        sources={"python_files": where, "testpaths": where},
        code_dirs=shipped_packages(root, cfg.testpaths, roots),
    )


def shipped_packages(root: Path, folders: Sequence[str], roots: Sequence[str]) -> list[str]:
    """The ``folders`` (``testpaths`` entries) that are a package the project ships.

    A folder counts when it holds an ``__init__.py``, sits directly in one of ``roots`` (the
    ``sys.path`` roots of a run, relative) and its name is the project's (``[project].name`` or
    setup.cfg's ``metadata.name``, normalized) or listed as a package in ``[tool.setuptools]
    packages``, hatch's wheel ``packages`` or poetry's ``packages`` (the build's own list, not a
    guess from the folder's contents).

    Returns:
        relative POSIX paths, a subset of ``folders``.
    """
    names = _shipped_names(root)
    out = []
    for d in folders:
        parent, _, name = d.strip("/").rpartition("/")
        if name in names and parent in roots and (root / d / "__init__.py").is_file():
            out.append(d)
    return out


def _shipped_names(root: Path) -> set[str]:
    def norm(name: object) -> str:
        return re.sub(r"[-.]+", "_", name).lower() if isinstance(name, str) else ""

    def table(d: object, *keys: str) -> dict:
        for key in keys:
            d = d.get(key) if isinstance(d, dict) else None
        return d if isinstance(d, dict) else {}

    names: set[str] = set()
    try:
        with open(root / "pyproject.toml", "rb") as fh:
            data: dict = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError):
        data = {}
    names.add(norm(table(data, "project").get("name")))
    listed: list[object] = []
    hatch = table(data, "tool", "hatch", "build", "targets", "wheel")
    for where in (table(data, "tool", "setuptools"), hatch, table(data, "tool", "poetry")):
        found = where.get("packages")
        for pkg in found if isinstance(found, list) else []:
            pkg = pkg.get("include") if isinstance(pkg, dict) else pkg  # poetry's tables
            listed.append(pkg.rstrip("/").rsplit("/", 1)[-1] if isinstance(pkg, str) else None)
    names.update(p for p in listed if isinstance(p, str) and "." not in p and "/" not in p)
    cfg = configparser.ConfigParser(interpolation=None)
    try:
        cfg.read(root / "setup.cfg", encoding="utf-8")
        names.add(norm(cfg.get("metadata", "name", fallback="")))
    except (configparser.Error, UnicodeDecodeError):
        pass
    names.discard("")
    return names
