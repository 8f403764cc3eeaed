"""pytest's own warnings made errors by the tests: the doctor's ``pytest_warning`` kind.

pytest warns about the test files themselves while it collects them
(https://docs.pytest.org/en/stable/how-to/capture-warnings.html#internal-pytest-warnings):
``PytestCollectionWarning`` ("cannot collect test class 'TestSuite' because it has a __init__
constructor": a class whose name starts with ``Test`` imported into a test module),
``PytestAssertRewriteWarning``, ``PytestConfigWarning``, ``PytestUnknownMarkWarning``,
``PytestCacheWarning``. A warnings filter that turns every warning into an error (``-W error``,
``filterwarnings = error`` in the pytest configuration, or ``warnings.simplefilter("error")`` run
by a test module or a ``conftest.py`` as it is imported, which then holds for the rest of the
collection) makes such a warning stop the collection: no test runs, whatever the code under test
does. Markdown 3.7 is a unittest suite of that shape: ``tests/test_legacy.py`` calls
``warnings.simplefilter('error')`` at import and ``tests/test_syntax/extensions/
test_md_in_html.py`` imports ``unittest.TestSuite``, so ``python -m pytest`` collects nothing.

:func:`pytest_warning_problem` names that case only when the filter is the tests' or the test
configuration's (files the model may not change) or the test command's: a filter set by the code
under test is a fault a change can mend, left to the model. pytest's deprecation warnings are the
doctor's ``pytest_too_new`` kind (:func:`pytest_too_new_problem`), checked before this one.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Sequence
from pathlib import Path

from fixloop.pathrules import is_test_file
from fixloop.testinfra import read_pytest_settings
from fixloop.types import EnvironmentProblem, Outcome, TestReport

__all__ = ["error_filter_source", "pytest_too_new_problem", "pytest_warning_problem"]

_PYTEST_DEPRECATION = re.compile(
    r"\b(?:_?pytest\.(?:warning_types\.)?)?(PytestRemovedIn(\d+)Warning|PytestDeprecationWarning)"
    r": ([^\n]+)"
)
_PYTEST_WARNING = re.compile(
    r"\b(?:_?pytest\.(?:warning_types\.)?)?"
    r"(Pytest(?:Collection|AssertRewrite|Config|UnknownMark|Cache)Warning): ([^\n]+)"
)
#: ``warnings.simplefilter("error")`` / ``filterwarnings("error", ...)`` in Python source.
_ERROR_CALL = re.compile(
    rb"""\b(?:simplefilter|filterwarnings)\(\s*(?:action\s*=\s*)?(?:'error'|"error")"""
)
_SKIP_DIRS = {".git", ".tox", ".nox", "node_modules", "site-packages", "__pycache__"}
_MAX_FILES = 5_000
_MAX_BYTES = 1 << 20


def _error_option(args: Sequence[str]) -> bool:
    """True when ``args`` hold ``-W error...`` / ``-Werror...`` / ``-W=error``."""
    for i, a in enumerate(args):
        if a == "-W" and i + 1 < len(args) and args[i + 1].startswith("error"):
            return True
        if a.startswith(("-Werror", "-W=error", "--pythonwarnings=error")):
            return True
        if a == "--pythonwarnings" and i + 1 < len(args) and args[i + 1].startswith("error"):
            return True
    return False


def error_filter_source(root: Path, test_cmd: Sequence[str]) -> str | None:
    """Where a warnings filter that makes warnings errors is set by the tests, or None.

    Looked for, in order: the test command (``-W error``), the pytest configuration pytest picks
    (an ``error`` entry of ``filterwarnings``, ``-W error`` in ``addopts``), then the test code
    (:func:`fixloop.pathrules.is_test_file`: ``conftest.py``, ``tests/``, ``test_*.py``...)
    calling ``warnings.simplefilter("error")`` or ``filterwarnings("error", ...)``; at most
    5,000 files of at most 1 MiB are read, hidden folders and virtualenvs skipped.

    Args:
        root: the run's tree (where the tests ran).
        test_cmd: the test command as argv.

    Returns:
        a short description naming the place (``warnings.simplefilter('error') at import of
        tests/test_legacy.py``; a call at a module's top level is named before one inside a
        function, which may be undone by ``catch_warnings``), or None when none is found.
    """
    if _error_option(list(test_cmd)):
        return f"`-W error` in the test command `{shlex.join(test_cmd)}`"
    settings = read_pytest_settings(root)
    ini = settings.inifile or "the pytest configuration"
    if any(f.split(":", 1)[0].strip() == "error" for f in settings.filterwarnings):
        return f"filterwarnings = error in {ini}"
    if _error_option(settings.addopts):
        return f"`-W error` in the addopts of {ini}"
    seen = 0
    nested: str | None = None  # a call inside a function: named when no module-level one is
    for here, dirs, files in os.walk(root):
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in _SKIP_DIRS
            and not d.startswith(".")
            and not (Path(here, d) / "pyvenv.cfg").exists()
        )
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            rel = Path(here, name).relative_to(root).as_posix()
            if not is_test_file(rel):
                continue
            seen += 1
            if seen > _MAX_FILES:
                return nested
            try:
                with open(Path(here, name), "rb") as fh:
                    data = fh.read(_MAX_BYTES)
            except OSError:
                continue
            for m in _ERROR_CALL.finditer(data):
                call = m.group(0).decode("utf-8", "replace")
                line = data[data.rfind(b"\n", 0, m.start()) + 1 : m.start()]
                if line in (b"", b"warnings."):
                    return f"warnings.{call}) at import of {rel}"
                nested = nested or f"warnings.{call}) in {rel}"
    return nested


def pytest_warning_problem(
    report: TestReport, text: str, root: Path, test_cmd: Sequence[str]
) -> EnvironmentProblem | None:
    """The ``pytest_warning`` problem of a baseline, or None (see the module docstring).

    Args:
        report: the baseline's report; only a stopped collection (``collection_error``) counts,
            a failing test is the model's.
        text: the baseline's notice, output and collection errors (where pytest's line is).
        root: the run's tree.
        test_cmd: the test command as argv.

    Returns:
        the problem, quoting pytest's warning and naming where the error filter is set.
    """
    if report.outcome != Outcome.COLLECTION_ERROR:
        return None
    errors = "\n".join(report.collection_errors)
    m = _PYTEST_WARNING.search(errors) or _PYTEST_WARNING.search(text)
    if m is None:
        return None
    where = error_filter_source(root, test_cmd)
    if where is None:
        return None
    name, message = m.group(1), m.group(2).strip()
    return EnvironmentProblem(
        kind="pytest_warning",
        cause=f"collection stopped on pytest's own warning about the test files, which "
        f"{where} makes an error: {name}: {message}",
        fix=f"let that warning through where the tests set the filter (filterwarnings: "
        f"ignore::pytest.{name}; a filter a test module sets at import wins over the "
        "configuration), give a class that is no test `__test__ = False`, or set test_cmd to "
        "the command the project's tests are run with",
    )


def pytest_too_new_problem(report: TestReport, text: str, py: str) -> EnvironmentProblem | None:
    """A deprecation warning of pytest itself, made an error by the project, stopped collection.

    pytest N deprecates with ``PytestRemovedIn{N+1}Warning`` (pytest 9 warns of what pytest 10
    removes; the changelog's deprecation policy), so the pytest the project was written for is
    ``pytest<N``. Only a suite that stopped in collection counts: a failing test is the model's.
    """
    if report.outcome != Outcome.COLLECTION_ERROR:
        return None
    errors = "\n".join(report.collection_errors)
    m = _PYTEST_DEPRECATION.search(errors) or _PYTEST_DEPRECATION.search(text)
    if m is None:
        return None
    name, removed_in, message = m.group(1), m.group(2), m.group(3).strip()
    pin = f"pytest<{int(removed_in) - 1}" if removed_in else "an older pytest"
    return EnvironmentProblem(
        kind="pytest_too_new",
        cause=f"collection stopped on pytest's own deprecation warning, which the project's "
        f"filterwarnings makes an error: {name}: {message}",
        fix=f"install the pytest the project's tests were written for ({py} -m pip install "
        f"'{pin}'; see its pinned test requirements), or let that warning through "
        f"(filterwarnings: ignore::pytest.{name})",
    )
