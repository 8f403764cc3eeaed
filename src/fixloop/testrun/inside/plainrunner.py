"""A plain test runner for interpreters without pytest, run inside the sandbox.

It collects ``test_*`` functions (and ``test_*`` methods of ``Test*`` classes without an
``__init__``) from ``test_*.py`` / ``*_test.py`` files, runs them, and reports the way pytest
does, so that the test runner reads both the same way: pytest-like output (``E   `` lines,
``ERROR collecting`` sections, a "short test summary info" section), a JUnit XML file in
pytest's xunit1 shape, progress lines (see ``pytest_plugin``), and pytest's exit codes
(0 passed, 1 failed, 2 collection error or interrupted, 4 usage error, 5 no tests collected).

Tests that take arguments (pytest fixtures) are reported as errors. Modules are imported the
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
from xml.etree import ElementTree as ET

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
    """Traceback in pytest's short style: ``path:line: in func`` + source, then ``E`` lines."""
    lines: list[str] = []
    frames = traceback.extract_tb(exc.__traceback__)[skip_first:]
    for i, fr in enumerate(frames):
        lines.append(f"{_rel(root, fr.filename)}:{fr.lineno}: in {fr.name}")
        if fr.line:
            mark = ">" if i == len(frames) - 1 else " "
            lines.append(f"{mark}   {fr.line}")
    for chunk in traceback.format_exception_only(type(exc), exc):
        for ln in chunk.rstrip("\n").splitlines():
            lines.append("E   " + ln)
    return lines


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


def main(cfg: dict) -> int:
    """Collect and run the tests named by ``cfg`` and report them; returns pytest's exit code.

    ``cfg`` keys: ``root`` (str), ``target`` ("" or a path or ``path::name[::name]``),
    ``junit`` (path of the XML to write), ``progress`` (path of the JSON-lines file or None).
    """
    progress = _Progress(cfg.get("progress"))
    try:
        return _main(cfg, progress)
    finally:
        progress.close()


def _main(cfg: dict, progress: _Progress) -> int:
    root = cfg["root"]
    target = cfg.get("target") or ""
    out = sys.stdout
    start = time.monotonic()
    path_part, _, rest = target.partition("::")
    selectors = [s for s in rest.split("::") if s] if rest else []
    if path_part:
        tpath = os.path.normpath(os.path.join(root, path_part))
        if os.path.isdir(tpath):
            files = _walk(tpath)
        elif os.path.isfile(tpath):
            files = [tpath]
        else:
            print(f"ERROR: file or directory not found: {target}", file=out)
            return 4
    else:
        files = _walk(root)

    collect_errors: list[tuple[str, str, list[str]]] = []  # (rel, modname, tb lines)
    tests: list[tuple[str, str, str, int, object]] = []  # (nodeid, classname, name, line, fn)
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
            collect_errors.append((rel, modname, _format_tb(root, e, skip_first=1)))
            progress.write({"e": "collect_error", "id": rel})
            continue
        for name, obj in list(vars(mod).items()):
            if inspect.isfunction(obj) and name.startswith("test"):
                if obj.__module__ != mod.__name__:
                    continue
                line = obj.__code__.co_firstlineno
                tests.append((f"{rel}::{name}", modname, name, line, obj))
            elif inspect.isclass(obj) and name.startswith("Test") and obj.__module__ == modname:
                if "__init__" in vars(obj):
                    continue
                for mname, meth in vars(obj).items():
                    if mname.startswith("test") and inspect.isfunction(meth):
                        line = meth.__code__.co_firstlineno
                        tests.append(
                            (
                                f"{rel}::{name}::{mname}",
                                f"{modname}.{name}",
                                mname,
                                line,
                                (obj, mname),
                            )
                        )
    if selectors:
        want = "::".join(selectors)
        tests = [
            t
            for t in tests
            if t[0].split("::", 1)[1] == want or t[0].split("::", 1)[1].startswith(want + "::")
        ]
        if not tests and not collect_errors:
            print(f"ERROR: not found: {target}", file=out)
            return 4

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
    counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
    progress_chars = []
    for nodeid, classname, name, line, fn in tests:
        progress.write({"e": "start", "id": nodeid})
        tc = ET.Element("testcase", classname=classname, name=name, file=nodeid.split("::")[0])
        tc.set("line", str(max(0, line - 1)))
        buf = io.StringIO()
        kind = "passed"
        message = ""
        tb: list[str] = []
        t0 = time.monotonic()
        try:
            if isinstance(fn, tuple):
                cls, mname = fn
                inst = cls()
                call = getattr(inst, mname)
            else:
                call = fn
            params = [
                p
                for p in inspect.signature(call).parameters.values()
                if p.default is inspect.Parameter.empty
                and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
            ]
            if params:
                kind = "error"
                message = (
                    f"fixture {params[0].name!r} not supported by the plain runner "
                    "(pytest is not installed)"
                )
                tb = [f"E   {message}"]
            else:
                with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
                    call()
        except unittest.SkipTest as e:
            kind = "skipped"
            message = str(e)
        except KeyboardInterrupt:
            print("\n!!! Interrupted !!!", file=out)
            return 2
        except BaseException as e:  # noqa: BLE001 - a failing test
            kind = "failed"
            message = _exc_message(e)
            tb = _format_tb(root, e, skip_first=1)
        tc.set("time", f"{time.monotonic() - t0:.3f}")
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
