"""The audit events the gate's hook listens for, by Python version, and what each one means.

The names are those of CPython's "Audit events table" (``library/audit_events.html`` of each
version's documentation: https://docs.python.org/3.11/library/audit_events.html,
https://docs.python.org/3.12/library/audit_events.html,
https://docs.python.org/3.13/library/audit_events.html; the table is built from the
``.. audit-event::`` entries of the library pages, e.g. ``Doc/library/sys.rst``, whose entries
for ``sys._getframemodulename`` and ``sys.monitoring.register_callback`` say "Added in 3.12").
Checked on 2026-11-30 by raising each event under CPython 3.8.18, 3.9.18, 3.10.13, 3.11.7, 3.12.1
and 3.13.0: every name below fires in every version from its first one on (the ``gc`` events
reached 3.8 and 3.9 as a security backport; ``sys._current_exceptions`` is new in 3.10, as its
function is). tests/testrun/test_audit_events.py raises each event of the running interpreter's
set and checks that the hook listens to exactly :func:`events_for` that version.

Python has no audit event for setting an attribute of an ordinary class, ``signal.signal``,
``weakref.finalize``, ``atexit.register`` or ``os._exit`` (in none of these versions): the hook
compares what it can at the end of the run instead. ``object.__setattr__`` fires for the
special attributes (a function's ``__code__``, a class's ``__bases__``/``__name__``...).

Stdlib only and self-contained: the harness passes this module's source to the sandboxed
interpreter before :mod:`fixloop.testrun.inside.audithook`, as ``_fixloop_auditevents``.
"""

from __future__ import annotations

import os

#: Where the names come from (per version: the table's page of that version's documentation).
SOURCE = "https://docs.python.org/{version}/library/audit_events.html"

#: The versions whose tables were checked.
CHECKED_VERSIONS = ((3, 11), (3, 12), (3, 13))

#: Events that count while changed code is on the stack: name -> (first version, what it did).
STACK_EVENTS: dict[str, tuple[tuple[int, int], str]] = {
    "sys._getframe": ((3, 8), "read the call stack"),
    "sys._getframemodulename": ((3, 12), "read the call stack"),
    "sys._current_frames": ((3, 8), "read every thread's call stack"),
    "sys._current_exceptions": ((3, 10), "read every thread's exceptions"),
    "object.__getattr__": ((3, 8), "read a stack frame"),
    "object.__setattr__": ((3, 8), "changed a function or class of the test runner"),
    "object.__delattr__": ((3, 8), "deleted an attribute of the test runner"),
    "gc.get_objects": ((3, 8), "walked every object of the process (gc)"),
    "gc.get_referrers": ((3, 8), "walked the object graph (gc)"),
    "gc.get_referents": ((3, 8), "walked the object graph (gc)"),
    "sys.settrace": ((3, 8), "installed a tracer"),
    "sys.setprofile": ((3, 8), "installed a profiler"),
    "sys.addaudithook": ((3, 8), "added an audit hook"),
    "sys.monitoring.register_callback": ((3, 12), "installed a monitoring callback"),
    "import": ((3, 8), "imported the test runner"),
    "os.kill": ((3, 8), "sent a signal"),
    "os.killpg": ((3, 8), "sent a signal to a process group"),
    "signal.pthread_kill": ((3, 8), "signalled a thread of the test process"),
}

#: Events on files: the run's result and io files must not be written by the code under test.
FILE_EVENTS: dict[str, tuple[int, int]] = {
    "open": (3, 8),
    "os.rename": (3, 8),
    "os.remove": (3, 8),
    "os.rmdir": (3, 8),
    "os.truncate": (3, 8),
    "os.link": (3, 8),
    "os.symlink": (3, 8),
    "os.chmod": (3, 8),
    "shutil.rmtree": (3, 8),
    "shutil.move": (3, 8),
    # programs started: a child handed a test module's file (auditreads.child_reads, G24)
    "subprocess.Popen": (3, 8),
    "os.system": (3, 8),
    "os.exec": (3, 8),
    "os.posix_spawn": (3, 8),  # os.spawn*: fork + os.exec on POSIX
}

#: ctypes events that read or write memory (counted anywhere below changed code).
CTYPES_MEMORY: dict[str, tuple[int, int]] = {
    "ctypes.cdata": (3, 8),
    "ctypes.cdata/buffer": (3, 8),
    "ctypes.string_at": (3, 8),
    "ctypes.wstring_at": (3, 8),
    "ctypes.addressof": (3, 8),
}

#: Other events the hook reads: ``exec`` (arms the watch once changed code runs; code written
#: at run time), ``compile`` (code compiled under the name of fixloop's own modules or of a
#: file of the tree), ``code.__new__`` (a code object built under a file's name; also raised
#: by ``CodeType.replace``) and ``marshal.loads`` (a code object loaded from bytes).
CONTROL_EVENTS: dict[str, tuple[int, int]] = {
    "exec": (3, 8),
    "compile": (3, 8),
    "code.__new__": (3, 8),
    "marshal.loads": (3, 8),
}

#: Frame attributes whose reads ``object.__getattr__`` reports.
FRAME_ATTRS = frozenset(
    {"tb_frame", "f_code", "gi_frame", "gi_code", "cr_frame", "cr_code", "ag_frame", "ag_code"}
)

#: Flags of ``open``'s third argument that mean the file is written.
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC


def _since(table: dict, version: tuple[int, int]) -> frozenset[str]:
    out = set()
    for name, value in table.items():
        first = value[0] if isinstance(value[0], tuple) else value
        if tuple(first) <= version:
            out.add(name)
    return frozenset(out)


def events_for(version: tuple[int, int]) -> dict[str, frozenset[str]]:
    """The event names the hook listens for on a Python ``version`` (``(major, minor)``).

    Returns:
        ``{"stack": ..., "file": ..., "ctypes_memory": ..., "control": ...}``, each a frozenset
        of names that exist in that version's audit events table.
    """
    v = (int(version[0]), int(version[1]))
    return {
        "stack": _since(STACK_EVENTS, v),
        "file": _since(FILE_EVENTS, v),
        "ctypes_memory": _since(CTYPES_MEMORY, v),
        "control": _since(CONTROL_EVENTS, v),
    }


def what(event: str) -> str:
    """A reviewer's words for a stack event (the event name itself for another one)."""
    entry = STACK_EVENTS.get(event)
    return entry[1] if entry else event
