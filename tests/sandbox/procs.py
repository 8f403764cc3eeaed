"""Process helpers for the sandbox tests: find and wait out processes by a marker."""

from __future__ import annotations

import os
import time
from pathlib import Path


def procs_with(marker: str) -> list[int]:
    """PIDs whose command line contains ``marker`` (read from /proc)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{name}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if marker.encode() in cmd and int(name) != os.getpid():
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
