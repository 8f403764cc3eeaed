"""Running a command under a sandbox: bubblewrap, docker/podman, or (explicit opt-in) none.

Every backend gives the command the same promises (DESIGN.md, rule 4):

- a clean environment built from an allowlist (PATH, LANG, LC_ALL, HOME pointing at a private
  empty folder, TMPDIR, PYTHONDONTWRITEBYTECODE=1, PYTHONHASHSEED=0, PYTHONUNBUFFERED=1) plus
  the ``env`` the caller passes explicitly; nothing of the calling environment (API keys, tokens)
  is inherited;
- stdin closed (``/dev/null``);
- resource limits (:class:`fixloop.types.Limits`): RLIMIT_AS, RLIMIT_NPROC and RLIMIT_FSIZE set
  in the child before it starts (``prlimit`` where installed), a wall-clock limit after which the
  whole process group is killed with SIGKILL;
- output read with a deadline, never blocking on a pipe an orphan keeps open; full output streamed
  to ``log_path``, at most ``limits.output_bytes`` kept in memory (head and tail).

The bubblewrap backend adds: the whole filesystem read-only, a private ``/tmp`` and ``/dev/shm``,
the user's home, ``/root``, ``/home`` and ``/run`` hidden (the interpreter's own install is bound
back read-only when it lives there), new network/pid/ipc/uts namespaces (``--unshare-all``),
``--die-with-parent``, ``--new-session``, ``--cap-drop ALL``. Only ``rw_paths`` are writable.
A start-up probe inside the sandbox proves that the network is unreachable; when it is not, or
bwrap cannot start, :class:`fixloop.errors.SandboxUnavailable` is raised: never a silent fallback.

Source for the bwrap options: bubblewrap(1) 0.8 manual; for RLIMIT_*: setrlimit(2).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import pwd
import resource
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fixloop.errors import ConfigError, SandboxUnavailable
from fixloop.types import ExecResult, Limits

__all__ = [
    "BwrapSandbox",
    "ContainerSandbox",
    "Sandbox",
    "UnsandboxedRunner",
    "clean_env",
    "interpreter_paths",
    "kill_all_children",
    "make_sandbox",
    "unsandboxed_warning_muted",
]

#: PATH inside every sandbox (the interpreter's own bin folder is put first).
SAFE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

#: Seconds to keep draining output after the main process ended or was killed.
_DRAIN_S = 0.5

#: Folder names hidden by the bubblewrap backend (a private tmpfs is mounted over each).
_HIDDEN_ROOTS = ("/home", "/root", "/run", "/var/run", "/tmp", "/mnt", "/media")


# --------------------------------------------------------------------------------------------
# Live process groups (for kill_all_children and atexit)
# --------------------------------------------------------------------------------------------


@dataclass
class _Live:
    pgid: int
    kill_extra: Callable[[], None] | None = None


_LIVE: dict[int, _Live] = {}
_LIVE_LOCK = threading.Lock()


def _register(key: int, live: _Live) -> None:
    with _LIVE_LOCK:
        _LIVE[key] = live


def _unregister(key: int) -> None:
    with _LIVE_LOCK:
        _LIVE.pop(key, None)


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def kill_all_children() -> None:
    """Kill every live sandboxed process group (SIGKILL) and every live container.

    Safe to call at any time and more than once; registered with :mod:`atexit` and meant for
    Ctrl-C handlers too. Runs in progress see their process killed and return promptly.
    """
    with _LIVE_LOCK:
        lives = list(_LIVE.values())
    for live in lives:
        _kill_group(live.pgid)
        if live.kill_extra is not None:
            try:
                live.kill_extra()
            except Exception:  # noqa: BLE001 - best effort on the way out
                pass


atexit.register(kill_all_children)


# --------------------------------------------------------------------------------------------
# Environment, interpreter paths, limits
# --------------------------------------------------------------------------------------------


def clean_env(
    *, home: str, tmpdir: str, extra: Mapping[str, str] | None = None, path_first: str | None = None
) -> dict[str, str]:
    """The allowlisted environment every sandboxed command gets; nothing is inherited.

    Args:
        home: value of HOME (a private, empty, writable folder).
        tmpdir: value of TMPDIR.
        extra: variables the caller sets explicitly (added last, may override).
        path_first: a folder put in front of :data:`SAFE_PATH` (the interpreter's bin folder).

    Returns:
        A new dict: PATH, LANG, LC_ALL, HOME, TMPDIR, PYTHONDONTWRITEBYTECODE=1,
        PYTHONHASHSEED=0, PYTHONUNBUFFERED=1, TERM=dumb, plus ``extra``.
    """
    path = SAFE_PATH if not path_first else f"{path_first}:{SAFE_PATH}"
    env = {
        "PATH": path,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "HOME": home,
        "TMPDIR": tmpdir,
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONHASHSEED": "0",
        "PYTHONUNBUFFERED": "1",
        "TERM": "dumb",
    }
    if extra:
        env.update({str(k): str(v) for k, v in extra.items()})
    return env


def _looks_like_prefix(p: Path) -> bool:
    """True when ``p`` holds a Python installation or venv (pyvenv.cfg or lib/python3*/)."""
    try:
        if (p / "pyvenv.cfg").is_file():
            return True
        lib = p / "lib"
        return lib.is_dir() and any(c.name.startswith("python3") for c in lib.iterdir())
    except OSError:
        return False


def _user_homes() -> list[Path]:
    homes = {Path("/root")}
    for h in (os.environ.get("HOME"), _pw_home()):
        if h:
            homes.add(Path(h))
    return sorted(homes)


def _pw_home() -> str | None:
    try:
        return pwd.getpwuid(os.getuid()).pw_dir
    except KeyError:
        return None


@lru_cache(maxsize=64)
def interpreter_paths(exe: str) -> tuple[Path, ...]:
    """The installation folders a Python interpreter needs, found without running it.

    Follows the symlink chain of ``exe`` and reads ``pyvenv.cfg`` (as CPython's getpath does):
    each ``X/bin/python*`` hop contributes ``X`` when ``X`` looks like a Python prefix (a
    ``pyvenv.cfg`` or a ``lib/python3*`` folder); a venv's ``home`` contributes its parent.
    The interpreter is never executed here: it may belong to the repository under test.
    Folders that are a user's home or ``/`` (or contain one) are never returned, so a crafted
    symlink cannot bind a home directory back into the sandbox.

    Args:
        exe: a path to the interpreter, or a bare name looked up on PATH.

    Returns:
        Absolute folders, deduplicated (cached per ``exe``).
    """
    found: list[Path] = []
    p = Path(exe) if "/" in exe else Path(shutil.which(exe) or exe)
    p = Path(os.path.abspath(p))
    seen: set[Path] = set()
    for _ in range(40):
        if p in seen:
            break
        seen.add(p)
        if p.parent.name in ("bin", "Scripts"):
            found.append(p.parent.parent)
        cfg = p.parent.parent / "pyvenv.cfg"
        if cfg.is_file():
            try:
                for line in cfg.read_text(errors="replace").splitlines():
                    key, _, value = line.partition("=")
                    if key.strip() == "home" and value.strip():
                        found.append(Path(value.strip()).parent)
            except OSError:
                pass
        if not p.is_symlink():
            break
        target = os.readlink(p)
        p = Path(os.path.normpath(p.parent / target))
    real = Path(os.path.realpath(exe if "/" in exe else p))
    if real.parent.name == "bin":
        found.append(real.parent.parent)
    homes = [h.resolve() for h in _user_homes()]
    out: list[Path] = []
    for cand in found:
        cand = Path(os.path.abspath(cand))
        if cand == Path("/") or any(cand == h or h.is_relative_to(cand) for h in homes):
            continue
        if _looks_like_prefix(cand) and cand not in out:
            out.append(cand)
    return tuple(out)


def _count_user_processes() -> int:
    uid = os.getuid()
    n = 0
    try:
        for name in os.listdir("/proc"):
            if name.isdigit():
                try:
                    if os.stat(f"/proc/{name}").st_uid == uid:
                        n += 1
                except OSError:
                    pass
    except OSError:
        return 0
    return n


def _rlimits(limits: Limits) -> dict[int, int]:
    """RLIMIT values for ``limits``; NPROC counts processes beyond those the user already has."""
    mb = 1024 * 1024
    return {
        resource.RLIMIT_AS: int(limits.memory_mb) * mb,
        resource.RLIMIT_NPROC: int(limits.nproc) + _count_user_processes(),
        resource.RLIMIT_FSIZE: int(limits.fsize_mb) * mb,
    }


@lru_cache(maxsize=1)
def _prlimit_bin() -> str | None:
    return shutil.which("prlimit")


def _limit_prefix(limits: Limits) -> tuple[list[str], Callable[[], None] | None]:
    """argv prefix (prlimit) or a preexec function that applies the limits in the child."""
    rl = _rlimits(limits)
    prl = _prlimit_bin()
    if prl:
        return [
            prl,
            f"--as={rl[resource.RLIMIT_AS]}",
            f"--nproc={rl[resource.RLIMIT_NPROC]}",
            f"--fsize={rl[resource.RLIMIT_FSIZE]}",
            "--",
        ], None

    def _apply() -> None:  # pragma: no cover - only where util-linux is missing
        for which, value in rl.items():
            resource.setrlimit(which, (value, value))

    return [], _apply


# --------------------------------------------------------------------------------------------
# Running one process: group, deadline, output capture
# --------------------------------------------------------------------------------------------


class _Capture:
    """Keeps at most ``cap`` bytes (head and tail) of a stream and writes all of it to a log."""

    def __init__(self, cap: int, log: object | None) -> None:
        self.cap = max(1024, int(cap))
        self.head_cap = self.cap // 2
        self.tail_cap = self.cap - self.head_cap
        self.head = bytearray()
        self.tail: deque[bytes] = deque()
        self.tail_len = 0
        self.total = 0
        self.log = log

    def add(self, data: bytes) -> None:
        self.total += len(data)
        if self.log is not None:
            try:
                self.log.write(data)  # type: ignore[attr-defined]
            except OSError:
                self.log = None
        if len(self.head) < self.head_cap:
            take = self.head_cap - len(self.head)
            self.head += data[:take]
            data = data[take:]
        if data:
            self.tail.append(data)
            self.tail_len += len(data)
            while self.tail and self.tail_len - len(self.tail[0]) >= self.tail_cap:
                self.tail_len -= len(self.tail.popleft())

    def text(self, log_path: Path | None) -> tuple[str, bool]:
        tail = b"".join(self.tail)
        kept = len(self.head) + len(tail)
        if kept <= self.cap and kept == self.total:
            return (bytes(self.head) + tail).decode("utf-8", "replace"), False
        tail = tail[-self.tail_cap :]
        cut = self.total - len(self.head) - len(tail)
        where = f"full log: {log_path}" if log_path else "full log not kept"
        marker = f"\n[... {cut} bytes of output cut here; {where} ...]\n".encode()
        return (bytes(self.head) + marker + tail).decode("utf-8", "replace"), True


def _execute(
    cmd: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    limits: Limits,
    log_path: Path | None,
    preexec: Callable[[], None] | None = None,
    pass_fds: Sequence[int] = (),
    on_timeout: Callable[[], None] | None = None,
    after_start: Callable[[subprocess.Popen[bytes]], None] | None = None,
) -> ExecResult:
    """Run ``cmd`` in a new session; read output with a deadline; kill the group when done."""
    start = time.monotonic()
    deadline = start + float(limits.wall_s)
    log = open(log_path, "wb") if log_path is not None else None  # noqa: SIM115
    cap = _Capture(limits.output_bytes, log)
    timed_out = False
    try:
        proc = subprocess.Popen(
            list(cmd),
            cwd=str(cwd),
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            close_fds=True,
            pass_fds=tuple(pass_fds),
            preexec_fn=preexec,  # noqa: PLW1509 - only where prlimit is missing
        )
    except BaseException:
        if log is not None:
            log.close()
        raise
    key = proc.pid
    _register(key, _Live(pgid=proc.pid, kill_extra=on_timeout))
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    try:
        if after_start is not None:
            after_start(proc)
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            if exited_at is None and proc.poll() is not None:
                # the main process ended: whatever is left of its group goes now
                exited_at = now
                _kill_group(proc.pid)
            if now >= deadline:
                timed_out = exited_at is None
                break
            if exited_at is not None and now - exited_at > _DRAIN_S:
                break
            wait = min(deadline - now, 0.2)
            ready, _, _ = select.select([fd], [], [], wait)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    break
                cap.add(data)
    finally:
        if proc.poll() is None or timed_out:
            if on_timeout is not None and proc.poll() is None:
                try:
                    on_timeout()
                except Exception:  # noqa: BLE001 - the group kill below still runs
                    pass
        _kill_group(proc.pid)  # leftovers of the group: nothing of the run survives it
        drain_until = time.monotonic() + _DRAIN_S
        while time.monotonic() < drain_until:
            ready, _, _ = select.select([fd], [], [], max(0.0, drain_until - time.monotonic()))
            if not ready:
                break
            data = os.read(fd, 65536)
            if not data:
                break
            cap.add(data)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL cannot be ignored
            pass
        proc.stdout.close()
        _unregister(key)
        if log is not None:
            log.close()
    text, truncated = cap.text(log_path)
    return ExecResult(
        returncode=None if timed_out else proc.returncode,
        output=text,
        timed_out=timed_out,
        duration_s=time.monotonic() - start,
        output_truncated=truncated,
        total_output_bytes=cap.total,
    )


# --------------------------------------------------------------------------------------------
# The Sandbox interface
# --------------------------------------------------------------------------------------------


class Sandbox(ABC):
    """Runs one command under a policy; see the module docstring for the promises.

    Attributes:
        name: "bwrap" | "docker" | "podman" | "none".
        host_python: True when the host's interpreter paths are valid inside (bwrap, none);
            False for containers, whose image brings its own ``python``.
    """

    name: str = ""
    host_python: bool = True

    @abstractmethod
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
        """Run ``argv`` (never through a shell) in ``cwd``.

        Args:
            argv: the command; ``argv[0]`` is looked up on the sandbox's PATH when bare.
            cwd: working folder, visible read-only unless listed in ``rw_paths``.
            limits: wall time, memory, processes, file size, in-memory output cap.
            ro_paths: extra folders made visible read-only.
            rw_paths: folders made visible and writable (must exist; keep them outside the
                workspace).
            env: variables added to the allowlisted clean environment.
            log_path: file (outside the workspace) that receives the full output.

        Returns:
            An :class:`ExecResult`; ``timed_out`` with partial output when the wall limit hit.

        Raises:
            SandboxUnavailable: the sandbox failed to start this command.
        """


def _python_bin_dir(argv: Sequence[str]) -> str | None:
    if argv and "/" in argv[0] and Path(argv[0]).name.startswith("python"):
        return str(Path(argv[0]).parent)
    return None


# --------------------------------------------------------------------------------------------
# bubblewrap
# --------------------------------------------------------------------------------------------

_PROBE = r"""
import json, os, socket, sys
res = {}
try:
    res["ifaces"] = sorted(n for _, n in socket.if_nameindex())
except OSError as e:
    res["ifaces"] = ["?" + str(e)]
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.settimeout(1.0)
try:
    s.connect(("127.0.0.1", int(sys.argv[1])))
    res["host_loopback"] = True
except OSError:
    res["host_loopback"] = False
finally:
    s.close()
res["route"] = []
for fam, addr in ((socket.AF_INET, ("192.0.2.1", 9)), (socket.AF_INET6, ("2001:db8::1", 9))):
    try:
        u = socket.socket(fam, socket.SOCK_DGRAM)
    except OSError:
        continue
    try:
        u.connect(addr)  # UDP connect only looks up a route; no packet is sent
        res["route"].append(addr[0])
    except OSError:
        pass
    finally:
        u.close()
res["visible"] = [p for p in json.loads(sys.argv[2]) if os.path.lexists(p)]
print("FIXLOOP-PROBE " + json.dumps(res))
"""


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
        homes = [os.path.realpath(h) for h in _user_homes()]  # a symlinked home: hide its target
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
    ) -> ExecResult:
        """Run ``argv`` under bubblewrap; see :meth:`Sandbox.run`."""
        if not argv:
            raise ValueError("empty argv")
        full_env = clean_env(
            home="/tmp/.fixloop-home", tmpdir="/tmp", extra=env, path_first=_python_bin_dir(argv)
        )
        prefix, preexec = _limit_prefix(limits)
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
            res = _execute(
                cmd,
                cwd=Path("/"),
                env=full_env,
                limits=limits,
                log_path=log_path,
                preexec=preexec,
                pass_fds=(wfd,),
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
        for h in _user_homes():
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
                        [sys.executable, "-I", "-S", "-c", _PROBE, str(port), json.dumps(hidden)],
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


# --------------------------------------------------------------------------------------------
# docker / podman
# --------------------------------------------------------------------------------------------


class ContainerSandbox(Sandbox):
    """docker or podman backend: ``--network none``, memory/cpu/pids limits, read-only mounts.

    Every run is ``ENGINE run --rm`` of ``image`` with the workspace mounted read-only at the
    same path, ``rw_paths`` mounted writable, a read-only root filesystem with a tmpfs ``/tmp``,
    ``--cap-drop ALL``, ``--security-opt no-new-privileges``, ``--user UID:GID`` and the clean
    environment. On timeout the container is killed by name, then the client's group.

    Args:
        engine: "docker" or "podman".
        image: the image to run (brings its own ``python`` with pytest, ideally).
        cpus: CPU limit (``--cpus``).
        probe: check the engine and the image's network now (``make_sandbox`` does).

    Raises:
        SandboxUnavailable: the engine is missing or not running, or the probe failed.
    """

    host_python = False

    def __init__(self, engine: str, image: str, *, cpus: float = 2.0, probe: bool = True):
        if engine not in ("docker", "podman"):
            raise ConfigError(f"unknown container engine {engine!r}")
        self.name = engine
        self.engine = engine
        self.image = image
        self.cpus = cpus
        if probe:
            self.probe()

    def command(
        self,
        argv: Sequence[str],
        *,
        cwd: Path,
        limits: Limits,
        ro_paths: Sequence[Path] = (),
        rw_paths: Sequence[Path] = (),
        env: Mapping[str, str] | None = None,
        container_name: str = "fixloop-x",
    ) -> list[str]:
        """The full engine command line for one run (no engine needed to build it)."""
        cmd = [
            self.engine,
            "run",
            "--rm",
            "--name",
            container_name,
            "--network",
            "none",
            "--memory",
            f"{int(limits.memory_mb)}m",
            "--memory-swap",
            f"{int(limits.memory_mb)}m",
            "--cpus",
            str(self.cpus),
            "--pids-limit",
            str(int(limits.nproc)),
            "--ulimit",
            f"fsize={int(limits.fsize_mb) * 1024 * 1024}",
            "--read-only",
            "--tmpfs",
            "/tmp:rw,exec",
            "--cap-drop",
            "ALL",
            "--security-opt",
            "no-new-privileges",
            "--user",
            f"{os.getuid()}:{os.getgid()}",
        ]
        cwd_r = os.path.realpath(cwd)
        mounts: list[tuple[str, str]] = [(cwd_r, "ro")]
        mounts += [(os.path.realpath(p), "ro") for p in ro_paths]
        mounts += [(os.path.realpath(p), "rw") for p in rw_paths]
        for path, mode in mounts:
            cmd += ["-v", f"{path}:{path}:{mode}"]
        for k, v in clean_env(home="/tmp", tmpdir="/tmp", extra=env).items():
            if k != "PATH":
                cmd += ["-e", f"{k}={v}"]
        cmd += ["-w", cwd_r, self.image, *argv]
        return cmd

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
        """Run ``argv`` in a fresh container; see :meth:`Sandbox.run`."""
        cname = f"fixloop-{uuid.uuid4().hex[:12]}"
        cmd = self.command(
            argv,
            cwd=Path(cwd),
            limits=limits,
            ro_paths=ro_paths,
            rw_paths=rw_paths,
            env=env,
            container_name=cname,
        )

        def _kill() -> None:
            subprocess.run(
                [self.engine, "kill", cname],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=20,
                check=False,
            )

        host_env = {"PATH": os.environ.get("PATH", SAFE_PATH), "HOME": os.environ.get("HOME", "/")}
        for k in ("DOCKER_HOST", "DOCKER_CONTEXT", "XDG_RUNTIME_DIR", "CONTAINER_HOST"):
            if k in os.environ:
                host_env[k] = os.environ[k]
        return _execute(
            cmd,
            cwd=Path(cwd),
            env=host_env,
            limits=limits,
            log_path=log_path,
            on_timeout=_kill,
        )

    def probe(self) -> None:
        """Check that the engine runs and that the image has no network under ``--network none``.

        Raises:
            SandboxUnavailable: engine missing or not running, image unusable, or a network found.
        """
        if not shutil.which(self.engine):
            raise SandboxUnavailable(f"{self.engine} is not installed")
        try:
            info = subprocess.run(
                [self.engine, "info"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=20,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as e:
            raise SandboxUnavailable(f"{self.engine} engine is not reachable: {e}") from e
        if info.returncode != 0:
            msg = (info.stderr or info.stdout).decode(errors="replace").strip()[-500:]
            raise SandboxUnavailable(f"{self.engine} engine is not running: {msg}")
        with tempfile.TemporaryDirectory(prefix="fixloop-probe-") as td:
            res = self.run(
                ["python", "-I", "-S", "-c", _PROBE, "1"],
                cwd=Path(td),
                limits=Limits(wall_s=120, output_bytes=64 * 1024),
            )
        line = next((ln for ln in res.output.splitlines() if ln.startswith("FIXLOOP-PROBE ")), "")
        if not line:
            raise SandboxUnavailable(
                f"the {self.engine} image {self.image!r} could not run the probe "
                f"(it needs python): {res.output.strip()[-500:]}"
            )
        info_d = json.loads(line[len("FIXLOOP-PROBE ") :])
        if info_d.get("ifaces") != ["lo"] or info_d.get("route"):
            raise SandboxUnavailable(f"the {self.engine} container has a network: {info_d}")


# --------------------------------------------------------------------------------------------
# none (explicit opt-in)
# --------------------------------------------------------------------------------------------

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
        prefix, preexec = _limit_prefix(limits)
        with tempfile.TemporaryDirectory(prefix="fixloop-home-") as td:
            full_env = clean_env(home=td, tmpdir=td, extra=env, path_first=_python_bin_dir(argv))
            return _execute(
                prefix + list(argv),
                cwd=Path(cwd),
                env=full_env,
                limits=limits,
                log_path=log_path,
                preexec=preexec,
            )


# --------------------------------------------------------------------------------------------
# Factory
# --------------------------------------------------------------------------------------------

SANDBOX_KINDS = ("auto", "bwrap", "docker", "podman", "none")


def make_sandbox(
    kind: str = "auto",
    *,
    image: str | None = None,
    allow_unsandboxed: bool = False,
    extra_ro: Sequence[Path] = (),
) -> Sandbox:
    """Build and probe a sandbox.

    Args:
        kind: "auto" (bubblewrap; a container engine when bwrap fails and ``image`` is given),
            "bwrap", "docker", "podman" or "none".
        image: container image for docker/podman.
        allow_unsandboxed: required for "none" (the ``--unsandboxed`` flag).
        extra_ro: folders bound read-only into every bwrap run.

    Returns:
        A ready :class:`Sandbox` (its network probe passed).

    Raises:
        SandboxUnavailable: the sandbox cannot start or its probe failed (exit code 3); never
            falls back to running unsandboxed.
        ConfigError: unknown kind, "none" without ``allow_unsandboxed``, or a container kind
            without an image (exit code 2).
    """
    if kind not in SANDBOX_KINDS:
        raise ConfigError(f"unknown sandbox {kind!r}: choose one of {', '.join(SANDBOX_KINDS)}")
    if kind == "none":
        if not allow_unsandboxed:
            raise ConfigError(
                "sandbox 'none' runs code under test unsandboxed: it needs the explicit "
                "--unsandboxed flag"
            )
        return UnsandboxedRunner()
    if kind in ("docker", "podman"):
        if not image:
            raise ConfigError(f"sandbox {kind!r} needs an image (--image NAME)")
        return ContainerSandbox(kind, image)
    if kind == "bwrap":
        return BwrapSandbox(extra_ro=extra_ro)
    try:
        return BwrapSandbox(extra_ro=extra_ro)
    except SandboxUnavailable as e:
        if not image:
            raise SandboxUnavailable(
                f"{e} (no container image given as an alternative; running unsandboxed needs "
                "the explicit --unsandboxed flag)"
            ) from e
        reasons = [f"bwrap: {e}"]
        for engine in ("docker", "podman"):
            try:
                return ContainerSandbox(engine, image)
            except SandboxUnavailable as e2:
                reasons.append(f"{engine}: {e2}")
        raise SandboxUnavailable("no sandbox could start: " + "; ".join(reasons)) from e
