"""Process helpers for the sandbox tests: find and wait out processes by a marker."""

from __future__ import annotations

import os
import time
from pathlib import Path


def procs_with(marker: str, *, python_only: bool = False) -> list[int]:
    """PIDs whose command line contains ``marker`` (read from /proc).

    ``python_only``: only processes whose program is a Python interpreter, that is the
    sandboxed command itself and not the bwrap or prlimit wrapper whose argv names it too.
    """
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            argv = Path(f"/proc/{name}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if python_only and not os.path.basename(argv[0]).startswith(b"python"):
            continue
        if marker.encode() in b" ".join(argv) and int(name) != os.getpid():
            found.append(int(name))
    return found


def wait_gone(marker: str, timeout: float = 5.0) -> list[int]:
    """Poll until no process carries ``marker`` (zombies are reaped asynchronously)."""
    end = time.monotonic() + timeout
    left = procs_with(marker)
    while left and time.monotonic() < end:
        time.sleep(0.05)
        left = procs_with(marker)
    return left
