"""The unsandboxed backend (``--sandbox none``, explicit opt-in only): no isolation at all."""

from __future__ import annotations

import contextlib
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from fixloop.sandbox.base import Sandbox, clean_env, execute, limit_prefix, python_bin_dir
from fixloop.types import ExecResult, Limits

UNSANDBOXED_WARNING = (
    "fixloop: WARNING: running code under test WITHOUT a sandbox (explicitly allowed): it has "
    "network access and can read and write your files."
)

_warning_muted = 0  # > 0 inside unsandboxed_warning_muted()


@contextlib.contextmanager
def unsandboxed_warning_muted() -> Iterator[None]:
    """Inside the block :class:`UnsandboxedRunner` does not print :data:`UNSANDBOXED_WARNING`
    on each run: for a caller that shows the warning once itself (the ``fixloop`` command prints
    it once per run). Process-wide; nests."""
    global _warning_muted
    _warning_muted += 1
    try:
        yield
    finally:
        _warning_muted -= 1


class UnsandboxedRunner(Sandbox):
    """No isolation; needs ``allow_unsandboxed=True`` in :func:`make_sandbox`.

    Still gives a clean environment (HOME and TMPDIR a private temp folder), closed stdin,
    the resource limits, and the process-group kill. Prints :data:`UNSANDBOXED_WARNING` to
    stderr on every run (not inside :func:`unsandboxed_warning_muted`). A child that leaves the
    process group (``setsid``) escapes the kill.
    """

    name = "none"

    def run(
        self,
        argv: Sequence[str],
        *,
        cwd: Path,
        limits: Limits,
        ro_paths: Sequence[Path] = (),
        rw_paths: Sequence[Path] = (),
        env: Mapping[str, str] | None = None,
        log_path: Path | None = None,
    ) -> ExecResult:
        """Run ``argv`` without isolation; see :meth:`Sandbox.run`."""
        if not _warning_muted:
            print(UNSANDBOXED_WARNING, file=sys.stderr, flush=True)
        prefix, preexec = limit_prefix(limits)
        with tempfile.TemporaryDirectory(prefix="fixloop-home-") as td:
            full_env = clean_env(home=td, tmpdir=td, extra=env, path_first=python_bin_dir(argv))
            return execute(
                prefix + list(argv),
                cwd=Path(cwd),
                env=full_env,
                limits=limits,
                log_path=log_path,
                preexec=preexec,
            )
