"""A plain test runner for interpreters without pytest, run inside the sandbox.

It collects what pytest collects from ``test_*.py`` / ``*_test.py`` files without plugins:
``test*`` functions, ``test*`` methods (inherited ones too) of ``Test*`` classes without an
``__init__``, and the tests of every ``unittest.TestCase`` subclass whatever its name (through
unittest's own loader and ``TestCase.run``, so ``setUp``/``tearDown``, ``setUpClass``,
``setUpModule``, cleanups, ``subTest``, skips and expected failures behave as under pytest);
classes and functions with ``__test__ = False`` are left out. pytest's xunit-style set-up hooks
run around them (``setup_module``/``teardown_module``, ``setup_function``/``teardown_function``,
``setup_class``/``teardown_class``, ``setup_method``/``teardown_method``; an error in a set-up
makes each test it covers an error, as in pytest). It runs them and reports the way pytest
does, so that the test runner reads both the same way: pytest-like output (``E   `` lines,
``ERROR collecting`` sections, a "short test summary info" section), a JUnit XML file in
pytest's xunit1 shape, progress lines (see ``pytest_plugin``), and pytest's exit codes
(0 passed, 1 failed, 2 collection error or interrupted, 4 usage error, 5 no tests collected).

Tests that take arguments (pytest fixtures) are reported as errors. Source of the collection
and set-up rules: pytest's ``python.py`` (``PyCollector.collect``, ``_get_first_non_fixture_func``)
and ``unittest.py`` (``UnitTestCase.collect`` uses ``TestLoader.getTestCaseNames``). Modules are imported the
way pytest's default "prepend" import mode does: the first folder above the file without an
``__init__.py`` goes first on ``sys.path``. Stdlib only; the test runner passes this module's
source to the sandboxed interpreter.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import io
import json
import os
import sys
import time
import traceback
import unittest
from typing import TYPE_CHECKING, Any
from xml.etree import ElementTree as ET

_UNITTEST_DIR = os.path.dirname(unittest.__file__) + os.sep
_SKIP_DIRS = {"__pycache__", "node_modules", "venv", "build", "dist", "site-packages"}


def _is_test_file(name: str) -> bool:
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


def _walk(top: str) -> list[str]:
    found = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not d.startswith(".") and d not in _SKIP_DIRS and not d.endswith(".egg-info")
        )
        found += [os.path.join(dirpath, f) for f in sorted(filenames) if _is_test_file(f)]
    return found


def _module_name(path: str) -> tuple[str, str]:
    """(basedir, dotted module name) as pytest's prepend import mode computes them."""
    parts = [os.path.splitext(os.path.basename(path))[0]]
    d = os.path.dirname(path)
    while os.path.isfile(os.path.join(d, "__init__.py")):
        parts.insert(0, os.path.basename(d))
        d = os.path.dirname(d)
    return d, ".".join(parts)


def _rel(root: str, path: str) -> str:
    try:
        rel = os.path.relpath(path, root)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel.replace(os.sep, "/")


def _format_tb(root: str, exc: BaseException, *, skip_first: int = 0) -> list[str]:
    """Traceback in pytest's short style: ``path:line: in func`` + source, then ``E`` lines.

    Frames of this runner and of the ``unittest`` package are left out (pytest hides its own
    and unittest's frames the same way); ``skip_first`` drops that many leading frames more.
    """
    lines: list[str] = []
    frames = [
        fr
        for fr in traceback.extract_tb(exc.__traceback__)[skip_first:]
        if fr.filename != _ME and not fr.filename.startswith(_UNITTEST_DIR)
    ]
    for i, fr in enumerate(frames):
        lines.append(f"{_rel(root, fr.filename)}:{fr.lineno}: in {fr.name}")
        if fr.line:
            mark = ">" if i == len(frames) - 1 else " "
            lines.append(f"{mark}   {fr.line}")
    for chunk in traceback.format_exception_only(type(exc), exc):
        for ln in chunk.rstrip("\n").splitlines():
            lines.append("E   " + ln)
    return lines


_ME = _format_tb.__code__.co_filename


def _exc_message(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    name = type(exc).__name__
    return f"{name}: {text[0]}" if text else name


class _Progress:
    def __init__(self, path: str | None) -> None:
        self.fh = open(path, "a", buffering=1, encoding="utf-8") if path else None  # noqa: SIM115

    def write(self, obj: dict) -> None:
        if self.fh is not None:
            self.fh.write(json.dumps(obj) + "\n")

    def close(self) -> None:
        """Close the file (an unclosed one is a ResourceWarning at exit under ``-W error``)."""
        if self.fh is not None:
            self.fh.close()
            self.fh = None


def _bar(title: str, ch: str = "_") -> str:
    title = f" {title} "
    left = max(3, (80 - len(title)) // 2)
    right = max(3, 80 - len(title) - left)
    return ch * left + title + ch * right


class _Test:
    """One collected test.

    ``nodeid`` is pytest's (``rel::name`` or ``rel::Class::name``), ``classname``/``name`` are
    JUnit's, ``line`` is 1-based; ``module`` is the test module and ``cls`` the class (or
    None); ``kind`` is ``"function"``, ``"method"`` (a plain class) or ``"unittest"``
    (a ``TestCase`` subclass, run by ``TestCase.run``).
    """

    __slots__ = ("nodeid", "classname", "name", "line", "module", "cls", "kind")

    def __init__(
        self, nodeid: str, classname: str, name: str, line: int, module: Any, cls: Any, kind: str
    ) -> None:
        self.nodeid, self.classname, self.name, self.line = nodeid, classname, name, line
        self.module, self.cls, self.kind = module, cls, kind


def _first_line(obj: Any) -> int:
    code = getattr(inspect.unwrap(obj), "__code__", None)
    return code.co_firstlineno if code is not None else 0


def _is_test_obj(obj: Any) -> bool:
    return getattr(obj, "__test__", True) is not False


def _class_methods(cls: type) -> list[tuple[str, Any]]:
    """``test*`` functions of ``cls`` and its bases, first definition of a name wins."""
    seen: dict[str, Any] = {}
    for klass in cls.__mro__:
        if klass is object:
            continue
        for mname, meth in vars(klass).items():
            if mname.startswith("test") and mname not in seen:
                seen[mname] = meth
    return [(m, f) for m, f in seen.items() if inspect.isfunction(f) and _is_test_obj(f)]


def _collect_module(mod: Any, rel: str, modname: str) -> list[_Test]:
    """The tests of one imported module, in the module's order (see the module docstring)."""
    found: list[_Test] = []
    dotted = rel[:-3].replace("/", ".")  # pytest's JUnit classname: the node id's path, dotted
    for name, obj in list(vars(mod).items()):
        if inspect.isfunction(obj) and name.startswith("test"):
            if obj.__module__ != mod.__name__ or not _is_test_obj(obj):
                continue
            found.append(
                _Test(f"{rel}::{name}", dotted, name, _first_line(obj), mod, None, "function")
            )
        elif inspect.isclass(obj) and issubclass(obj, unittest.TestCase):
            if not _is_test_obj(obj):
                continue
            for mname in unittest.TestLoader().getTestCaseNames(obj):
                line = _first_line(getattr(obj, mname))
                found.append(
                    _Test(
                        f"{rel}::{name}::{mname}",
                        f"{dotted}.{name}",
                        mname,
                        line,
                        mod,
                        obj,
                        "unittest",
                    )
                )
        elif inspect.isclass(obj) and name.startswith("Test") and obj.__module__ == modname:
            if "__init__" in vars(obj) or not _is_test_obj(obj):
                continue
            for mname, meth in _class_methods(obj):
                found.append(
                    _Test(
                        f"{rel}::{name}::{mname}",
                        f"{dotted}.{name}",
                        mname,
                        _first_line(meth),
                        mod,
                        obj,
                        "method",
                    )
                )
    return found


if TYPE_CHECKING:  # a runtime alias would need typing.Tuple: the project's Python may be 3.8
    _Outcome = tuple[str, str, list[str]]  # (kind, message, traceback lines)


def _xunit(owner: Any, *names: str) -> Any:
    """The first of ``names`` that ``owner`` has, callable (pytest's xunit set-up lookup)."""
    for n in names:
        fn = getattr(owner, n, None)
        if callable(fn):
            return fn
    return None


def _call_xunit(fn: Any, arg: Any) -> None:
    """Call a set-up/tear-down hook with ``arg`` when it takes a parameter, as pytest does."""
    try:
        params = inspect.signature(fn).parameters.values()
        wants = any(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)
    except (TypeError, ValueError):
        wants = False
    fn(arg) if wants else fn()


def _reraise_interrupt(exc: BaseException) -> None:
    if isinstance(exc, KeyboardInterrupt):
        raise exc


def _failed(root: str, exc: BaseException, kind: str = "failed") -> _Outcome:
    if isinstance(exc, unittest.SkipTest):
        return "skipped", str(exc), []
    return kind, _exc_message(exc), _format_tb(root, exc)


class _CaseResult(unittest.TestResult):
    """The outcome of one ``TestCase.run``, in pytest's terms (sub-test failures fail it)."""

    def __init__(self, root: str) -> None:
        super().__init__()
        self.root = root
        self.outcome: _Outcome = ("passed", "", [])

    def _fail(self, err: Any) -> None:
        if self.outcome[0] != "failed":
            self.outcome = _failed(self.root, err[1])

    def addError(self, test: Any, err: Any) -> None:  # noqa: N802 - unittest's API
        self._fail(err)

    def addFailure(self, test: Any, err: Any) -> None:  # noqa: N802
        self._fail(err)

    def addSubTest(self, test: Any, subtest: Any, err: Any) -> None:  # noqa: N802
        if err is not None:
            self._fail(err)

    def addSkip(self, test: Any, reason: str) -> None:  # noqa: N802
        self.outcome = ("skipped", reason, [])

    def addExpectedFailure(self, test: Any, err: Any) -> None:  # noqa: N802
        self.outcome = ("skipped", "expected failure", [])  # pytest's JUnit: xfail = skipped

    def addUnexpectedSuccess(self, test: Any) -> None:  # noqa: N802
        self.outcome = ("failed", "Unexpected success", ["E   Unexpected success"])


class _Scopes:
    """Module and class set-up/tear-down around consecutive tests, as pytest scopes them.

    A failing set-up makes every test of its scope an error (``unittest.SkipTest`` skips
    them); a failing tear-down makes the scope's last test an error unless it already failed.
    """

    def __init__(self) -> None:
        self.module_err: _Outcome | None = None
        self.class_err: _Outcome | None = None

    def run(self, root: str, t: _Test, prev: _Test | None, nxt: _Test | None) -> _Outcome:
        """Run ``t`` (with the set-ups it opens and the tear-downs it closes); its outcome."""
        new_module = prev is None or prev.module is not t.module
        new_class = new_module or prev is None or prev.cls is not t.cls
        end_module = nxt is None or nxt.module is not t.module
        end_class = end_module or nxt is None or nxt.cls is not t.cls
        if new_module:
            self.module_err = self._setup(
                root, _xunit(t.module, "setUpModule", "setup_module"), t.module
            )
        if new_class:
            self.class_err = None
            if t.cls is not None and self.module_err is None:
                names = ("setUpClass",) if t.kind == "unittest" else ("setup_class",)
                self.class_err = self._setup(root, _xunit(t.cls, *names), t.cls)
        outcome = self.module_err or self.class_err or self._body(root, t)
        if end_class and t.cls is not None and self.module_err is None and self.class_err is None:
            if t.kind == "unittest":
                outcome = self._teardown(root, outcome, _xunit(t.cls, "tearDownClass"), None)
                outcome = self._teardown(root, outcome, _xunit(t.cls, "doClassCleanups"), None)
            else:
                outcome = self._teardown(root, outcome, _xunit(t.cls, "teardown_class"), t.cls)
        if end_module and self.module_err is None:
            hook = _xunit(t.module, "tearDownModule", "teardown_module")
            outcome = self._teardown(root, outcome, hook, t.module)
            outcome = self._teardown(root, outcome, _xunit(unittest.case, "doModuleCleanups"), None)
        return outcome

    @staticmethod
    def _setup(root: str, hook: Any, arg: Any) -> _Outcome | None:
        if hook is None:
            return None
        try:
            _call_xunit(hook, arg)
        except BaseException as e:  # noqa: BLE001 - the scope's tests become errors
            _reraise_interrupt(e)
            return _failed(root, e, "error")
        return None

    @staticmethod
    def _teardown(root: str, outcome: _Outcome, hook: Any, arg: Any) -> _Outcome:
        if hook is None:
            return outcome
        try:
            _call_xunit(hook, arg) if arg is not None else hook()
        except BaseException as e:  # noqa: BLE001 - reported on the scope's last test
            _reraise_interrupt(e)
            if outcome[0] != "failed":
                return _failed(root, e, "error")
        return outcome

    @staticmethod
    def _body(root: str, t: _Test) -> _Outcome:
        if t.kind == "unittest":
            result = _CaseResult(root)
            t.cls(t.name).run(result)
            return result.outcome
        inst = t.cls() if t.kind == "method" else None
        call = getattr(inst, t.name) if inst is not None else getattr(t.module, t.name)
        params = [
            p
            for p in inspect.signature(call).parameters.values()
            if p.default is inspect.Parameter.empty
            and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        if params:
            message = (
                f"fixture {params[0].name!r} not supported by the plain runner "
                "(pytest is not installed)"
            )
            return "error", message, [f"E   {message}"]
        owner = inst if inst is not None else t.module
        names = (
            ("setup_method", "teardown_method")
            if inst is not None
            else (
                "setup_function",
                "teardown_function",
            )
        )
        try:
            setup = _xunit(owner, names[0])
            if setup is not None:
                _call_xunit(setup, call)
        except BaseException as e:  # noqa: BLE001
            _reraise_interrupt(e)
            return _failed(root, e, "error")
        try:
            call()
            outcome: _Outcome = ("passed", "", [])
        except BaseException as e:  # noqa: BLE001 - a failing test
            _reraise_interrupt(e)
            outcome = _failed(root, e)
        teardown = _xunit(owner, names[1])
        return _Scopes._teardown(root, outcome, teardown, call) if teardown else outcome


def _selects(want: str, test: _Test) -> bool:
    """Whether ``want`` ("" for a whole file, ``Class`` or ``Class::name``) names ``test``."""
    inner = test.nodeid.split("::", 1)[1]
    return not want or inner == want or inner.startswith(want + "::")


def main(cfg: dict) -> int:
    """Collect and run the tests named by ``cfg`` and report them; returns pytest's exit code.

    ``cfg`` keys: ``root`` (str), ``targets`` (paths and ``path::name[::name]`` ids, each one
    item; none for the whole tree), and, in-process only, ``on_result`` (called with node id,
    kind and message after each test: the second opinion's channel),
    ``junit`` (path of the XML to write), ``progress`` (path of the JSON-lines file or None).
    """
    progress = _Progress(cfg.get("progress"))
    try:
        return _main(cfg, progress)
    finally:
        progress.close()


def _main(cfg: dict, progress: _Progress) -> int:
    root = cfg["root"]
    out = sys.stdout
    start = time.monotonic()
    targets = cfg.get("targets") or []
    selections: list[tuple[str, set[str], str]] = []  # (target, its files, "Class::name" or "")
    files: list[str] = []
    for target in targets or [""]:
        path_part, _, rest = target.partition("::")
        want = "::".join(s for s in rest.split("::") if s)
        tpath = os.path.normpath(os.path.join(root, path_part)) if path_part else root
        if os.path.isdir(tpath):
            found = _walk(tpath)
        elif os.path.isfile(tpath):
            found = [tpath]
        else:
            print(f"ERROR: file or directory not found: {target}", file=out)
            return 4
        selections.append((target, {_rel(root, f) for f in found}, want))
        files += [f for f in found if f not in files]

    collect_errors: list[tuple[str, str, list[str]]] = []  # (rel, modname, tb lines)
    tests: list[_Test] = []
    for f in files:
        rel = _rel(root, f)
        basedir, modname = _module_name(f)
        if basedir not in sys.path:
            sys.path.insert(0, basedir)
        try:
            spec = importlib.util.spec_from_file_location(modname, f)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot import {f}")
            mod = importlib.util.module_from_spec(spec)
            sys.modules[modname] = mod
            spec.loader.exec_module(mod)
        except BaseException as e:  # noqa: BLE001 - reported as a collection error
            if isinstance(e, KeyboardInterrupt):
                raise
            collect_errors.append((rel, modname, _format_tb(root, e)))
            progress.write({"e": "collect_error", "id": rel})
            continue
        tests += _collect_module(mod, rel, modname)
    chosen: list[_Test] = []
    for target, rels, want in selections:
        picked = [t for t in tests if t.nodeid.split("::", 1)[0] in rels and _selects(want, t)]
        if want and not picked and not collect_errors:
            print(f"ERROR: not found: {target}", file=out)
            return 4
        chosen += [t for t in picked if t not in chosen]
    tests = [t for t in tests if t in chosen]  # collection order, each test once

    suite = ET.Element("testsuite", name="fixloop-plain")
    cases: list[ET.Element] = []
    if collect_errors:
        print(_bar("ERRORS", "="), file=out)
        for rel, modname, ctb in collect_errors:
            print(_bar(f"ERROR collecting {rel}"), file=out)
            print("\n".join(ctb), file=out)
            tc = ET.Element("testcase", classname="", name=modname, file=rel)
            ET.SubElement(tc, "error", message="collection failure").text = "\n".join(ctb)
            cases.append(tc)
        print(_bar("short test summary info", "="), file=out)
        for rel, _, _ in collect_errors:
            print(f"ERROR {rel}", file=out)
        n = len(collect_errors)
        print(f"Interrupted: {n} error{'s' if n != 1 else ''} during collection", file=out)
        _write_junit(cfg["junit"], suite, cases)
        return 2
    if not tests:
        print(f"no tests ran in {time.monotonic() - start:.2f}s", file=out)
        _write_junit(cfg["junit"], suite, cases)
        return 5

    failures: list[tuple[str, str, list[str], str, str]] = []  # (kind, id, tb, captured, message)
    scopes = _Scopes()
    on_result = cfg.get("on_result")  # the second opinion's: each outcome as it happens
    counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
    progress_chars = []
    for i, test in enumerate(tests):
        nodeid = test.nodeid
        progress.write({"e": "start", "id": nodeid})
        tc = ET.Element(
            "testcase", classname=test.classname, name=test.name, file=nodeid.split("::")[0]
        )
        tc.set("line", str(max(0, test.line - 1)))
        buf = io.StringIO()
        t0 = time.monotonic()
        prev = tests[i - 1] if i else None
        nxt = tests[i + 1] if i + 1 < len(tests) else None
        try:
            with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
                kind, message, tb = scopes.run(root, test, prev, nxt)
        except KeyboardInterrupt:
            print("\n!!! Interrupted !!!", file=out)
            return 2
        tc.set("time", f"{time.monotonic() - t0:.3f}")
        if on_result is not None:
            on_result(nodeid, kind, message)
        counts[kind] += 1
        progress_chars.append({"passed": ".", "failed": "F", "error": "E", "skipped": "s"}[kind])
        if kind in ("failed", "error"):
            child = ET.SubElement(tc, "failure" if kind == "failed" else "error", message=message)
            child.text = "\n".join(tb)
            failures.append((kind, nodeid, tb, buf.getvalue(), message))
            progress.write(
                {
                    "e": "report",
                    "id": nodeid,
                    "when": "call",
                    "outcome": "failed",
                    "msg": message[:300],
                }
            )
        elif kind == "skipped":
            ET.SubElement(tc, "skipped", message=message)
            progress.write({"e": "report", "id": nodeid, "when": "call", "outcome": "skipped"})
        else:
            progress.write({"e": "report", "id": nodeid, "when": "call", "outcome": "passed"})
        cases.append(tc)
    print("".join(progress_chars), file=out)
    if failures:
        print(_bar("FAILURES", "="), file=out)
        for _kind, nodeid, tb, captured, _msg in failures:
            print(_bar(nodeid.split("::", 1)[1].replace("::", ".")), file=out)
            print("\n".join(tb), file=out)
            if captured:
                print(_bar("Captured stdout call", "-"), file=out)
                print(captured.rstrip("\n"), file=out)
        print(_bar("short test summary info", "="), file=out)
        for kind, nodeid, _tb, _cap, msg in failures:
            label = "FAILED" if kind == "failed" else "ERROR"
            print(f"{label} {nodeid} - {msg}"[:400], file=out)
    parts = [
        f"{counts[k]} {k if k != 'error' else 'errors'}"
        for k in ("failed", "passed", "skipped", "error")
        if counts[k]
    ]
    print(f"{', '.join(parts)} in {time.monotonic() - start:.2f}s", file=out)
    _write_junit(cfg["junit"], suite, cases)
    return 1 if counts["failed"] or counts["error"] else 0


def _write_junit(path: str | None, suite: ET.Element, cases: list[ET.Element]) -> None:
    if not path:
        return
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(sum(1 for c in cases if c.find("failure") is not None)))
    suite.set("errors", str(sum(1 for c in cases if c.find("error") is not None)))
    suite.set("skipped", str(sum(1 for c in cases if c.find("skipped") is not None)))
    suite.extend(cases)
    top = ET.Element("testsuites")
    top.append(suite)
    ET.ElementTree(top).write(path, encoding="utf-8", xml_declaration=True)
