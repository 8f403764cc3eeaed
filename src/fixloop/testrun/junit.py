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
    "TREE",
    "Case",
    "JunitReport",
    "cases_from_progress",
    "id_collisions",
    "parse_progress",
    "read_junit",
    "read_progress",
    "running_test",
    "tree_free_id",
    "tree_id_in",
]

#: What a checkout's own path becomes in a test id (:func:`tree_free_id`).
TREE = "<tree>"

_BAD = ("failed", "error")

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
    """The test cases the streamed (or progress-file) records name, one per run of a test.

    Each ``start`` line opens a new instance of its node id (a test collected twice, e.g. a
    path given twice with ``--keep-duplicates``, runs twice under one id, and each run counts);
    a ``report`` line belongs to the latest instance of its id (instance 0 when no ``start``
    came first: a skipped collector, a log cut short). Within an instance a failure is sticky
    (a later "passed" line, forged or not, never undoes it) and a failure of the call phase is
    ``failed``, of setup or teardown ``error``; a skip outranks a pass.

    Returns:
        the cases in the order their instances first appeared; ids are pytest's node ids.
    """
    runs: dict[str, int] = {}
    by_key: dict[tuple[str, int], Case] = {}
    for p in progress:
        tid = str(p.get("id", ""))
        if p.get("e") == "start":
            runs[tid] = runs.get(tid, 0) + 1
            continue
        if p.get("e") != "report":
            continue
        key = (tid, runs.get(tid, 0))
        outcome = p.get("outcome")
        old = by_key.get(key)
        if outcome == "failed":
            kind = "failed" if p.get("when") == "call" else "error"
            if old is None or old.kind not in _BAD:
                by_key[key] = Case(id=tid, kind=kind, message=str(p.get("msg", "")))
        elif old is None:
            by_key[key] = Case(id=tid, kind="skipped" if outcome == "skipped" else "passed")
        elif outcome == "skipped" and old.kind == "passed":
            old.kind = "skipped"
    return list(by_key.values())


def tree_free_id(node_id: str, roots: Sequence[str]) -> str:
    """``node_id`` with each of ``roots`` (a checkout's absolute paths) replaced by ``<tree>``.

    The baseline and the gate run the same tests in different folders, so an id that holds the
    folder (a test outside pytest's rootdir, a doctest named by ``--import-mode=importlib``
    after its absolute path, ``tmp.gate-1-x.tree.pkg.mod.f``) would differ between them. Both
    spellings are replaced: the path (``/tmp/x/tree``) and its dotted module form
    (``tmp.x.tree``). :data:`TREE` goes back to a run's own folder when such an id is a target.
    """
    out = node_id
    for root in roots:
        root = root.rstrip("/")
        if len(root) < 2:
            continue
        out = out.replace(root + "/", TREE + "/").replace(root + "::", TREE + "::")
        dotted = ".".join(p for p in root.split("/") if p)
        if dotted:
            out = out.replace(dotted + ".", TREE + ".")
    return out


def tree_id_in(node_id: str, root: str) -> str:
    """``node_id`` with ``<tree>`` (:func:`tree_free_id`) back to the folder ``root`` of a run.

    A test id read in one checkout names the same test in another: the gate's repeats of the
    baseline's failing tests pass them as targets through this.
    """
    if TREE not in node_id:
        return node_id
    root = root.rstrip("/")
    dotted = ".".join(p for p in root.split("/") if p)
    return node_id.replace(TREE + ".", dotted + ".").replace(TREE, root)


def id_collisions(cases: Sequence[Case]) -> list[str]:
    """The ids that name more than one test case (collection errors left out), in order."""
    seen: dict[str, int] = {}
    for c in cases:
        if c.kind != "collect_error":
            seen[c.id] = seen.get(c.id, 0) + 1
    return [i for i, n in seen.items() if n > 1]


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
