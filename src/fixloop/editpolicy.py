"""The project's write policy: what the model's writes may touch beyond the path policy.

:class:`EditPolicy` holds the three write rules of DESIGN.md rule 8 (``tests are read-only``,
``no shadowing``, ``source only``) for one project: fixloop's fixed rules
(:mod:`fixloop.pathrules`) plus what pytest uses in this project (``python_files``,
``testpaths``, doctest settings, the files the baseline recorded). :func:`fixloop.testinfra.build_policy`
builds it; :class:`fixloop.workspace.Workspace` checks every write against it (and re-exports
it: import it from there); the gate (:mod:`fixloop.gate.policy`) checks the candidate's paths
against it.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from fixloop.pathrules import (
    TEST_CONFIG_FILES,
    PathRefused,
    _module_name,
    _norm,
    _parts,
    is_autoload,
    is_source,
    is_test_file,
)


def _glob_match(pattern: str, rel: str) -> bool:
    """Pytest's ``fnmatch_ex``: a pattern without ``/`` matches the file name, else the path."""
    pattern = pattern.casefold()
    if "/" not in pattern:
        return fnmatch.fnmatchcase(rel.rsplit("/", 1)[-1], pattern)
    return fnmatch.fnmatchcase(rel, pattern) or fnmatch.fnmatchcase(rel, "*/" + pattern)


def _under(rel: str, folder: str) -> bool:
    return folder == "" or rel == folder or rel.startswith(folder + "/")


class EditPolicy:
    """What the model's writes may touch, beyond the path policy (DESIGN.md rule 8).

    Three rules, each named in its refusal:

    - ``tests are read-only`` (kind ``protected``): test infrastructure is what pytest uses:
      fixloop's default rule (:func:`is_protected`), files matched by the project's
      ``python_files`` (inside ``testpaths`` when set) and ``--doctest-glob`` patterns, every
      file under ``testpaths``, and what the baseline recorded (``recorded``: the modules pytest
      collected tests from, the data files the tests opened).
    - ``no shadowing`` (kind ``shadows``): a new top-level module or package, at any
      ``sys.path`` root of the run (``path_roots``), named like something the interpreter
      already provides (``shadow_names``: standard library and top-level names of installed
      distributions). Existing top-level names of the project stay editable.
    - ``source only`` (kind ``not_source``): a file that is not Python source (:func:`is_source`)
      unless it matches one of the user's ``allow_edit`` globs.

    Doctest examples are checked on content (:meth:`doctest_module` says where; the tools and the
    gate compare the examples before and after).

    Args:
        allow_edit: the user's fnmatch globs (``--allow-edit``, user config) of non-source files
            the model may create or change; matched case-insensitively against the relative
            path. The repository's config cannot add any.
        test_globs: ``python_files`` and ``--doctest-glob`` patterns (pytest's matching: without
            ``/`` against the file name, else against the path).
        test_scope: the folders ``test_globs`` apply in (``testpaths``; ``("",)`` for all).
        test_dirs: ``testpaths`` folders, protected whole, except their Python source when the
            folder is a path root or one of ``code_dirs``.
        recorded: relative paths recorded at the baseline (collected test modules, data read).
        doctest_all: ``--doctest-modules`` is on: doctests of every module in ``test_scope``
            are collected.
        doctest_files: modules whose doctests the baseline collected.
        shadow_names: casefolded top-level names the project may not newly create.
        path_roots: the folders on ``sys.path`` in a test run, relative (``""`` the root).
        code_dirs: ``testpaths`` folders that are a package the project ships (toolz:
            ``testpaths = ["toolz"]``, its tests in ``toolz/tests/``): the code under test.
        sources: where each setting came from, for refusal texts (``{"python_files":
            "pytest.ini"}``).
    """

    def __init__(
        self,
        *,
        allow_edit: Sequence[str] = (),
        test_globs: Sequence[str] = (),
        test_scope: Sequence[str] = ("",),
        test_dirs: Sequence[str] = (),
        recorded: Sequence[str] = (),
        doctest_all: bool = False,
        doctest_files: Sequence[str] = (),
        shadow_names: Sequence[str] = (),
        path_roots: Sequence[str] = ("", "src"),
        sources: dict[str, str] | None = None,
        code_dirs: Sequence[str] = (),
    ) -> None:
        self.allow_edit = tuple(g.casefold().strip() for g in allow_edit if g.strip())
        self.test_globs = tuple(test_globs)
        self.test_scope = tuple(_norm(d) for d in test_scope) or ("",)
        self.test_dirs = tuple(d for d in (_norm(d) for d in test_dirs) if d)
        self.recorded = frozenset(_norm(r).casefold() for r in recorded)
        self.doctest_all = doctest_all
        self.doctest_files = frozenset(_norm(r).casefold() for r in doctest_files)
        self.shadow_names = frozenset(n.casefold() for n in shadow_names)
        self.path_roots = tuple(dict.fromkeys(_norm(r) for r in path_roots))
        self.sources = dict(sources or {})
        self.code_dirs = frozenset(_norm(d) for d in code_dirs)

    def test_reason(self, relpath: str) -> str | None:
        """Why ``relpath`` is test infrastructure, or None when it is not."""
        parts = _parts(relpath)
        if not parts or parts[0] == "..":
            return None
        rel = "/".join(parts)
        if is_test_file(rel):
            return (
                "a test file (tests/, test/ or testing/ folders, test_*.py, *_test.py, conftest.py)"
            )
        if parts[-1] in TEST_CONFIG_FILES:
            return "test configuration"
        if is_autoload(rel):
            return "a file Python or pytest loads by itself"
        if rel in self.recorded:
            return "a file the tests used at the baseline (a collected test module or data it read)"
        for d in self.test_dirs:
            if _under(rel, d.casefold()):
                if (d in self.path_roots or d in self.code_dirs) and is_source(rel):
                    # a package root named in testpaths (humanize: testpaths = ["src", "tests"]
                    # for its doctests), or a shipped package whose tests live inside it
                    # (toolz: testpaths = ["toolz"]), holds the code under test, not tests: its
                    # test files are caught above and below, its doctest examples by the
                    # doctest rule
                    continue
                return f"under testpaths {d!r}" + self._src("testpaths")
        if any(_under(rel, d.casefold()) for d in self.test_scope):
            for g in self.test_globs:
                if _glob_match(g, rel):
                    return f"matched by pytest's test-file pattern {g!r}" + self._src(
                        "python_files"
                    )
        return None

    def _src(self, key: str) -> str:
        where = self.sources.get(key)
        return f" ({where})" if where else ""

    def doctest_module(self, relpath: str) -> bool:
        """True when pytest collects the doctests of the Python module ``relpath``."""
        parts = _parts(relpath)
        if not parts or parts[0] == ".." or not parts[-1].endswith(".py"):
            return False
        rel = "/".join(parts)
        if rel in self.doctest_files:
            return True
        return self.doctest_all and any(_under(rel, d.casefold()) for d in self.test_scope)

    def shadowed(self, relpath: str, exists: Callable[[str], bool] | None = None) -> str | None:
        """The name ``relpath`` would newly shadow, or None.

        A path shadows when, under one of :attr:`path_roots`, its first component (a module
        file or a package folder) is named like one of :attr:`shadow_names` and that component
        did not exist before (``exists(relative top path)``; None: assume it did not).
        """
        parts = _parts(relpath)
        if not parts or parts[0] == ".." or not self.shadow_names:
            return None
        rel = "/".join(parts)
        for r in self.path_roots:
            rc = r.casefold()
            if not _under(rel, rc):
                continue
            rest = parts[len(rc.split("/")) :] if rc else parts
            if not rest:
                continue
            first = rest[0]
            name = first if len(rest) > 1 else _module_name(first)
            if name is None or name not in self.shadow_names:
                continue
            top = (r + "/" if r else "") + first
            if exists is not None and exists(top):
                continue  # the project's own module of that name
            return name
        return None

    def allowed(self, relpath: str) -> bool:
        """True when the user's ``allow_edit`` globs name ``relpath``."""
        rel = "/".join(_parts(relpath))
        return any(fnmatch.fnmatchcase(rel, g) for g in self.allow_edit)

    def refusal(self, relpath: str, root: Path | None = None) -> PathRefused | None:
        """The refusal of a write to ``relpath`` (None when the write is allowed).

        Args:
            relpath: a normalized workspace-relative path.
            root: the workspace root (for "does this top-level name exist yet").

        Returns:
            a :class:`PathRefused` of kind ``protected``, ``shadows`` or ``not_source`` whose
            message names the rule and the path, or None.
        """
        why = self.test_reason(relpath)
        if why is not None:
            return PathRefused(
                "protected",
                f"rule 'tests are read-only': {relpath} is test infrastructure ({why}) and is "
                "read-only: change the code under test instead",
                relpath,
            )
        name = self.shadowed(
            relpath, (lambda top: os.path.lexists(os.path.join(root, top))) if root else None
        )
        if name is not None:
            return PathRefused(
                "shadows",
                f"rule 'no shadowing': {relpath} would add a top-level module {name!r}, a name "
                "the project's interpreter already provides (standard library or an installed "
                "distribution); give the new module another name",
                relpath,
            )
        if not is_source(relpath) and not self.allowed(relpath):
            return PathRefused(
                "not_source",
                f"rule 'source only': {relpath} is not Python source of the project (data, "
                "packaging metadata, .gitignore/.gitattributes or configuration); fixloop "
                "changes .py files only unless the user allows more (--allow-edit GLOB or "
                "allow_edit in the user config)",
                relpath,
            )
        return None
