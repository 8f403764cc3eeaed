"""Checks of the gate that read what a run recorded (:class:`fixloop.types.RunRecord`).

:func:`autoload_findings`: a changed module the tests' configuration registers as a pytest
plugin (test infrastructure, as a conftest), and a file of the change that Python or pytest
loaded by itself before the first test ran (a plugin importing a module named like its
dependency, a root ``__init__.py`` that pytest imports as the parent package of ``tests/``,
packaging metadata whose entry point loads a module): neither is code a test chose to run; it
can replace the code under test before any test sees it, so the claim is refused. The record
comes from the gate's own run (:mod:`fixloop.testrun.inside.recorder`, mode ``gate``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from fixloop.types import RunRecord

__all__ = ["autoload_findings"]


def autoload_findings(
    gate_record: RunRecord | None,
    baseline_record: RunRecord | None,
    changed: Iterable[str],
    in_base: Callable[[str], bool],
) -> list[str]:
    """Rule-named sentences for each changed plugin module and file the gate's run loaded by itself.

    A repository module registered as a pytest plugin by name in either run
    (:attr:`RunRecord.plugin_modules`: a conftest's ``pytest_plugins``, ``-p``; not entry points,
    not conftests) counts whenever it is changed: it is test infrastructure, as the conftest
    that names it is (red-team G13's cheat: the failing case dropped from its fixture).

    A loaded file counts when it is a path of the change (``changed``) and is not the module
    pytest was collecting at that moment (a doctest module is imported by pytest itself). A
    file that is new to the tree always counts; a changed file that existed counts only when
    the baseline did not load it by itself too (a project that is its own pytest plugin keeps
    its plugin module editable) and it is not the ``__init__.py`` of a package above a plugin
    module (importing ``words.fixtures`` loads ``words/__init__.py``, where a small library keeps
    its code: red-team G13; its changed lines are watched as any code's).

    Args:
        gate_record: the record of the gate's full-suite run (None: nothing recorded).
        baseline_record: the baseline's record (None: treated as empty).
        changed: workspace-relative paths whose content the candidate changes.
        in_base: ``in_base(path)``: the path exists in the base commit.

    Returns:
        sentences naming the rule and the path ([] when none).
    """
    if gate_record is None:
        return []
    changed_set = set(changed)
    before = {p for p, _ in baseline_record.autoloaded} if baseline_record else set()
    plugins = set(gate_record.plugin_modules)
    plugins |= set(baseline_record.plugin_modules) if baseline_record else set()
    out: list[str] = [
        "a pytest plugin the tests' configuration loads (a conftest's pytest_plugins, -p): "
        f"{path} is test infrastructure, as a conftest.py is (its fixtures and hooks decide "
        "what the tests see)"
        for path in sorted(plugins & changed_set)
    ]
    parents = _parent_packages(gate_record.plugin_modules)
    for path, during in gate_record.autoloaded:
        if path not in changed_set or path == during or path in plugins:
            continue
        if in_base(path) and (path in before or path in parents):
            continue
        when = f"while pytest collected {during}" if during else "before pytest collected a test"
        out.append(
            f"loaded by Python or pytest by itself: {path} was loaded {when}, with no code of "
            "the project asking for it (a plugin's import, a parent package of the tests, "
            "packaging metadata): it could replace the code under test"
        )
    return out


def _parent_packages(modules: Iterable[str]) -> set[str]:
    """The ``__init__.py`` of each package above each module path.

    ``a/b/c.py`` gives ``a/__init__.py`` and ``a/b/__init__.py``: what importing the plugin
    module loads on its way to it.
    """
    out: set[str] = set()
    for rel in modules:
        parts = rel.split("/")[:-1]
        out.update("/".join([*parts[: i + 1], "__init__.py"]) for i in range(len(parts)))
    return out
