"""Reading a file the code under test could have replaced: regular files only, capped, in time.

The JUnit XML, the progress lines and the audit file live in a folder the sandboxed test
process can write, so by the time the harness reads them each may be anything: a FIFO (an
``open`` for reading blocks until a writer comes, i.e. forever: shared case 26), a symlink to
``/dev/zero`` or to a file outside, a sparse file of many gigabytes. :func:`read_result_file`
opens with ``O_NOFOLLOW | O_NONBLOCK`` (a symlink fails, a FIFO opens at once without a
writer), checks ``fstat`` for ``S_ISREG`` on the descriptor it will read (no check-then-open
race), refuses a size over the cap before reading, and stops at a deadline.

Source: open(2) ``O_NOFOLLOW``, ``O_NONBLOCK`` ("When opening a FIFO with O_RDONLY ... returns
without delay"), fstat(2), inode(7) ``S_ISREG``.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

__all__ = ["MAX_RESULT_BYTES", "READ_DEADLINE_S", "read_result_file"]

#: Largest result file read back, in bytes.
MAX_RESULT_BYTES = 64 * 1024 * 1024

#: Most seconds spent reading one result file.
READ_DEADLINE_S = 10.0

_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def read_result_file(
    path: Path | str,
    *,
    cap: int = MAX_RESULT_BYTES,
    deadline_s: float = READ_DEADLINE_S,
) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of at most ``cap`` bytes, read in time.

    Args:
        path: the file (its last component may not be a symlink).
        cap: most bytes; a bigger file (by ``st_size`` or by what a read returns) is refused.
        deadline_s: seconds before reading is given up.

    Returns:
        the content, or None when the file is missing, a symlink, not a regular file (FIFO,
        device, socket, folder), bigger than ``cap``, unreadable, or not read in time. Never
        blocks on a FIFO and never raises for any of these.
    """
    try:
        fd = os.open(path, _FLAGS)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > cap:
            return None
        end = time.monotonic() + deadline_s
        chunks: list[bytes] = []
        total = 0
        while True:
            if time.monotonic() > end:
                return None
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            if not chunk:
                return b"".join(chunks)
            total += len(chunk)
            if total > cap:
                return None
            chunks.append(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
