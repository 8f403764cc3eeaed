"""Tests of fixloop.testrun.output: exception types, output scanning, capped output."""

from __future__ import annotations

from fixloop.testrun import (
    assertion_line,
    collection_error_locations,
    compose_output,
    exception_type,
    scan_output,
)
from fixloop.types import FailingTest


def test_exception_type_and_assertion_line():
    text = "def test_x():\n>       assert f() == 2\nE       assert 1 == 2\n\ntests/t.py:3: AssertionError"
    assert exception_type("assert 1 == 2", text) == "AssertionError"
    assert exception_type("ValueError: bad", "") == "ValueError"
    assert exception_type("assert 1 == 2", "") == "AssertionError"
    assert assertion_line(text) == "assert f() == 2"


def test_scan_output_and_collection_locations():
    out = [
        "____ ERROR collecting tests/test_s.py ____",
        "tests/test_s.py:1: in <module>",
        "    from shapes import f",
        'E     File "/repo/shapes.py", line 4',
        "E       def f(x)",
        "E              ^",
        "E   SyntaxError: expected ':'",
        "=========== short test summary info ===========",
        "ERROR tests/test_s.py",
        "!!!! Interrupted: 1 error during collection !!!!",
    ]
    s = scan_output(out)
    assert s.summary == [
        "ERROR tests/test_s.py",
        "!!!! Interrupted: 1 error during collection !!!!",
    ]
    assert "E   SyntaxError: expected ':'" in s.e_lines
    assert collection_error_locations(s.sections, "/repo") == [
        "shapes.py:4: SyntaxError: expected ':' (while collecting tests/test_s.py)"
    ]


def test_compose_output_caps_and_keeps_essentials():
    raw = "start\n" + "".join(f"noise {i} " + "z" * 60 + "\n" for i in range(20000)) + "end\n"
    failing = [FailingTest(id=f"tests/t.py::test_{i}", reason="AssertionError") for i in range(3)]
    scan = scan_output(
        [
            "E       assert 1 == 2",
            "==== short test summary info ====",
            "FAILED tests/t.py::test_0 - assert 1 == 2",
            "1 failed in 0.1s",
        ]
    )
    out = compose_output(
        header=["hdr"],
        raw=raw,
        raw_complete=True,
        total_bytes=len(raw),
        failing=failing,
        scan=scan,
        log_path="/logs/x.log",
        cap=4000,
    )
    assert len(out.encode()) <= 4000
    assert out.startswith("hdr\nstart\n") and "end\n" in out
    assert "output cut" in out and "/logs/x.log" in out
    for i in range(3):
        assert f"tests/t.py::test_{i}" in out
    assert "E       assert 1 == 2" in out and "FAILED tests/t.py::test_0" in out
    small = compose_output(
        header=[],
        raw="ok\n",
        raw_complete=True,
        total_bytes=3,
        failing=[],
        scan=scan_output([]),
        log_path=None,
        cap=4000,
    )
    assert small == "ok\n"
