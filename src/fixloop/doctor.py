"""The baseline doctor: why a suite cannot start, said before the first model call.

A run's baseline (the whole suite, once, before the model) can fail for reasons no edit of the
code under test can mend: pytest refuses an option of a plugin the interpreter lacks, the
project's own package or a declared dependency is not importable, async tests have no async
plugin, the tests may not write where they write, a git submodule is absent, the test command
does not exist, or the suite collects nothing. :func:`diagnose` reads the baseline
:class:`~fixloop.types.TestReport` (and the full log) and names such a problem as an
:class:`~fixloop.types.EnvironmentProblem`: its kind, the cause in one line (quoting pytest where
pytest said it) and the fix in another. A run stops on it with status ``environment`` and exit
code 3, spending nothing on the model; ``fixloop doctor`` runs the same checks alone.

:func:`command_problem` checks the test command before anything runs (a program that is not on
the ``PATH``). Anything the doctor does not recognize is left to the model: a failing test, a
collection error in the code under test or an import of a module nobody declared are bugs to fix.

The kinds, in the order they are checked:

=====================  ===================================================================
kind                   when
=====================  ===================================================================
``command_not_found``  the test command's program is missing (before the run, or the
                       sandbox's ``execvp`` error, or ``python -m X`` with no module X)
``usage_error``        pytest exit 4 on the whole suite: an unknown option (``--cov``
                       without pytest-cov), a missing path, a bad ini value
``missing_module``     ``No module named 'X'`` where X is the project's own package (or a
                       file of it that only your checkout has) or a declared dependency; or
                       a ``python -m unittest`` command whose interpreter has no pytest
``import_outside``     the project's package would import from outside the run's tree
                       (asked before the baseline: ``projectpaths.import_problem``)
``submodule``          a git submodule of the project is empty in the run's tree and the
                       failure names it
``async_plugin``       pytest says "async def functions are not natively supported"
``pytest_too_new``     collection stopped on pytest's own deprecation warning
                       (``PytestRemovedIn10Warning``...) made an error by the project's
                       ``filterwarnings = error``: the test files use a pytest feature the
                       installed pytest deprecates, and the model may change neither
``pytest_warning``     collection stopped on another warning of pytest about the test files
                       (``PytestCollectionWarning``...) made an error by the tests' filter
``permission``         a test failed on ``[Errno 30] Read-only file system`` or
                       ``[Errno 13] Permission denied``, or pytest stopped on one
                       (``INTERNALERROR``, exit 3: pytest-cov writing ``coverage.xml``);
                       a read-only copy of a git-ignored file of the checkout is named
``unreadable``         a test command fixloop cannot read counts from (not pytest or unittest),
                       or a unittest suite with a ``load_tests`` module (pytest ignores it)
``no_tests``           the suite collected no test
=====================  ===================================================================
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Sequence
from pathlib import Path

from fixloop.doctor_project import declarations, declared_dependencies, own_packages
from fixloop.doctor_warnings import pytest_too_new_problem, pytest_warning_problem
from fixloop.doctor_writes import permission_problem
from fixloop.testrun.command import module_command
from fixloop.testrun.unittestcmd import UnittestCommand, is_unittest, unittest_to_pytest
from fixloop.types import EnvironmentProblem, Outcome, TestReport

__all__ = [
    "EnvironmentProblem",
    "command_problem",
    "declared_dependencies",
    "diagnose",
    "own_packages",
]

#: pytest options that only a plugin adds, and the plugin's distribution name.
PLUGIN_OPTIONS: dict[str, str] = {
    "--cov": "pytest-cov",
    "--no-cov": "pytest-cov",
    "--numprocesses": "pytest-xdist",
    "--dist": "pytest-xdist",
    "-n": "pytest-xdist",
    "--timeout": "pytest-timeout",
    "--reruns": "pytest-rerunfailures",
    "--benchmark": "pytest-benchmark",
    "--html": "pytest-html",
    "--self-contained-html": "pytest-html",
    "--randomly": "pytest-randomly",
    "-p randomly": "pytest-randomly",
    "--asyncio-mode": "pytest-asyncio",
    "--ds": "pytest-django",
    "--django": "pytest-django",
    "--mypy": "pytest-mypy",
    "--flake8": "pytest-flake8",
    "--black": "pytest-black",
    "--hypothesis": "hypothesis",
    "--snapshot-update": "syrupy",
    "--env": "pytest-env",
    "--mpl": "pytest-mpl",
    "--doctest-plus": "pytest-doctestplus",
    "--flakes": "pytest-flakes",
    "--isort": "pytest-isort",
    "--instafail": "pytest-instafail",
    "--sugar": "pytest-sugar",
    "--junit-xml": "",  # pytest's own; listed so a typo is not blamed on a plugin
}

_ASYNC = re.compile(
    r"async def functions are not natively supported|PytestUnhandledCoroutineWarning"
)
_NO_MODULE = re.compile(r"No module named '([A-Za-z_][\w.]*)'")
_USAGE = re.compile(r"^[^\n:]*: error: ([^\n]+)$", re.M)
_EXECVP = re.compile(r"execvp (\S+): No such file or directory|^(\S+): command not found", re.M)
_LOG_HEAD = 256 * 1024
_PLAIN = re.compile(r"(?:ran|running) fixloop's plain runner")


def _q(argv: Sequence[str]) -> str:
    import shlex

    return " ".join(shlex.quote(a) for a in argv)


def command_problem(
    test_cmd: Sequence[str], python: str, *, host_path: bool = True
) -> EnvironmentProblem | None:
    """The test command's program is missing (checked before anything runs).

    Args:
        test_cmd: the test command as argv (a leading ``python`` means ``python``, the project's
            interpreter).
        python: the project's interpreter (absolute, or a name on the ``PATH``).
        host_path: False when the tests run in a container whose programs the host cannot see
            (then nothing is checked).

    Returns:
        an :class:`EnvironmentProblem` of kind ``command_not_found``, or None.
    """
    if not test_cmd or not host_path:
        return None
    prog = test_cmd[0]
    if prog in ("python", "python3"):
        prog = python
    found = (
        (os.path.isfile(prog) and os.access(prog, os.X_OK)) if "/" in prog else shutil.which(prog)
    )
    if found:
        return None
    return EnvironmentProblem(
        kind="command_not_found",
        cause=f"the test command's program {prog!r} was not found (test command: {_q(test_cmd)})",
        fix=f"install {os.path.basename(prog)!r} where the tests run, or set test_cmd (for "
        'example test_cmd = "python -m pytest") in fixloop.toml or the user config',
    )


def diagnose(
    report: TestReport,
    *,
    root: Path,
    python: str,
    test_cmd: Sequence[str],
    source: Path | None = None,
    reads_counts: bool = True,
    top: Path | None = None,
    repo: Path | None = None,
) -> EnvironmentProblem | None:
    """Name the environment problem in a baseline report, or None when the model has work.

    Args:
        report: the baseline's report (the whole suite, pristine).
        root: the run's tree (the worktree the tests ran in).
        python: the interpreter that ran the tests (named in the fix).
        test_cmd: the test command as argv (named in the cause).
        source: the user's folder (where ignored files that the run's tree lacks may be);
            None when it is the same as ``root``.
        reads_counts: False when the test command is neither pytest nor unittest, so fixloop
            cannot count its tests.
        top: the run tree's top when PATH named a folder inside it, else None (a no-tests fix
            then names a test file outside that folder).
        repo: the user's repository top, named in that fix.

    Returns:
        the first problem found, in the order of the module docstring, or None.
    """
    text = _texts(report)
    cmd = _q(test_cmd)
    py = python
    checks = (
        _command_missing(report, text, cmd, test_cmd),
        _usage(report, text, cmd, py),
        _unittest_without_pytest(text, cmd, module_command(test_cmd), py),
        _load_tests(root, cmd, module_command(test_cmd)),
        _missing_module(report, text, root, source or root, py),
        _submodule(report, text, root),
        _async(report, text, py),
        pytest_too_new_problem(report, text, py),
        pytest_warning_problem(report, text, root, test_cmd),
        permission_problem(report, text, root, source or root),
    )
    for found in checks:
        if found is not None:
            return found
    if not reads_counts:
        return EnvironmentProblem(
            kind="unreadable",
            cause=f"the test command `{cmd}` is neither pytest nor `python -m unittest`: fixloop "
            "cannot count its tests, so no fix could ever be verified",
            fix='set test_cmd to a pytest command (test_cmd = "python -m pytest ...") or a '
            "`python -m unittest ...` command",
        )
    if report.collected == 0 and report.outcome in (Outcome.NO_TESTS_COLLECTED, Outcome.PASSED):
        fix = "point the test command at the tests (test_cmd in fixloop.toml) or check "
        fix += "testpaths / python_files in the pytest configuration"
        if top is not None and (outside := test_file_outside(root, top)) is not None:
            fix = (
                f"the path you gave is the folder {root.relative_to(top).as_posix()} of the "
                "repository, and fixloop runs the tests of that folder only, while test files "
                f"such as {outside} are outside it: run fixloop on the repository "
                f"({repo or top}), or {fix}"
            )
        return EnvironmentProblem(
            kind="no_tests",
            cause=f"the test command `{cmd}` collected no tests, so there is nothing to verify a "
            "fix against",
            fix=fix,
        )
    return None


_NOT_SEARCHED = {".git", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".nox"}


def test_file_outside(root: Path, top: Path, *, limit: int = 20_000) -> str | None:
    """A test file (pytest's default ``test_*.py``/``*_test.py``) of ``top`` outside ``root``.

    Returns its path relative to ``top`` (POSIX), or None. Walks at most ``limit`` entries in
    sorted order, skipping ``root`` and version-control, virtual-environment and cache folders;
    never raises (an unreadable folder is skipped).
    """
    seen = 0
    for here, dirs, files in os.walk(top, onerror=lambda _e: None):
        dirs[:] = sorted(d for d in dirs if d not in _NOT_SEARCHED and Path(here, d) != root)
        seen += len(dirs) + len(files)
        for name in sorted(files):
            if name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py")):
                return Path(here, name).relative_to(top).as_posix()
        if seen > limit:
            return None
    return None


# --------------------------------------------------------------------------------------------


def _texts(report: TestReport) -> str:
    """The report's output, notice, errors and reasons, plus the head of the full log."""
    parts = [report.notice, report.output, *report.collection_errors]
    parts += [f"{f.id}: {f.reason}" for f in report.failing]
    if report.log_path:
        try:
            with open(report.log_path, encoding="utf-8", errors="replace") as fh:
                parts.append(fh.read(_LOG_HEAD))
        except OSError:
            pass
    return "\n".join(p for p in parts if p)


def _command_missing(
    report: TestReport, text: str, cmd: str, argv: Sequence[str]
) -> EnvironmentProblem | None:
    m = _EXECVP.search(text)
    if m and report.collected == 0:
        prog = m.group(1) or m.group(2)
        return EnvironmentProblem(
            kind="command_not_found",
            cause=f"the test command's program {prog!r} was not found in the sandbox "
            f"(test command: {cmd})",
            fix=f"install {os.path.basename(prog)!r} in the project's environment, or set test_cmd",
        )
    if len(argv) >= 3 and argv[1] == "-m" and argv[2] not in ("pytest", "unittest"):
        mod = argv[2]
        if report.collected == 0 and re.search(rf"No module named {re.escape(mod)}\b", text):
            return EnvironmentProblem(
                kind="command_not_found",
                cause=f"the test command `{cmd}` failed: the interpreter has no module {mod!r}",
                fix=f"install {mod!r} in the project's interpreter, or set test_cmd",
            )
    return None


def _unittest_without_pytest(
    text: str, cmd: str, argv: Sequence[str], py: str
) -> EnvironmentProblem | None:
    # fixloop counts a unittest suite through pytest's unittest support; without pytest the
    # plain runner ran instead, which neither finds TestCase classes by unittest's rules nor
    # calls setUp, so its tally says nothing about the suite
    if not is_unittest(argv) or not _PLAIN.search(text):
        return None
    return EnvironmentProblem(
        kind="missing_module",
        cause=f"the test command `{cmd}` runs through pytest's unittest support (so that each "
        f"test is counted), and pytest is not installed in {py}",
        fix=f"install pytest in that interpreter ({py} -m pip install pytest; the tests stay "
        "unittest tests), or set `python` to an interpreter that has it",
    )


_LOAD_TESTS = re.compile(rb"^def load_tests\(", re.M)


def _load_tests(root: Path, cmd: str, argv: Sequence[str]) -> EnvironmentProblem | None:
    # pytest's unittest support ignores the load_tests protocol: the tests such a module makes
    # would never run (idna 3.10: tests/test_idna_uts46.py makes ~6,200 of its 6,256 tests)
    try:
        opts, paths = unittest_to_pytest(argv[3:]) if is_unittest(argv) else ([], [])
    except UnittestCommand:
        return None
    pattern = next((o[13:] for o in opts if o.startswith("python_files=")), "")
    for top in (root / t.split("::")[0] for t in (paths if pattern else [])):
        files = [top] if top.is_file() else sorted(top.rglob(pattern)) if top.is_dir() else []
        for f in files[:2000]:
            rel = f.relative_to(root).as_posix()
            if re.search(r"(^|/)(\.|venv/|node_modules/)", rel) or not f.is_file():
                continue
            try:
                hit = _LOAD_TESTS.search(f.read_bytes()[:1_000_000])
            except OSError:
                continue
            if hit:
                return EnvironmentProblem(
                    kind="unreadable",
                    cause=f"{rel} defines load_tests, and `{cmd}` runs through pytest's unittest "
                    "support, which ignores that protocol: the tests it makes would never run, "
                    "so a change that breaks them could be verified",
                    fix="make them plain TestCase methods, or, accepting that they go unchecked, "
                    f'set test_cmd = "python -m pytest --ignore={rel}"',
                )
    return None


def _usage(report: TestReport, text: str, cmd: str, py: str) -> EnvironmentProblem | None:
    if report.outcome != Outcome.USAGE_ERROR or report.target:
        return None
    if "ImportError while loading conftest" in text:
        return None  # a conftest that cannot import: missing_module decides, else the model's
    m = _USAGE.search(text)
    line = m.group(0).strip() if m else _first_error_line(text)
    if not line:
        line = report.notice or "pytest exit 4 (usage error)"
    if line.startswith("pytest.main(): "):
        line = "pytest: " + line[len("pytest.main(): ") :]
    plugins = _plugins_for(line)
    if plugins:
        fix = (
            f"install {' and '.join(plugins)} in the interpreter that runs the tests ({py} -m pip "
            f"install {' '.join(plugins)}; usually the project's .venv), or set `python` to one "
            "that has it"
        )
    elif "unrecognized arguments" in line:
        fix = (
            "remove the option from the test command / addopts, or install the pytest plugin "
            f"that adds it in {py}"
        )
    else:
        fix = f"correct the test command (`{cmd}`) or the pytest configuration it reads"
    return EnvironmentProblem(kind="usage_error", cause=line, fix=fix)


def _first_error_line(text: str) -> str:
    for ln in text.splitlines():
        s = ln.strip()
        if s.startswith("ERROR:") and "usage:" not in s:
            return s
    return ""


def _plugins_for(line: str) -> list[str]:
    if "unrecognized arguments" not in line:
        return []
    found: list[str] = []
    for word in line.split("unrecognized arguments:", 1)[1].split():
        opt = word.split("=", 1)[0]
        for key, plugin in PLUGIN_OPTIONS.items():
            if plugin and (opt == key or (key.startswith("--") and opt.startswith(key + "-"))):
                if plugin not in found:
                    found.append(plugin)
    return found


def _missing_module(
    report: TestReport, text: str, root: Path, source: Path, py: str
) -> EnvironmentProblem | None:
    if report.ok:
        return None
    names = list(dict.fromkeys(_NO_MODULE.findall(text)))
    if not names:
        return None
    own = own_packages(root)
    declared = declarations(root)
    for full in names:
        top = full.split(".")[0]
        if top in own:
            if full != top:
                rel = Path(*full.split("."))
                for base in ("", "src"):
                    for cand in (rel.with_suffix(".py"), rel / "__init__.py"):
                        if (source / base / cand).is_file() and not (root / base / cand).exists():
                            path = (Path(base) / cand).as_posix()
                            return EnvironmentProblem(
                                kind="missing_module",
                                cause=f"{path} is in your checkout but not in git (ignored), so "
                                f"the run's copy cannot import {full!r}",
                                fix=f"commit {path}, or make the build generate it; fixloop "
                                "works from the HEAD commit",
                            )
                continue  # a module of the project that exists nowhere: the code's own bug
            if _imports_in_process(report, full):
                continue
            return EnvironmentProblem(
                kind="missing_module",
                cause=f"the project's own package {top!r} cannot be imported by {py} "
                "(No module named " + repr(full) + ")",
                fix=f"install the project into that interpreter ({py} -m pip install -e .), "
                "or set `python` (fixloop.toml or the user config) to the project's virtualenv",
            )
        if top in declared:
            where, install = declared[top]
            return EnvironmentProblem(
                kind="missing_module",
                cause=f"{top!r}, a dependency the project declares in {where}, is not "
                f"installed in {py} (No module named {full!r})",
                fix=f"install it in that interpreter ({py} -m pip install {install}), or set "
                "`python` to the project's virtualenv",
            )
    return None


def _imports_in_process(report: TestReport, name: str) -> bool:
    """The test process imports the project's package: only a child process could not.

    The run puts the tree's package roots first on the test process's ``sys.path``, so when
    tests passed and no collection error names the package, ``No module named 'pkg'`` came
    from a process a test started (babel 2.17.0's ``python setup.py init_catalog`` in a
    temporary folder imports babel through the user's editable install, whose path the
    sandbox does not show the baseline): a failing test, not a suite that cannot start.
    """
    needle = f"No module named {name!r}"
    return report.passed > 0 and not any(needle in e for e in report.collection_errors)


def _submodule(report: TestReport, text: str, root: Path) -> EnvironmentProblem | None:
    if report.ok or not (root / ".gitmodules").is_file():
        return None
    try:
        body = (root / ".gitmodules").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for path in re.findall(r"^\s*path\s*=\s*(.+?)\s*$", body, re.M):
        folder = root / path
        empty = not folder.is_dir() or not any(folder.iterdir())
        if not empty:
            continue
        name = Path(path).name
        if path in text or re.search(rf"\b{re.escape(name)}\b", text):
            return EnvironmentProblem(
                kind="submodule",
                cause=f"the git submodule {path!r} is empty in the run's tree, and the tests "
                "need it",
                fix="check it out in your checkout (`git submodule update --init`), so fixloop "
                "can take it from your local clone",
            )
    return None


def _async(report: TestReport, text: str, py: str) -> EnvironmentProblem | None:
    if not _ASYNC.search(text):
        return None
    ids = [f.id for f in report.failing if _ASYNC.search(f.reason or "")]
    where = f" ({', '.join(ids[:3])}{' ...' if len(ids) > 3 else ''})" if ids else ""
    return EnvironmentProblem(
        kind="async_plugin",
        cause=f"async tests cannot run: pytest says 'async def functions are not natively "
        f"supported', no async plugin is installed in {py}{where}",
        fix=f"install the project's async test plugin in that interpreter ({py} -m pip install "
        "pytest-asyncio, or anyio / pytest-trio as the project uses), or set `python` to the "
        "project's virtualenv",
    )
