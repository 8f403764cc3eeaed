"""The bubblewrap backend (the default on Linux).

Adds to the promises of :mod:`fixloop.sandbox.base`: the whole filesystem read-only, a private
``/tmp`` and ``/dev/shm``, the user's home, ``/root``, ``/home`` and ``/run`` hidden (the
interpreter's own install is bound back read-only when it lives there), new network/pid/ipc/uts
namespaces (``--unshare-all``), ``--die-with-parent``, ``--new-session``, ``--cap-drop ALL``.
Only ``rw_paths`` are writable. A start-up probe inside the sandbox proves that the network is
unreachable; when it is not, or bwrap cannot start, :class:`fixloop.errors.SandboxUnavailable` is
raised: never a silent fallback.

Source for the bwrap options: bubblewrap(1) 0.8 manual.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from fixloop.errors import SandboxUnavailable
from fixloop.sandbox.base import (
    Sandbox,
    clean_env,
    execute,
    interpreter_paths,
    limit_prefix,
    python_bin_dir,
    user_homes,
)
from fixloop.sandbox.probe import PROBE_SCRIPT
from fixloop.types import ExecResult, Limits

#: Folder names hidden by the bubblewrap backend (a private tmpfs is mounted over each).
_HIDDEN_ROOTS = ("/home", "/root", "/run", "/var/run", "/tmp", "/mnt", "/media")


class BwrapSandbox(Sandbox):
    """bubblewrap backend (the default on Linux).

    Args:
        bwrap: the bwrap executable (name or path).
        extra_ro: folders bound read-only into every run.
        probe: run the network probe now (``make_sandbox`` does); tests may pass False.

    Raises:
        SandboxUnavailable: bwrap is missing, cannot start, or the probe found a network.
    """

    name = "bwrap"
    passes_fds = True

    def __init__(self, *, bwrap: str = "bwrap", extra_ro: Sequence[Path] = (), probe: bool = True):
        path = shutil.which(bwrap)
        if not path:
            raise SandboxUnavailable(
                f"bubblewrap is not installed ({bwrap!r} not found on PATH): install the "
                "Debian/Ubuntu package 'bubblewrap' (apt-get install bubblewrap), or choose "
                "another sandbox"
            )
        self.bwrap = path
        self.extra_ro = [Path(os.path.abspath(p)) for p in extra_ro]
        self._hidden = self._hidden_dirs()
        if probe:
            self.probe()

    @staticmethod
    def _hidden_dirs() -> list[str]:
        out: list[str] = []
        homes = [os.path.realpath(h) for h in user_homes()]  # a symlinked home: hide its target
        for d in [*_HIDDEN_ROOTS, *homes]:
            if os.path.islink(d) or not os.path.isdir(d):
                continue
            if any(d == o or d.startswith(o + "/") for o in out):
                continue
            out.append(d)
        return out

    def _args(
        self,
        argv: Sequence[str],
        *,
        cwd: Path,
        ro_paths: Sequence[Path],
        rw_paths: Sequence[Path],
        env: Mapping[str, str],
        status_fd: int,
    ) -> list[str]:
        args = [
            self.bwrap,
            "--die-with-parent",
            "--new-session",
            "--unshare-all",
            "--cap-drop",
            "ALL",
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--tmpfs",
            "/dev/shm",
            "--proc",
            "/proc",
        ]
        for d in self._hidden:
            args += ["--tmpfs", d]
        binds: list[tuple[int, str, str]] = []  # (depth, option, path)
        ro: list[Path] = [*self.extra_ro, *ro_paths, cwd]
        if argv and "/" in argv[0]:
            ro += list(interpreter_paths(argv[0]))
        for p in ro:
            rp = os.path.realpath(p)
            # everything else is visible read-only through "--ro-bind / /" already
            hidden = any(rp == h or rp.startswith(h + "/") for h in self._hidden)
            if hidden and os.path.exists(rp):
                binds.append((rp.count("/"), "--ro-bind", rp))
        for p in rw_paths:
            rp = os.path.realpath(p)
            if not os.path.exists(rp):
                raise SandboxUnavailable(f"writable path {rp} does not exist")
            binds.append((rp.count("/"), "--bind", rp))
        for _, opt, rp in sorted(binds, key=lambda b: (b[0], b[1] == "--bind")):
            args += [opt, rp, rp]
        home = env["HOME"]
        args += ["--dir", home, "--chdir", os.path.realpath(cwd), "--clearenv"]
        for k, v in env.items():
            args += ["--setenv", k, v]
        args += ["--json-status-fd", str(status_fd), "--", *argv]
        return args

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
    ) -> ExecResult:
        """Run ``argv`` under bubblewrap; see :meth:`Sandbox.run`."""
        if not argv:
            raise ValueError("empty argv")
        full_env = clean_env(
            home="/tmp/.fixloop-home", tmpdir="/tmp", extra=env, path_first=python_bin_dir(argv)
        )
        prefix, preexec = limit_prefix(limits)
        rfd, wfd = os.pipe()
        write_open = [True]

        def _close_write(_proc: subprocess.Popen[bytes] | None = None) -> None:
            if write_open[0]:
                write_open[0] = False
                os.close(wfd)

        try:
            cmd = prefix + self._args(
                argv,
                cwd=Path(cwd),
                ro_paths=ro_paths,
                rw_paths=rw_paths,
                env=full_env,
                status_fd=wfd,
            )
            res = execute(
                cmd,
                cwd=Path("/"),
                env=full_env,
                limits=limits,
                log_path=log_path,
                preexec=preexec,
                pass_fds=(wfd, *pass_fds),
                after_start=_close_write,
            )
            status = _read_all(rfd)
        finally:
            _close_write()
            _safe_close(rfd)
        if '"child-pid"' not in status and not res.timed_out:
            raise SandboxUnavailable(
                "bubblewrap could not start the command: " + res.output.strip()[-2000:]
            )
        return res

    def _must_be_hidden(self) -> list[str]:
        """Up to 50 entries of the users' homes that no bind of the probe brings back."""
        bound = [os.path.realpath(p) for p in [*self.extra_ro, *interpreter_paths(sys.executable)]]
        out: list[str] = []
        for h in user_homes():
            try:
                names = sorted(os.listdir(h))
            except OSError:
                continue
            for n in names:
                p = os.path.join(os.path.realpath(h), n)
                if not any(b == p or b.startswith(p + "/") for b in bound):
                    out.append(p)
        return out[:50]

    def probe(self) -> None:
        """Prove inside the sandbox that no network is reachable and the home is hidden.

        Listens on a host loopback port and checks, from inside, that (1) only ``lo`` exists,
        (2) the host's loopback port cannot be connected to, (3) no route exists to a
        non-loopback address (a UDP ``connect``, which sends nothing), (4) the entries of the
        users' homes are not visible. Runs once per instance.

        Raises:
            SandboxUnavailable: bwrap cannot start, or any check fails (fail closed).
        """
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            listener.bind(("127.0.0.1", 0))
            listener.listen(1)
            listener.setblocking(False)
            port = listener.getsockname()[1]
            hidden = self._must_be_hidden()
            with tempfile.TemporaryDirectory(prefix="fixloop-probe-") as td:
                try:
                    res = self.run(
                        [
                            sys.executable,
                            "-I",
                            "-S",
                            "-c",
                            PROBE_SCRIPT,
                            str(port),
                            json.dumps(hidden),
                        ],
                        cwd=Path(td),
                        limits=Limits(wall_s=20, output_bytes=64 * 1024),
                    )
                except SandboxUnavailable:
                    raise
                except OSError as e:
                    raise SandboxUnavailable(f"bubblewrap could not start: {e}") from e
            try:
                conn, _ = listener.accept()
                conn.close()
                leaked = True
            except BlockingIOError:
                leaked = False
        finally:
            listener.close()
        line = next((ln for ln in res.output.splitlines() if ln.startswith("FIXLOOP-PROBE ")), None)
        if res.timed_out or res.returncode != 0 or line is None:
            raise SandboxUnavailable(
                "the bubblewrap sandbox did not start correctly (probe exit "
                f"{res.returncode}): {res.output.strip()[-1000:]}"
            )
        info = json.loads(line[len("FIXLOOP-PROBE ") :])
        problems = []
        if info.get("ifaces") != ["lo"]:
            problems.append(f"network interfaces visible: {info.get('ifaces')}")
        if info.get("host_loopback") or leaked:
            problems.append("the host's loopback is reachable")
        if info.get("route"):
            problems.append(f"a route exists to {info['route']}")
        if info.get("visible"):
            problems.append(f"home folder entries visible: {info['visible'][:5]}")
        if problems:
            raise SandboxUnavailable(
                "the sandbox's isolation probe failed (refusing to run code): "
                + "; ".join(problems)
            )


def _safe_close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def _read_all(fd: int) -> str:
    chunks = []
    while True:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            break
        data = os.read(fd, 65536)
        if not data:
            break
        chunks.append(data)
    return b"".join(chunks).decode("utf-8", "replace")
