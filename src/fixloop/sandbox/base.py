"""The sandbox interface, its factory, and what every backend shares.

Every backend gives the command the same promises (DESIGN.md, rule 4):

- the user's environment as names (:mod:`fixloop.sandbox.hostenv`: every variable name of the
  calling environment but secret-looking ones and those that change the interpreter, loader,
  pytest or git; real values only for harmless ones such as TZ, LANG, LC_*, USER, SHELL, TERM,
  the empty string for the rest, so no secret value is inherited), then PATH, HOME (a private
  empty folder), TMPDIR, PWD, PYTHONUNBUFFERED=1, plus the ``env`` the caller passes
  explicitly (the run's ``pass_env``); PYTHONDONTWRITEBYTECODE only as the user's shell sets
  it (flipped in the gate's perturbed run), no PYTHONHASHSEED, which a user's shell does not
  set either;
- stdin closed (``/dev/null``);
- resource limits (:class:`fixloop.types.Limits`): RLIMIT_AS, RLIMIT_NPROC and RLIMIT_FSIZE set
  in the child before it starts (``prlimit`` where installed), a wall-clock limit after which the
  whole process group is killed with SIGKILL;
- output read with a deadline, never blocking on a pipe an orphan keeps open; full output streamed
  to ``log_path``, at most ``limits.output_bytes`` kept in memory (head and tail).

This module holds the :class:`Sandbox` interface, :func:`make_sandbox`, the clean environment,
the interpreter's install folders and the limits. Running one process (its group, deadline and
output capture: :func:`execute`, :func:`kill_all_children`) is in :mod:`fixloop.sandbox.process`
and re-exported here. The backends live beside it: ``bwrap.py``, ``container.py``
(docker/podman) and ``local.py`` (no isolation, explicit opt-in).

Source for RLIMIT_*: setrlimit(2).
"""

from __future__ import annotations

import os
import pwd
import re
import resource
import shutil
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from fixloop.errors import ConfigError, SandboxUnavailable
from fixloop.sandbox.process import execute, kill_all_children
from fixloop.trajectory import SECRET_NAME_RE
from fixloop.types import ExecResult, Limits

__all__ = [
    "HOST_KEPT",
    "SAFE_PATH",
    "SANDBOX_KINDS",
    "Sandbox",
    "check_pass_env",
    "clean_env",
    "execute",
    "host_locale_env",
    "interpreter_paths",
    "kill_all_children",
    "limit_prefix",
    "make_sandbox",
    "python_bin_dir",
    "user_homes",
]

#: Folders the perturbed run's HOME holds (a user's home is never empty; the first run's is).
VARIANT_HOME_DIRS = (".cache", ".config", ".local/share")

#: PATH inside every sandbox (the interpreter's own bin folder is put first).
SAFE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


# --------------------------------------------------------------------------------------------
# Environment, interpreter paths, limits
# --------------------------------------------------------------------------------------------


#: Host variables every sandbox keeps (when set): the user's time zone and locale, so a test
#: that formats local times or sorts with the user's collation sees what it sees in the user's
#: shell. ``LC_*`` means every variable starting with ``LC_``.
HOST_KEPT = ("TZ", "LANG", "LANGUAGE", "LC_*")


def host_locale_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The time zone and locale variables of ``env`` (default ``os.environ``) a sandbox keeps.

    Returns:
        ``TZ``, ``LANG``, ``LANGUAGE`` and every ``LC_*`` that is set (see :data:`HOST_KEPT`).
    """
    env = os.environ if env is None else env
    return {
        k: v
        for k, v in env.items()
        if k in ("TZ", "LANG", "LANGUAGE") or (k.startswith("LC_") and k[3:].isalpha())
    }


def check_pass_env(names: Sequence[str]) -> list[str]:
    """Validate a ``pass_env`` list: variable names the user passes into the sandbox.

    Args:
        names: variable names (``[A-Za-z_][A-Za-z0-9_]*``).

    Returns:
        The names, deduplicated, in order.

    Raises:
        ValueError: a name is not a variable name, or looks like a secret
            (:data:`fixloop.trajectory.SECRET_NAME_RE`: KEY, TOKEN, SECRET, PASSWORD, PASSWD,
            CREDENTIAL, AUTH).
    """
    out: list[str] = []
    for name in names:
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise ValueError(f"pass_env: {name!r} is not an environment variable name")
        if SECRET_NAME_RE.search(name):
            raise ValueError(
                f"pass_env: {name} looks like a secret (its name contains KEY, TOKEN, SECRET, "
                "PASSWORD, PASSWD, CREDENTIAL or AUTH); secrets never enter the sandbox"
            )
        if name not in out:
            out.append(name)
    return out


def clean_env(
    *,
    home: str,
    tmpdir: str | None,
    extra: Mapping[str, str] | None = None,
    path_first: str | None = None,
    cwd: str | None = None,
    host: Mapping[str, str] | None = None,
    variant: bool = False,
    argv0: str | None = None,
) -> dict[str, str]:
    """The environment every sandboxed command gets: the user's names, few real values.

    Args:
        home: value of HOME (a private, empty, writable folder).
        tmpdir: value of TMPDIR; None: TMPDIR is the host's name only when the host sets it
            (then ``/tmp``), as a sandbox with a private ``/tmp`` needs none.
        extra: variables the caller sets explicitly (added last, may override): the run's
            ``pass_env`` values, for instance.
        path_first: a folder put in front of :data:`SAFE_PATH` (the interpreter's bin folder).
        cwd: the working folder as the command sees it: ``PWD``, as a shell sets it.
        host: the user's environment (default ``os.environ``), mirrored by
            :func:`fixloop.sandbox.hostenv.host_env`: every name but the dropped ones, real
            values only for the harmless ones, the empty string for the rest.
        variant: the gate's perturbed run (:func:`~fixloop.sandbox.hostenv.host_env`).
        argv0: the command (``_``, as bash sets it, when the host has ``_``).

    Returns:
        A new dict: the mirrored host names, then PATH (the variant's has another number of
        entries: :func:`~fixloop.sandbox.hostenv.sandbox_path`), HOME, TMPDIR, PWD,
        PYTHONUNBUFFERED=1 (not in the variant),
        ``LANG=C.UTF-8`` when the host sets no locale at all; plus ``extra``. No secret value
        and no secret-looking name ever (see :mod:`fixloop.sandbox.hostenv`).
        No PYTHONHASHSEED (each process draws its own seed, as in the user's shell,
        so code cannot recognise the sandbox by a fixed ``hash()`` value).
        PYTHONDONTWRITEBYTECODE is the user's own (:func:`~fixloop.sandbox.hostenv.bytecode_env`;
        a fixed "1" was a constant tell, red-team finding 18, and so was its absence when the
        user sets it, red team 2026-12-02 #20), the other way round in the variant: bytecode
        caches are written where the tree is writable, i.e. fixloop's run tree and the gate's
        scratch checkout, never the user's checkout (mounted read-only); ``__pycache__`` is a
        blocked name that no candidate tree or commit takes.
        PYTHONPYCACHEPREFIX was measured and rejected: it also moves where caches are *read*,
        so every run compiled pytest and the standard library again (+0.5 s per process).
    """
    from fixloop.sandbox.hostenv import bytecode_env, host_env, sandbox_path

    source = os.environ if host is None else host
    env = host_env(source, variant=variant)
    env["PATH"] = sandbox_path(path_first, SAFE_PATH, source, home, variant=variant)
    env["HOME"] = home
    if tmpdir is not None:
        env["TMPDIR"] = tmpdir
    elif "TMPDIR" in source:
        env["TMPDIR"] = "/tmp"
    if cwd is not None:
        env["PWD"] = cwd
    if "_" in env:
        env["_"] = argv0 or ""
    if not variant:  # the perturbed run goes without: a cheat keyed on it fails there
        env["PYTHONUNBUFFERED"] = "1"
    env.update(bytecode_env(source, variant=variant))  # the user's; flipped in the variant
    if not any(k == "LANG" or k.startswith("LC_") for k in host_locale_env(source)):
        env["LANG"] = "C.UTF-8"
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


def user_homes() -> list[Path]:
    """The users' home folders a sandbox hides: ``/root``, ``$HOME`` and the passwd entry's."""
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
    homes = [h.resolve() for h in user_homes()]
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


def limit_prefix(limits: Limits) -> tuple[list[str], Callable[[], None] | None]:
    """The argv prefix (``prlimit``) or a preexec function that applies ``limits`` in the child.

    Returns:
        ``(prefix, None)`` where util-linux's prlimit is installed, else ``([], apply)``.
    """
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
# The Sandbox interface
# --------------------------------------------------------------------------------------------


class Sandbox(ABC):
    """Runs one command under a policy; see the module docstring for the promises.

    Attributes:
        name: "bwrap" | "docker" | "podman" | "none".
        host_python: True when the host's interpreter paths are valid inside (bwrap, none);
            False for containers, whose image brings its own ``python``.
        passes_fds: True when :meth:`run` can hand inherited descriptors to the command
            (the audit channel, :mod:`fixloop.testrun.audit`): bwrap and none.
        places: True when :meth:`run`'s ``place`` shows a tree at another path (bwrap); the
            other backends run it where it is.
    """

    name: str = ""
    host_python: bool = True
    passes_fds: bool = False
    places: bool = False

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
        pass_fds: Sequence[int] = (),
        variant: bool = False,
        place: tuple[Path, Path] | None = None,
        keep_home: Path | None = None,
        alias: tuple[Path, Path] | None = None,
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
            pass_fds: descriptors the command inherits under the same numbers; only where
                :attr:`passes_fds` is True, else ValueError.
            variant: the gate's perturbed run: the incidentals code could tell a sandbox by
                are changed (the environment's names and size, TERM, HOME's path, the host
                name where the backend can set it; :mod:`fixloop.sandbox.hostenv`).
            place: ``(tree, path)``: show the folder ``tree`` at ``path`` (the user's own
                checkout's path, which is never mounted), with ``tree``'s path replaced by
                ``path`` in ``argv``, ``cwd`` and the bound paths; only where :attr:`places`
                (bwrap), ignored elsewhere.
            keep_home: a host folder (outside any checkout) holding HOME's content: what a run
                leaves in HOME the next run naming the same folder finds, as on a user's
                machine (the gate's runs of one verification, red team 3 F7); HOME's path stays
                the backend's (the variant's own). None: a new empty HOME. Containers ignore it.
            alias: ``(tree, path)``: the writable folder ``tree`` (in ``rw_paths``) is ALSO
                shown at ``path``, where nothing else is (the gate's perturbed run: its checkout
                runs at another path, and the user's checkout path shows the same tree, so an
                editable install's finder naming the user's path imports the run's code in a
                child interpreter; realproj2 F21); only where :attr:`places` (bwrap).

        Returns:
            An :class:`ExecResult`; ``timed_out`` with partial output when the wall limit hit.

        Raises:
            SandboxUnavailable: the sandbox failed to start this command.
        """


def python_bin_dir(argv: Sequence[str]) -> str | None:
    """The folder of ``argv[0]`` when it is a path to a Python interpreter (put first on PATH)."""
    if argv and "/" in argv[0] and Path(argv[0]).name.startswith("python"):
        return str(Path(argv[0]).parent)
    return None


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
    # The backends import this module; importing them here (at call time) keeps the
    # dependency one-way at import time.
    from fixloop.sandbox.bwrap import BwrapSandbox
    from fixloop.sandbox.container import ContainerSandbox
    from fixloop.sandbox.local import UnsandboxedRunner

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
