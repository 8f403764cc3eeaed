"""The unsandboxed backend (``--sandbox none``, explicit opt-in only): no isolation at all.

The warning that code under test runs without a sandbox has one text
(:data:`UNSANDBOXED_WARNING`) and one place that gives it: :func:`warn_unsandboxed`. A backend
used on its own (eval scoring, benchmarks, scripts) prints it to stderr before every command; a
run calls :func:`warn_unsandboxed` once at its start with its own channel (the run's notice
event), which also stops the per-command repetition for that backend: the only way to mute it.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from fixloop.sandbox import standins
from fixloop.sandbox.base import (
    VARIANT_HOME_DIRS,
    Sandbox,
    clean_env,
    execute,
    limit_prefix,
    python_bin_dir,
)
from fixloop.types import ExecResult, Limits

__all__ = ["UNSANDBOXED_WARNING", "UnsandboxedRunner", "warn_unsandboxed"]

#: The one text of the warning (shown once per run, or on each command of a bare backend).
UNSANDBOXED_WARNING = (
    "WARNING: tests run WITHOUT a sandbox (--sandbox none, explicitly allowed): code under test "
    "can reach the network, your files and your environment"
)


def _to_stderr(text: str) -> None:
    print(f"fixloop: {text}", file=sys.stderr, flush=True)


def warn_unsandboxed(sandbox: Sandbox, say: Callable[[str], None] = _to_stderr) -> bool:
    """Give the unsandboxed warning for ``sandbox`` once through ``say``; nothing for a sandbox.

    After this call the backend no longer repeats the warning on each command: the caller has
    told the user (a run calls it once at its start with its notice channel).

    Args:
        sandbox: the run's sandbox; only :class:`UnsandboxedRunner` is warned about.
        say: where the warning goes (default: stderr, prefixed ``fixloop:``).

    Returns:
        True when ``sandbox`` is the unsandboxed backend (the warning was given).
    """
    if not isinstance(sandbox, UnsandboxedRunner):
        return False
    sandbox.warn_each_run = False
    say(UNSANDBOXED_WARNING)
    return True


class UnsandboxedRunner(Sandbox):
    """No isolation; needs ``allow_unsandboxed=True`` in :func:`make_sandbox`.

    Still gives a clean environment (HOME and TMPDIR a private temp folder), closed stdin,
    the resource limits, and the process-group kill. Prints :data:`UNSANDBOXED_WARNING` to
    stderr on every run until :func:`warn_unsandboxed` was called for it. A child that leaves the
    process group (``setsid``) escapes the kill.
    """

    name = "none"
    passes_fds = True

    def __init__(self) -> None:
        #: Print the warning before each command (False once :func:`warn_unsandboxed` ran).
        self.warn_each_run = True

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
        pass_fds: Sequence[int] = (),
        variant: bool = False,
        place: tuple[Path, Path] | None = None,
        keep_home: Path | None = None,
        alias: tuple[Path, Path] | None = None,
    ) -> ExecResult:
        """Run ``argv`` without isolation; see :meth:`Sandbox.run`.

        ``variant``: HOME and TMPDIR another temporary folder (another name and depth), the
        environment's variant (:func:`fixloop.sandbox.hostenv.host_env`). ``keep_home``: HOME
        is that folder (the variant: a copy of it at the variant's own path). The variant's
        made-up socket paths are made to exist for the run
        (:func:`fixloop.sandbox.standins.fake_objects`, ``in_place``).
        """
        if self.warn_each_run:
            _to_stderr(UNSANDBOXED_WARNING)
        prefix, preexec = limit_prefix(limits)
        with tempfile.TemporaryDirectory(prefix="home-" if variant else "fixloop-home-") as td:
            home = os.path.join(td, "user", "home") if variant else td
            if keep_home is not None and variant:
                shutil.copytree(keep_home, home, symlinks=True, dirs_exist_ok=True)
            elif keep_home is not None:
                home = os.path.realpath(keep_home)
            for d in VARIANT_HOME_DIRS if variant else ("",):  # a home that is not empty
                os.makedirs(os.path.join(home, d), exist_ok=True)
            full_env = clean_env(
                home=home,
                tmpdir=td,
                extra=env,
                path_first=python_bin_dir(argv),
                cwd=os.path.abspath(cwd),
                variant=variant,
                argv0=argv[0] if argv else None,
            )
            fakes = standins.fake_objects(full_env, in_place=True) if variant else None
            try:
                return execute(
                    prefix + list(argv),
                    cwd=Path(cwd),
                    env=full_env,
                    limits=limits,
                    log_path=log_path,
                    preexec=preexec,
                    pass_fds=pass_fds,
                )
            finally:
                if fakes is not None:
                    fakes.close()
