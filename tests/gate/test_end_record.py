"""Red-team G28: code that runs after the watch's end record (a ``__del__`` at shutdown).

The finalizer of an object in a module global runs while the interpreter tears the modules
down, after every ``atexit`` callback: it stripped the failures out of the JUnit file, wrote a
second end record announcing exit code 0 and left with ``os._exit(0)``. Now the watch ends the
process right after its end record (``auditlate.end_here``), the first end record of the
hooked process stands and any record after it is a finding; a forked child's own end record
(another pid) is not the process's.
"""

from __future__ import annotations

from pathlib import Path

from test_gate_attacks import _gate_verdict

from fixloop.testrun.audit import read_records


def test_records_after_the_end_record_are_a_finding() -> None:
    log = read_records(
        b'{"t": "hello", "pid": 7}\n{"t": "end", "rc": 1, "pid": 7}\n'
        b'{"t": "end", "rc": 0, "pid": 7}\n'
    )
    assert log.end == {"t": "end", "rc": 1, "pid": 7}  # the first one stands
    assert log.after_end == 1
    assert any("after its end record" in p for p in log.problems())


def test_a_forked_childs_end_record_is_not_the_processs() -> None:
    log = read_records(
        b'{"t": "hello", "pid": 7}\n{"t": "end", "rc": 0, "pid": 8}\n'
        b'{"t": "end", "rc": 1, "pid": 7}\n'
    )
    assert log.end == {"t": "end", "rc": 1, "pid": 7}
    assert log.after_end == 0 and log.problems() == []


def test_a_finalizer_at_shutdown_changes_nothing(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "cheat_exit_del_at_shutdown", static=False)
    assert not verdict.verified
    # the finalizer never ran: pytest's own verdict and exit code stand, nothing was forged
    assert "the full suite did not pass" in verdict.reason, verdict.reason
    assert "tests/test_calc.py::test_add" in verdict.report.failing_ids
    assert verdict.audit == []
