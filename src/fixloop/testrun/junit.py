"""Reading a test run's results back: pytest's JUnit XML and the progress lines.

The JUnit XML is read with the standard library's :mod:`xml.etree.ElementTree` (expat). The file
is written inside the sandbox by code under test, so it is untrusted: it is size-capped
(:data:`MAX_JUNIT_BYTES`) before parsing; expat 2.4.1 and newer (CPython 3.11 bundles it) refuses
the entity-expansion attacks ("billion laughs", quadratic blowup), and ElementTree never fetches
external entities (https://docs.python.org/3/library/xml.html#xml-vulnerabilities), so no extra
dependency (defusedxml) is needed for this one reader.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

from fixloop.testrun.resultfile import read_result_file

__all__ = [
    "MAX_JUNIT_BYTES",
    "Case",
    "JunitReport",
    "cases_from_progress",
    "parse_progress",
    "read_junit",
    "read_progress",
    "running_test",
]

#: Largest JUnit XML file read back, in bytes (a bigger one is reported as an internal error).
MAX_JUNIT_BYTES = 64 * 1024 * 1024


@dataclass
class Case:
    """One test case as the report names it.

    Attributes:
        id: the node id (``path::Class::name``), or the file for a collection error.
        kind: "passed" | "failed" | "error" | "skipped" | "collect_error".
        message: the failure's one-line message.
        text: the failure's traceback text.
        file: the test file's relative path ("" when the report names none).
        seconds: the test's duration as the report gives it (JUnit ``time``; 0.0 when absent).
    """

    id: str
    kind: str
    message: str = ""
    text: str = ""
    file: str = ""
    seconds: float = 0.0


@dataclass
class JunitReport:
    """The cases of one JUnit XML file, in file order."""

    cases: list[Case] = field(default_factory=list)


def _node_id(tc: ET.Element) -> str:
    file = tc.get("file") or ""
    classname = tc.get("classname") or ""
    name = tc.get("name") or ""
    if not file:
        return f"{classname}::{name}" if classname else name
    module = file[:-3].replace("/", ".") if file.endswith(".py") else file.replace("/", ".")
    rest = classname[len(module) :].lstrip(".") if classname.startswith(module) else ""
    parts = [file, *(p for p in rest.split(".") if p), name]
    return "::".join(parts)


def read_junit(path: Path) -> JunitReport | None:
    """Parse a JUnit XML file (pytest's xunit1 or xunit2 shape).

    Returns:
        The cases, or None when the file is absent, not a regular file (a FIFO, a symlink),
        unreadable, malformed or bigger than :data:`MAX_JUNIT_BYTES`
        (:func:`fixloop.testrun.resultfile.read_result_file`).
    """
    data = read_result_file(path, cap=MAX_JUNIT_BYTES)
    if data is None:
        return None
    try:
        root = ET.fromstring(data)
    except ET.ParseError:
        return None
    out = JunitReport()
    for tc in root.iter("testcase"):
        failure = tc.find("failure")
        error = tc.find("error")
        skipped = tc.find("skipped")
        if failure is not None:
            kind, el = "failed", failure
        elif error is not None:
            kind, el = "error", error
            if (error.get("message") or "") == "collection failure" or not tc.get("classname"):
                kind = "collect_error"
        elif skipped is not None:
            kind, el = "skipped", skipped
        else:
            kind, el = "passed", None
        if kind == "collect_error" and el is not None:
            file = tc.get("file") or (tc.get("name") or "").replace(".", "/") + ".py"
            out.cases.append(
                Case(
                    id=file,
                    kind=kind,
                    message=el.get("message") or "",
                    text=el.text or "",
                    file=file,
                )
            )
            continue
        out.cases.append(
            Case(
                id=_node_id(tc),
                kind=kind,
                message=(el.get("message") or "") if el is not None else "",
                text=(el.text or "") if el is not None else "",
                file=tc.get("file") or "",
                seconds=_seconds(tc.get("time")),
            )
        )
    return out


def _seconds(value: str | None) -> float:
    try:
        out = float(value or 0.0)
    except ValueError:
        return 0.0
    return out if out >= 0 and out == out else 0.0


def read_progress(path: Path) -> list[dict]:
    """The progress lines (see ``fixloop.testrun.inside.pytest_plugin``); [] when absent. Bad lines skipped."""
    return parse_progress(read_result_file(path) or b"")


def parse_progress(data: bytes) -> list[dict]:
    """Progress lines (JSON objects, one a line) from bytes; bad lines skipped."""
    out: list[dict] = []
    for line in data.decode("utf-8", "replace").splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            out.append(obj)
    return out


def cases_from_progress(progress: Sequence[dict]) -> list[Case]:
    """Test results recorded before a run was killed (no JUnit XML then)."""
    by_id: dict[str, Case] = {}
    for p in progress:
        if p.get("e") != "report":
            continue
        tid = str(p.get("id", ""))
        outcome = p.get("outcome")
        if outcome == "failed":
            kind = "failed" if p.get("when") == "call" else "error"
            by_id[tid] = Case(id=tid, kind=kind, message=str(p.get("msg", "")))
        elif tid not in by_id:
            by_id[tid] = Case(id=tid, kind="skipped" if outcome == "skipped" else "passed")
    return list(by_id.values())


def running_test(progress: Sequence[dict]) -> str:
    """The last test that started and did not finish (its call or a failure was not reported)."""
    done: set[str] = set()
    last = ""
    for p in progress:
        if p.get("e") == "start":
            last = str(p.get("id", ""))
        elif p.get("e") == "report" and (
            p.get("when") in ("call", "teardown") or p.get("outcome") != "passed"
        ):
            done.add(str(p.get("id", "")))
    return last if last and last not in done else ""
