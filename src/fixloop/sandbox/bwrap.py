"""The bubblewrap backend (the default on Linux).

Adds to the promises of :mod:`fixloop.sandbox.base`: an allow-list of mounts instead of the
host's filesystem. Visible, read-only: the system (``/usr``, ``/bin``, ``/sbin``, ``/lib*``, the
pieces of ``/etc`` in :data:`ETC_ENTRIES`), the interpreter's install folders (its prefix, a
venv's base prefix: :func:`fixloop.sandbox.base.interpreter_paths`), the working folder and the
caller's ``ro_paths``; writable: the caller's ``rw_paths``; private: ``/tmp``, ``/dev/shm``,
``/dev`` and ``/proc``; ``HOME`` is an empty, writable folder at the path ``/etc/passwd`` gives the
user (:func:`sandbox_home`), so it looks like an ordinary home. Nothing else exists inside: the user's checkout (its ``.env``), home
folders, ``/srv``, ``/opt``, ``/var``, ``/run`` and the host's unix sockets are invisible. New
network/pid/ipc/uts namespaces (``--unshare-all``), ``--die-with-parent``, ``--new-session``, ``--cap-drop ALL``.
Only ``rw_paths`` are writable. A start-up probe inside the sandbox proves that the network is
unreachable; when it is not, or bwrap cannot start, :class:`fixloop.errors.SandboxUnavailable` is
raised: never a silent fallback.

Source for the bwrap options: bubblewrap(1) 0.8 manual.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import select
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from fixloop.errors import SandboxUnavailable
from fixloop.sandbox import hostenv, standins
from fixloop.sandbox.base import (
    VARIANT_HOME_DIRS,
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

#: System folders bound read-only at their own path: programs, libraries, data (zoneinfo).
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")

#: The pieces of /etc programs and Python need (dynamic linker, users and groups for ``pwd``,
#: time zone, locale, TLS certificates, ``/etc/alternatives`` that /usr/bin links point into,
#: name-service and MIME tables); nothing else of /etc is visible.
ETC_ENTRIES = (
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "ld.so.preload",
    "passwd",
    "group",
    "nsswitch.conf",
    "hosts",
    "host.conf",
    "protocols",
    "services",
    "localtime",
    "timezone",
    "locale.alias",
    "locale.conf",
    "default/locale",
    "alternatives",
    "ssl",
    "ca-certificates",
    "ca-certificates.conf",
    "pki",
    "mime.types",
    "os-release",
    "lsb-release",
    "debian_version",
    "issue",
    "fonts",
    "python3",
    "xdg",
)


#: Top-level folders of the file-system hierarchy shown as empty stand-ins (``--dir``) when the
#: host has them and no bind shows them: ``not os.path.isdir(<root>/var)`` with the root found
#: at run time told every gate run from a user's shell (redteam4 G4). Their content stays
#: hidden (``/var``, ``/run`` and ``/srv`` hold the host's data, sockets and services).
STANDIN_DIRS = ("/boot", "/home", "/media", "/mnt", "/opt", "/root", "/run", "/srv", "/sys", "/var")


def standin_dirs() -> list[str]:
    """The bwrap options for :data:`STANDIN_DIRS` (empty folders, mode 0755)."""
    out: list[str] = []
    for d in STANDIN_DIRS:
        if os.path.isdir(d) and not os.path.islink(d):
            out += ["--perms", "0755", "--dir", d]
    return out


def system_mounts() -> list[str]:
    """The bwrap options that show the system read-only.

    :data:`SYSTEM_DIRS` and :data:`ETC_ENTRIES` that exist are bound at their own path (symbolic
    links recreated as links, e.g. ``/lib -> usr/lib`` on merged-/usr systems, ``/etc/localtime``).

    Everything else of the host (``/home``, ``/root``, ``/srv``, ``/opt``, ``/var``, ``/run``,
    ``/tmp``, ``/mnt`` ...) is absent unless a run binds a folder of it.
    """
    out: list[str] = []
    for d in (*SYSTEM_DIRS, *(f"/etc/{e}" for e in ETC_ENTRIES)):
        if os.path.islink(d):
            out += ["--symlink", os.readlink(d), d]
        elif os.path.exists(d):
            out += ["--ro-bind", d, d]
    return out


#: HOME inside the sandbox when the user's own home path cannot be used (see sandbox_home).
FALLBACK_HOME = "/home/user"


def sandbox_home() -> str:
    """HOME inside the sandbox: the home path ``/etc/passwd`` gives this user, created empty.

    ``/etc/passwd`` is visible inside (``pwd`` works), so an ordinary process sees ``HOME``
    equal to its passwd entry's home; a name of fixloop's own (the old ``/tmp/.fixloop-home``)
    told code under test that it was being verified. Only the path is the user's: the folder is
    a new, empty one on the sandbox's own root (its host contents stay hidden, as every home's).

    Returns:
        the passwd home of ``os.getuid()``, or :data:`FALLBACK_HOME` when there is none or it
        is ``/``, relative, or inside a folder the sandbox shows read-only or makes itself
        (``/usr``..., ``/proc``, ``/dev``, ``/tmp``).
    """
    try:
        home = os.path.normpath(pwd.getpwuid(os.getuid()).pw_dir or "")
    except KeyError:
        return FALLBACK_HOME
    special = ("/proc", "/dev", "/tmp", "/etc", "/nonexistent")
    if (
        not home.startswith("/")
        or home == "/"
        or _is_system(home)
        or any(home == d or home.startswith(d + "/") for d in special)
    ):
        return FALLBACK_HOME
    return home


#: The file-access capabilities a root shell holds and every sandboxed command of a root user
#: keeps (bit numbers of capabilities(7)).
ROOT_CAPS = {"CAP_DAC_OVERRIDE": 1, "CAP_DAC_READ_SEARCH": 2, "CAP_FOWNER": 3}


def root_caps() -> list[str]:
    """``--cap-add`` options for a user who is root: the file-access capabilities it holds.

    ``--cap-drop ALL`` left a root user's tests with uid 0 but without the capabilities that
    let root read a mode-000 folder or chmod any file: every gate run answered a permission
    check as no root shell does (realproj3 G25: ``os.access(<chmod 000 dir>, R_OK)``; and
    aiofiles' own test_access fails in a root shell, passes in the gate). Read-only binds
    still hold (a write there fails with EROFS, not a permission check), and nothing beyond the
    binds exists inside. Not root, or a root without them (an unprivileged container): none.
    """
    if os.geteuid() != 0:
        return []
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            eff = next((ln.split()[1] for ln in fh if ln.startswith("CapEff:")), "0")
        held = int(eff, 16)
    except (OSError, ValueError):
        return []
    out: list[str] = []
    for name, bit in ROOT_CAPS.items():
        if held >> bit & 1:
            out += ["--cap-add", name]
    return out


def _shown_at(place: tuple[str, str] | None) -> Callable[[str], str]:
    """The path inside the sandbox of a host path (``place``: ``(tree, shown path)``)."""
    if place is None:
        return lambda p: p
    tree, at = place

    def shown(p: str) -> str:
        if p == tree:
            return at
        if p.startswith(tree + "/"):
            return at + p[len(tree) :]
        return p

    return shown


def _literal(text: str) -> Callable[[re.Match[str]], str]:
    """A ``re.sub`` replacement that inserts ``text`` as it is (no backslash escapes)."""
    return lambda _m: text


def place_argv(argv: Sequence[str], tree: str, at: str) -> list[str]:
    """``argv`` with the path ``tree`` replaced by ``at`` in each argument.

    Also the JSON-escaped spelling (a config in a ``json.dumps`` argument escapes non-ASCII
    characters). Only a path followed by ``/``, a quote or the end of the argument is replaced.
    """
    pairs = [(tree, at)]
    esc_tree, esc_at = json.dumps(tree)[1:-1], json.dumps(at)[1:-1]
    if esc_tree != tree:
        pairs.append((esc_tree, esc_at))
    out: list[str] = []
    for a in argv:
        for old, new in pairs:
            a = re.sub(re.escape(old) + r'(?=/|"|\\|$|:)', _literal(new), a)
        out.append(a)
    return out


def place_file(path: Path, place: tuple[Path, Path] | None) -> None:
    """Rewrite the text file ``path`` (a run's config) as :meth:`BwrapSandbox.run` rewrites argv.

    A config that travels as a file (``@io/config.json``: thousands of ids pass Linux's limit on
    one argument) names the tree by its own path; with ``place`` the sandbox shows the tree at
    the user's repository path, so the file must name that one. None, or no such file (a
    command that is not pytest's): nothing is done.
    """
    if place is None or not path.is_file():
        return
    tree, at = os.path.realpath(place[0]), os.path.abspath(place[1])
    path.write_text(place_argv([path.read_text(encoding="utf-8")], tree, at)[0], encoding="utf-8")


def variant_home() -> str:
    """HOME in the gate's perturbed run: another ordinary home path than :func:`sandbox_home`.

    ``/home/NAME`` with a user folder name drawn anew for each run
    (:func:`fixloop.sandbox.hostenv.variant_user`; a fixed ``/home/dev`` was a constant of the
    perturbed run, red team 3 F14).
    """
    home = sandbox_home()
    own = home.rsplit("/", 1)[-1] if home.startswith("/home/") else ""
    return f"/home/{hostenv.variant_user(own)}"


def variant_hostname() -> str:
    """The host name in the gate's perturbed run, drawn anew, never the host's own (``--hostname``).

    See :func:`fixloop.sandbox.hostenv.variant_hostname` (a fixed ``devbox`` was a constant of
    the perturbed run, red team 3 F14).
    """
    return hostenv.variant_hostname(socket.gethostname())


def _inside(path: str, top: str) -> str | None:
    """``path`` relative to ``top`` ("" for ``top`` itself), or None when it is not inside."""
    if path == top:
        return ""
    return path[len(top) :] if path.startswith(top.rstrip("/") + "/") else None


def _needed(binds: list[tuple[int, str, str, str]]) -> list[tuple[int, str, str, str]]:
    """``binds`` without those a writable bind already shows: ``(depth, option, src, dest)``.

    Left out: a read-only bind of the very folder a writable bind shows at the same place (the
    working folder that is also writable), and a writable bind inside another writable bind
    at the same relative place (the gate's perturbed checkout inside its bound temporary
    folder: :meth:`fixloop.gate.runs.FreshCheckoutRuns._perturbed`), so that folder and the
    ones above it up to the outer bind are one mount, on one device, as in a user's checkout.
    Read-only binds inside a writable one (``.git`` entries) stay.
    """
    rw = [(s, d) for _, o, s, d in binds if o == "--bind"]
    out = []
    for b in binds:
        _, opt, src, dest = b
        if opt == "--ro-bind" and (src, dest) in rw:
            continue
        if opt == "--bind" and any(
            (s, d) != (src, dest)
            and (rel := _inside(src, s)) is not None
            and rel == _inside(dest, d)
            for s, d in rw
        ):
            continue
        out.append(b)
    return out


def _is_system(path: str) -> bool:
    """True for a path already shown by :func:`system_mounts` (no second bind needed)."""
    return any(
        path == d or path.startswith(d + "/")
        for d in SYSTEM_DIRS
        if os.path.isdir(d) and not os.path.islink(d)
    )


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
    places = True

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
        if probe:
            self.probe()

    def _args(
        self,
        argv: Sequence[str],
        *,
        cwd: Path,
        ro_paths: Sequence[Path],
        rw_paths: Sequence[Path],
        env: Mapping[str, str],
        status_fd: int,
        variant: bool = False,
        place: tuple[str, str] | None = None,
        keep_home: Path | None = None,
        fakes: standins.FakeObjects | None = None,
        alias: tuple[Path, Path] | None = None,
    ) -> list[str]:
        shown = _shown_at(place)
        vhost = variant_hostname() if variant else ""
        if vhost and fakes is not None:  # /etc/hosts names the run's host (redteam4 G12)
            standins.variant_hosts(fakes, socket.gethostname(), vhost)
        args = [
            self.bwrap,
            "--die-with-parent",
            "--new-session",
            "--unshare-all",
            "--cap-drop",
            "ALL",
            *root_caps(),
            *(["--hostname", vhost] if variant else []),
        ]
        args += system_mounts()
        args += ["--dev", "/dev", "--tmpfs", "/dev/shm", "--proc", "/proc", "--tmpfs", "/tmp"]
        args += standin_dirs()  # before the binds: a bind below one of them keeps working
        binds: list[tuple[int, str, str, str]] = []  # (depth, option, source, destination)
        ro: list[Path] = [*self.extra_ro, *ro_paths, cwd]
        if argv and "/" in argv[0]:
            ro += list(interpreter_paths(argv[0]))
        for p in ro:
            rp = os.path.realpath(p)
            if not os.path.exists(rp) or _is_system(rp):
                continue
            for dest in dict.fromkeys([shown(rp), shown(os.path.abspath(p))]):
                binds.append((dest.count("/"), "--ro-bind", rp, dest))
        for p in rw_paths:
            rp = os.path.realpath(p)
            if not os.path.exists(rp):
                raise SandboxUnavailable(f"writable path {rp} does not exist")
            binds.append((shown(rp).count("/"), "--bind", rp, shown(rp)))
        if alias is not None:  # the tree also at the user's checkout path (realproj2 F21)
            dest, tree = os.path.abspath(alias[1]), os.path.realpath(alias[0])
            binds.append((dest.count("/"), "--bind", tree, dest))
            for p in ro_paths:  # its read-only entries (.git) stay read-only there too
                rp = os.path.realpath(p)
                if (rel := _inside(rp, tree)) and os.path.exists(rp):
                    there = dest + rel
                    binds.append((there.count("/"), "--ro-bind", rp, there))
        if keep_home is not None:  # the previous runs' HOME, under any deeper bind (an
            # interpreter in ~/.pyenv stays visible): F7
            binds.append(
                (env["HOME"].count("/"), "--bind", os.path.realpath(keep_home), env["HOME"])
            )
        for _, opt, src, dest in sorted(_needed(binds), key=lambda b: (b[0], b[1] == "--bind")):
            args += [opt, src, dest]
        home = env["HOME"]
        if keep_home is None:
            args += ["--dir", home]
        for d in VARIANT_HOME_DIRS if variant else ():  # a home that is not empty
            args += ["--dir", f"{home}/{d}"]
        shown_dests = [b[3] for b in binds]
        for opt, pairs in (("--bind", fakes.binds), ("--ro-bind", fakes.ro_binds)) if fakes else ():
            for src, dest in pairs:  # the variant's SSH_AUTH_SOCK exists (F37), /etc/hosts (G12)
                if not any(_inside(dest, d) is not None for d in shown_dests):  # not in a bind
                    args += [opt, src, dest]
        args += ["--chdir", shown(os.path.realpath(cwd)), "--clearenv"]
        for k, v in env.items():
            args += ["--setenv", k, v]
        args += ["--json-status-fd", str(status_fd), "--"]
        if variant:  # the perturbed run (see standins.variant_wrapper)
            args += standins.variant_wrapper(argv)
        return [*args, *argv]

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
        """Run ``argv`` under bubblewrap; see :meth:`Sandbox.run`.

        ``place``: ``(tree, path)``: the folder ``tree`` is shown at ``path`` (and not at its
        own path): ``cwd``, ``ro_paths`` and ``rw_paths`` under ``tree`` are bound there, and
        ``tree``'s path in each argument of ``argv`` is replaced by ``path``
        (:func:`place_argv`).

        ``variant``: another HOME path (:func:`variant_home`) and host name
        (:func:`variant_hostname`, in the sandbox's own UTS namespace), the environment's
        variant (:func:`fixloop.sandbox.hostenv.host_env`), other process ids
        (:func:`fixloop.sandbox.standins.variant_wrapper`); the made-up paths of its secret-looking names exist
        (:func:`fixloop.sandbox.standins.fake_objects`: a socket bound from a private host
        folder, removed after).
        """
        if not argv:
            raise ValueError("empty argv")
        where = (os.path.realpath(place[0]), os.path.abspath(place[1])) if place else None
        if where is not None:
            argv = place_argv(argv, *where)
        full_env = clean_env(
            home=variant_home() if variant else sandbox_home(),
            tmpdir=None,
            extra=env,
            path_first=python_bin_dir(argv),
            cwd=_shown_at(where)(os.path.realpath(cwd)),
            variant=variant,
            argv0=argv[0],
        )
        prefix, preexec = limit_prefix(limits)
        fakes = standins.fake_objects(full_env) if variant else standins.FakeObjects()
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
                variant=variant,
                place=where,
                keep_home=keep_home,
                fakes=fakes,
                alias=alias if where is None else None,
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
            fakes.close()
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
