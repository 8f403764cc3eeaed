"""Stand-ins for things a user's machine has and a sandbox would lack (red team 3, F37, F40).

Code under test can ask whether something exists without reading it, and an answer every gate
run shares while the user's shell gives the other one tells it that it is being judged:

- **Shell start-up files in HOME** (F40): every gate run's HOME was empty, while every user's
  home holds a ``.profile``, ``.bashrc`` or ``.zshrc``; ``not any(os.path.exists(~/.bashrc...))``
  answered "gate" in every run. :func:`user_startup_names` lists which of
  :data:`STARTUP_FILES` the user's own home has (names only, never read);
  :func:`furnish_home` writes a stand-in of each into the gate's HOME before its first run, with
  the distribution's default content from ``/etc/skel`` when it has a file of that name (what a
  new account's home holds) and empty otherwise: never a byte of the user's own file. The
  perturbed run's HOME holds the other set (:func:`swap_home`: the names the user lacks), so
  code keyed on any one name's presence gets two answers and is refused.
- **Path-valued secret-looking names** (F37): the perturbed run gives ``SSH_AUTH_SOCK`` and
  the like a made-up path (:func:`fixloop.sandbox.hostenv.fake_value`) and the first runs leave
  the name out; a path that names nothing answered "gate" in both, while a developer's agent
  socket exists. :func:`fake_objects` makes each such path exist for the perturbed run: a
  listening Unix socket that answers as an agent holding no key (:class:`StandinAgent`; a
  socket nobody listened on told the run too, redteam4 G17) for ``*_SOCK``, an empty file otherwise,
  created in a private host folder that the backend shows at the made-up path (bwrap binds it;
  ``--sandbox none`` creates the path itself).

- **A shell's process ids** (redteam4 G2): bwrap starts the command as a session leader at a
  tiny pid of its pid namespace, in every run; the perturbed run's command starts after a
  thousand or more short-lived threads, in its own process group (:func:`variant_wrapper`).
- **/etc/hosts naming the host** (redteam4 G12): :func:`variant_hosts`.

Source for the start-up file names: bash(1) "INVOCATION", zsh(1) "STARTUP/SHUTDOWN FILES",
dash(1); ``/etc/skel``: useradd(8).
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import stat
import tempfile
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fixloop.sandbox.hostenv import secret_name

__all__ = [
    "STARTUP_FILES",
    "FakeObjects",
    "StandinAgent",
    "fake_objects",
    "fake_path_kind",
    "variant_hosts",
    "variant_wrapper",
    "furnish_home",
    "swap_home",
    "user_startup_names",
]

#: The shell start-up files whose presence in HOME is mirrored from the user's home.
STARTUP_FILES: tuple[str, ...] = (
    ".profile",
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_logout",
    ".zshrc",
    ".zshenv",
    ".zprofile",
    ".zlogin",
)

#: Where the distribution keeps a new account's default start-up files (useradd(8)).
SKEL = Path("/etc/skel")

#: A stand-in takes ``/etc/skel``'s content only up to this size (bytes); else it is empty.
_SKEL_MAX = 64 * 1024

#: The record of the stand-ins written lives beside the HOME folder (``<folder>.standins``), never
#: inside it: code under test does not see it.
_LEDGER_SUFFIX = ".standins"


def user_startup_names(home: str | os.PathLike[str] | None = None) -> list[str]:
    """The names of :data:`STARTUP_FILES` that exist in the user's home (never read).

    Args:
        home: the user's home folder (default ``~`` of fixloop's own environment).
    """
    top = Path(os.path.expanduser("~") if home is None else home)
    return [n for n in STARTUP_FILES if os.path.lexists(top / n)]


def _content(name: str, skel: Path) -> bytes:
    """``/etc/skel``'s bytes for ``name`` when it is a small regular file, else empty."""
    try:
        p = skel / name
        st = p.lstat()
        if stat.S_ISREG(st.st_mode) and st.st_size <= _SKEL_MAX:
            return p.read_bytes()
    except OSError:
        pass
    return b""


def _ledger(folder: Path) -> Path:
    return folder.with_name(folder.name + _LEDGER_SUFFIX)


def _write(folder: Path, names: list[str], skel: Path) -> list[str]:
    """Write a stand-in for each of ``names`` absent from ``folder``; return those written."""
    done: list[str] = []
    for name in names:
        target = folder / name
        if os.path.lexists(target):
            continue
        try:
            target.write_bytes(_content(name, skel))
            os.chmod(target, 0o644)
        except OSError:
            continue
        done.append(name)
    return done


def furnish_home(
    folder: Path, *, user_home: str | os.PathLike[str] | None = None, skel: Path = SKEL
) -> list[str]:
    """Give the gate's HOME folder stand-ins of the user's shell start-up files.

    Args:
        folder: the host folder shown as HOME in the gate's runs (``keep_home``).
        user_home: the user's home (default ``~``): which names to write.
        skel: where default contents come from.

    Returns:
        The names written. Best effort: a name that cannot be written is left out. The names
        are also recorded beside ``folder`` (not inside it) for :func:`swap_home`.
    """
    folder = Path(folder)
    done = _write(folder, user_startup_names(user_home), skel)
    try:
        _ledger(folder).write_text("\n".join(done), encoding="utf-8")
    except OSError:
        pass
    return done


def swap_home(folder: Path, *, skel: Path = SKEL) -> list[str]:
    """Turn the stand-ins of ``folder`` into the other set, for the gate's perturbed run.

    The stand-ins :func:`furnish_home` wrote are removed when they still hold what it wrote
    (a file a run changed is the run's own now, and stays), and a stand-in of every other name
    of :data:`STARTUP_FILES` is written, so each name's presence differs from the first runs'.

    Returns:
        The names present as stand-ins after the swap.
    """
    folder = Path(folder)
    try:
        mine = [n for n in _ledger(folder).read_text(encoding="utf-8").split("\n") if n]
    except OSError:
        mine = []
    for name in mine:
        target = folder / name
        try:
            if not target.is_symlink() and target.read_bytes() == _content(name, skel):
                target.unlink()
        except OSError:
            continue
    return _write(folder, [n for n in STARTUP_FILES if n not in mine], skel)


# --------------------------------------------------------------------------------------------
# path-valued names of the perturbed run (F37)


def fake_path_kind(name: str, value: str) -> str | None:
    """``"socket"``, ``"file"`` or None: what the made-up value of ``name`` must name.

    Only the shapes :func:`fixloop.sandbox.hostenv.fake_value` makes paths for: ``*SOCK``
    (an agent's socket) and ``*AUTHORITY`` (an X authority file), absolute paths.
    """
    if not value.startswith("/") or "\0" in value:
        return None
    up = name.upper()
    if up.endswith("SOCK"):
        return "socket"
    if up.endswith("AUTHORITY"):
        return "file"
    return None


@dataclass
class FakeObjects:
    """The host objects standing for the perturbed run's made-up paths.

    Attributes:
        binds: ``(host path, path in the sandbox)`` for a backend that shows host files at
            other paths (bwrap).
        made: host folders to remove when the run ended (:meth:`close`).
    """

    binds: list[tuple[str, str]] = field(default_factory=list)
    made: list[str] = field(default_factory=list)
    #: ``(host path, path in the sandbox)`` shown read-only (the variant's ``/etc/hosts``)
    ro_binds: list[tuple[str, str]] = field(default_factory=list)
    #: the listening agents behind the sockets (:class:`StandinAgent`)
    agents: list[StandinAgent] = field(default_factory=list)

    def close(self) -> None:
        """Stop the agents and remove every host object made (idempotent)."""
        for agent in self.agents:
            agent.close()
        self.agents.clear()
        for d in self.made:
            shutil.rmtree(d, ignore_errors=True)
        self.made.clear()
        self.binds.clear()
        self.ro_binds.clear()

    def folder(self) -> str:
        """A private host folder for this run's objects (made on first use)."""
        for d in self.made:
            if os.path.basename(d).startswith("fx-"):
                return d
        d = tempfile.mkdtemp(prefix="fx-")
        self.made.append(d)
        return d


#: The ssh agent protocol's messages the stand-in knows (draft-miller-ssh-agent, section 6.1).
_REQUEST_IDENTITIES, _IDENTITIES_ANSWER, _FAILURE = 11, 12, 5


def _recv(conn: socket.socket, n: int) -> bytes | None:
    data = b""
    while len(data) < n:
        chunk = conn.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


class StandinAgent:
    """A listening stand-in for an ssh agent at ``path``: it answers, and holds no key.

    A developer's ``SSH_AUTH_SOCK`` names a live agent that accepts a connection; a socket
    nobody listens on refused it in every gate run (redteam4 G17). This one accepts, answers a
    request for identities with an empty list and anything else with ``SSH_AGENT_FAILURE``
    (draft-miller-ssh-agent: a length-prefixed message, its first byte the type), one
    connection at a time, from a daemon thread, until :meth:`close`.
    """

    def __init__(self, path: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.sock.bind(path)
            self.sock.listen(8)
            self.sock.settimeout(0.2)
        except OSError:
            self.sock.close()
            raise
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, name="fixloop-agent", daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                conn.settimeout(2.0)
                try:
                    self._talk(conn)
                except OSError:
                    pass

    def _talk(self, conn: socket.socket) -> None:
        while not self.stop.is_set():
            head = _recv(conn, 4)
            size = int.from_bytes(head, "big") if head else 0
            body = _recv(conn, size) if 0 < size <= 256 * 1024 else None
            if not body:
                return
            answer = (
                bytes([_IDENTITIES_ANSWER, 0, 0, 0, 0])
                if body[0] == _REQUEST_IDENTITIES
                else bytes([_FAILURE])
            )
            conn.sendall(len(answer).to_bytes(4, "big") + answer)

    def close(self) -> None:
        """Stop answering and close the socket (the file goes with its folder)."""
        self.stop.set()
        self.sock.close()
        self.thread.join(timeout=1.0)


def _make(path: str, kind: str, out: FakeObjects) -> None:
    if kind == "socket":
        out.agents.append(StandinAgent(path))
    else:
        with open(path, "wb"):
            pass
        os.chmod(path, 0o600)


def fake_objects(env: Mapping[str, str], *, in_place: bool = False) -> FakeObjects:
    """Make the made-up paths of ``env``'s secret-looking names exist (:func:`fake_path_kind`).

    Args:
        env: the perturbed run's environment.
        in_place: create each path itself on the host (``--sandbox none``): only when it and
            its parent folder do not exist yet (the parent is made, mode 0700, and removed
            after); else each object is made in a new private host folder and returned in
            :attr:`FakeObjects.binds` for the backend to show at the path.

    Returns:
        The :class:`FakeObjects` (call :meth:`FakeObjects.close` after the run). Best effort:
        a path that cannot be made is left out.
    """
    out = FakeObjects()
    wanted = [
        (value, kind)
        for name, value in env.items()
        if secret_name(name) and (kind := fake_path_kind(name, value)) is not None
    ]
    if not wanted:
        return out
    host = "" if in_place else out.folder()
    for i, (value, kind) in enumerate(wanted):
        try:
            if in_place:
                parent = os.path.dirname(value)
                if os.path.lexists(parent) or not os.path.isdir(os.path.dirname(parent)):
                    continue  # never a folder of the host's own, one new level only
                os.makedirs(parent, mode=0o700)
                out.made.append(parent)
                _make(value, kind, out)
            else:
                src = os.path.join(host, str(i))
                _make(src, kind, out)
                out.binds.append((src, value))
        except OSError:
            continue
    return out


def variant_hosts(
    fakes: FakeObjects, own: str, new: str, *, hosts: Path = Path("/etc/hosts")
) -> str | None:
    """An ``/etc/hosts`` for a run whose host name is ``new`` instead of ``own``.

    A project that resolves its own address (``gethostbyname(gethostname())``) works in the
    user's shell because the host's ``/etc/hosts`` names the host (Debian's ``127.0.1.1`` line,
    a container's own entry); the perturbed run's drawn host name was in no ``/etc/hosts`` and
    there is no DNS inside, so such an honest fix was refused (redteam4 G12). The copy names
    ``new`` wherever the host's file names ``own`` (as a whole word, comments left alone); when
    the file does not name ``own`` it is unchanged (the user's shell resolves the name some
    other way, which the sandbox does not offer either).

    Args:
        fakes: where the copy goes (:meth:`FakeObjects.folder`); its read-only bind is added to
            :attr:`FakeObjects.ro_binds` (shown at ``hosts``' path).
        own: the host's name (``socket.gethostname()``).
        new: the run's host name.
        hosts: the host's file.

    Returns:
        The copy's host path, or None (nothing to change, or the file cannot be read).
    """
    if not own or not new or own == new:
        return None
    try:
        if not hosts.is_file() or hosts.is_symlink():
            return None
        text = hosts.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return None
    lines, changed = [], False
    for line in text.splitlines(keepends=True):
        body, hash_, comment = line.partition("#")
        words = body.split()
        if len(words) > 1 and own in words[1:]:
            ends = line[len(line.rstrip("\r\n")) :]
            names = [new if w == own else w for w in words[1:]]
            tail = f" {hash_}{comment.rstrip(chr(13) + chr(10))}" if hash_ else ""
            line = "\t".join([words[0], " ".join(names)]) + tail + ends
            changed = True
        lines.append(line)
    if not changed:
        return None
    path = os.path.join(fakes.folder(), "hosts")
    try:
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as fh:
            fh.write("".join(lines))
        os.chmod(path, 0o644)
    except OSError:
        return None
    fakes.ro_binds.append((path, str(hosts)))
    return path


# --------------------------------------------------------------------------------------------
# the perturbed run's process (bwrap)

#: The perturbed run's wrapper: a few short-lived subshells move the pid namespace's next pid
#: on, and the command runs as a child of the shell, so neither ``os.getpid()`` nor
#: ``os.getppid() == 1`` is the constant they are in the first run (the shell keeps the exit
#: status; ``"$@"`` is not the script's last command, so the shell forks it).
VARIANT_WRAPPER = 'i=0; while [ "$i" -lt 120 ]; do (:); i=$((i+1)); done; "$@"; exit $?'

#: The perturbed run's wrapper when the command is a Python interpreter (the test runs): it
#: starts ``argv[1]`` short-lived threads (each takes the pid namespace's next id, ~50 us, far
#: cheaper than a fork), then forks a middle process (the command's parent, as a user's shell
#: is) that forks the command into its own process group, as a shell with job control starts a
#: job: its pid, process group and parent are not the first run's tiny constants
#: (``os.getpgid(0) < 1000`` told every gate run, redteam4 G2; the parent's pid too, G27).
#: Each waits and exits with the command's status (128 + the signal when one killed it, as a
#: shell does).
VARIANT_PYWRAPPER = """import os, sys, _thread
lock = _thread.allocate_lock()
for _ in range(int(sys.argv[1])):
    lock.acquire()
    _thread.start_new_thread(lock.release, ())
lock.acquire()


def wait(pid):
    while True:
        try:
            st = os.waitpid(pid, 0)[1]
            break
        except InterruptedError:
            continue
    return 128 + os.WTERMSIG(st) if os.WIFSIGNALED(st) else os.WEXITSTATUS(st)


pid = os.fork()
if pid == 0:
    code = 127
    try:
        child = os.fork()
        if child == 0:
            try:
                os.setpgid(0, 0)
                os.execvp(sys.argv[2], sys.argv[2:])
            finally:
                os._exit(127)
        code = wait(child)
    finally:
        os._exit(code)
sys.exit(wait(pid))
"""

#: How many ids the Python wrapper takes before the command (drawn per run).
VARIANT_PIDS = (1000, 3000)


def variant_wrapper(argv: Sequence[str]) -> list[str]:
    """The perturbed run's wrapper argv put before ``argv`` (see :data:`VARIANT_PYWRAPPER`)."""
    if argv and "/" in argv[0] and os.path.basename(argv[0]).startswith("python"):
        n = random.SystemRandom().randint(*VARIANT_PIDS)
        return [argv[0], "-I", "-S", "-c", VARIANT_PYWRAPPER, str(n)]
    return ["/bin/sh", "-c", VARIANT_WRAPPER, "sh"]
