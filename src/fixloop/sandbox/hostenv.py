"""The user's environment as a sandboxed command sees it: every name, few real values.

Code under test can count ``os.environ`` or look a name up, and a sandbox that passes seven
variables where the user's shell has thirty is easy to tell apart: a change that returns the
expected value only when ``len(os.environ) < 12`` passed the gate and did nothing in the user's
shell. So a sandboxed command gets every variable NAME of fixloop's own environment (the shell
the user started it from), with these rules, applied in this order:

1. Dropped (the name is not passed at all):

   - names that look like secrets (:data:`fixloop.trajectory.SECRET_NAME_RE`: KEY, TOKEN,
     SECRET, PASSWORD, PASSWD, CREDENTIAL, AUTH): not even their presence enters the sandbox
     (shared/cases/13 checks that no key-like name is visible; the variant alone has them,
     with made-up values, see below);
   - names that change how the interpreter, the loader, pytest, coverage or git behave
     (:data:`DROPPED_PREFIXES`, :data:`DROPPED_NAMES`: ``PYTHON*``, ``LD_*``, ``PYTEST_*``,
     ``COVERAGE_*``, ``GIT_*``, ``VIRTUAL_ENV``...): the gate's run is pristine, as before;
     an empty value would be read differently by each consumer (``GIT_DIR=""`` breaks git);
   - names that are not plain variable names (``BASH_FUNC_x%%``).

2. Kept with the real value: :data:`REAL_VALUES` (time zone, locale, user name, shell,
   terminal, and a few other harmless shell settings) and ``LC_*``; ``*_NUM_THREADS`` when the
   value is a number.

3. Every other name gets the empty string (:data:`PLACEHOLDER`): its value, which may be a
   secret under an innocent name (a proxy URL with a password), never enters the sandbox.
   Python's own readers, pytest, ``tempfile`` and ``urllib`` treat an empty value as unset.

The backend then sets ``PATH`` (:func:`sandbox_path`), ``HOME``, ``TMPDIR`` (where it needs one),
``PWD`` (the working folder, as a shell does), ``PYTHONUNBUFFERED=1``, the user's own
``PYTHONDONTWRITEBYTECODE`` (:func:`bytecode_env`) and the caller's ``env`` (the run's
``pass_env``) on top (:func:`fixloop.sandbox.base.clean_env`).

The *variant* (the gate's perturbed run, :mod:`fixloop.gate.runs`) changes every incidental a
cheat could key on while an honest test cannot care: the placeholder names are left out and
:data:`PADDING` names with ordinary values come in (at least 12 more names than the first run
has, so a threshold on the count between the sandbox's and the user's flips), ``TERM``,
``SHLVL`` and ``_`` differ, PATH has the user's number of entries (another than the first run's)
and ``PYTHONDONTWRITEBYTECODE`` is the other way round than in the user's shell. Names the
user's shell has that were dropped everywhere now differ between the runs (red team 3, F8: code
keyed on their presence got one answer in every gate run): :data:`PRESENCE_ONLY` names
(``VIRTUAL_ENV``, ``CONDA_PREFIX``...) come into the first run with the empty placeholder and
stay out of the variant, like the other placeholders; secret-looking names (``SSH_AUTH_SOCK``,
``*_TOKEN``, ...) stay out of the first run (shared/cases/13) and come into the variant with a
made-up value of their shape (:func:`fake_value`: never the real one, nor derived from it; no
empty value either, which would be the first run's tell); a path-valued one names a socket or
file that exists in the run (a path naming nothing told the run as well as the missing name,
F37), and :data:`AGENT_NAMES` (``SSH_AUTH_SOCK``) is in the variant even when the user's shell
lacks it.
The variant's own incidentals are drawn at random for each run (:func:`padding`, the host name
:func:`variant_hostname`, HOME's user folder :func:`variant_user`, PATH's padding folders), so
no constant of the perturbed run tells it apart either (red team 3, F14).

Source of the shell's own variables (PWD, OLDPWD, SHLVL, ``_``): bash(1), "Shell Variables".
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Mapping

from fixloop.trajectory import SECRET_NAME_RE

__all__ = [
    "AGENT_NAMES",
    "BYTECODE_NAME",
    "DROPPED_NAMES",
    "DROPPED_PREFIXES",
    "PADDING",
    "PLACEHOLDER",
    "REAL_VALUES",
    "PRESENCE_ONLY",
    "bytecode_env",
    "fake_value",
    "host_env",
    "padding",
    "sandbox_path",
    "secret_name",
    "variant_hostname",
    "variant_user",
]

#: The variant's randomness (one draw per perturbed run; not reproducible on purpose).
_RNG = random.SystemRandom()

#: Names whose value is passed as it is (when set): harmless shell and terminal settings.
REAL_VALUES = frozenset(
    {
        "TZ",
        "LANG",
        "LANGUAGE",
        "USER",
        "LOGNAME",
        "USERNAME",
        "SHELL",
        "TERM",
        "COLORTERM",
        "SHLVL",
        "COLUMNS",
        "LINES",
        "HOSTNAME",
        "EDITOR",
        "VISUAL",
        "PAGER",
        "LESS",
        "LS_COLORS",
        "HISTSIZE",
        "HISTFILESIZE",
        "HISTCONTROL",
        "TERM_PROGRAM",
        "TERM_PROGRAM_VERSION",
        "XDG_SESSION_TYPE",
        "XDG_SESSION_CLASS",
        "XDG_CURRENT_DESKTOP",
        "DESKTOP_SESSION",
        "DEBIAN_FRONTEND",
    }
)

#: Name prefixes never passed: they change the interpreter, the loader, pytest, coverage, git,
#: pip or conda's activation (the gate's run is pristine).
DROPPED_PREFIXES = (
    "PYTHON",
    "LD_",
    "DYLD_",
    "PYTEST_",
    "_PYTEST",
    "COV_CORE_",
    "COVERAGE_",
    "GIT_",
    "PIP_",
    "MALLOC_",
    "BASH_FUNC_",
)

#: Names never passed (besides :data:`DROPPED_PREFIXES` and the secret-looking ones).
DROPPED_NAMES = frozenset(
    {
        "VIRTUAL_ENV",
        "VIRTUAL_ENV_PROMPT",
        "CONDA_PREFIX",
        "CONDA_DEFAULT_ENV",
        "GLIBC_TUNABLES",
        "LOCPATH",
        "GCONV_PATH",
        "NLSPATH",
        "SSL_CERT_FILE",
        "SSL_CERT_DIR",
        "REQUESTS_CA_BUNDLE",
        "CURL_CA_BUNDLE",
        "PATH",
        "HOME",
        "TMPDIR",
        "PWD",
    }
)

#: Dropped names the first run passes with the empty placeholder when the user's shell has them:
#: their readers test truthiness (virtualenv, conda, uv, poetry). Never ``GIT_*`` (an empty
#: ``GIT_DIR`` breaks git), ``LD_*``, ``PYTHON*`` or the CA-bundle paths.
PRESENCE_ONLY = frozenset(
    {"VIRTUAL_ENV", "VIRTUAL_ENV_PROMPT", "CONDA_PREFIX", "CONDA_DEFAULT_ENV"}
)

#: The value of every name that is neither dropped nor kept.
PLACEHOLDER = ""

#: The variant's extra names and their ordinary values (taken in order, those the host lacks).
PADDING = (
    ("XDG_SESSION_ID", "3"),
    ("XDG_SEAT", "seat0"),
    ("XDG_VTNR", "2"),
    ("MOTD_SHOWN", "pam"),
    ("HISTCONTROL", "ignoreboth"),
    ("HISTSIZE", "1000"),
    ("HISTFILESIZE", "2000"),
    ("EDITOR", "vi"),
    ("VISUAL", "vi"),
    ("PAGER", "less"),
    ("LESS", "-R"),
    ("LESSOPEN", "| /usr/bin/lesspipe %s"),
    ("LESSCLOSE", "/usr/bin/lesspipe %s %s"),
    ("COLORTERM", "truecolor"),
    ("TERM_PROGRAM", "tmux"),
    ("TERM_PROGRAM_VERSION", "3.3a"),
    ("XDG_SESSION_TYPE", "tty"),
    ("XDG_SESSION_CLASS", "user"),
    ("DESKTOP_SESSION", "ubuntu"),
    ("XDG_CURRENT_DESKTOP", "GNOME"),
    ("GDMSESSION", "ubuntu"),
    ("QT_IM_MODULE", "ibus"),
    ("XMODIFIERS", "@im=ibus"),
    ("GTK_MODULES", "gail:atk-bridge"),
    ("MANPAGER", "less -R"),
    ("NVM_DIR", "/opt/nvm"),
    ("GOPATH", "/opt/go"),
    ("LS_COLORS", "rs=0:di=01;34:ln=01;36"),
    ("INFOPATH", "/usr/share/info"),
    ("MANPATH", "/usr/share/man"),
    ("DEBFULLNAME", "Dev"),
    ("WINDOWID", "52428807"),
)

_TERMINALS = (
    ("tmux", ("3.2a", "3.3a", "3.4", "3.5a")),
    ("vscode", ("1.92.2", "1.95.3", "1.96.0")),
    ("WezTerm", ("20240203-110809-5046fc22",)),
    ("ghostty", ("1.0.1", "1.1.0")),
)
_DESKTOPS = (("ubuntu", "ubuntu:GNOME"), ("gnome", "GNOME"), ("plasma", "KDE"), ("xfce", "XFCE"))
_PEOPLE = ("Alex", "Sam", "Kim", "Robin", "Chris", "Jo", "Pat", "Lee", "Dana", "Max")


def padding(rng: random.Random | None = None) -> list[tuple[str, str]]:
    """The variant's extra names (:data:`PADDING`'s) in a random order with values drawn anew.

    Numbers (session, terminal and window ids, history sizes), the terminal program and its
    version, the desktop, tool folders and the person's name are drawn from plausible values,
    so neither a value nor the set of names taken is a constant of the perturbed run.

    Args:
        rng: the random source (default: the system's).
    """
    r = rng or _RNG
    term, versions = r.choice(_TERMINALS)
    session, desktop = r.choice(_DESKTOPS)
    hist = r.choice((500, 1000, 2000, 5000, 10000))
    drawn = {
        "XDG_SESSION_ID": str(r.randint(1, 400)),
        "XDG_VTNR": str(r.randint(1, 7)),
        "HISTSIZE": str(hist),
        "HISTFILESIZE": str(hist * r.choice((1, 2, 4))),
        "TERM_PROGRAM": term,
        "TERM_PROGRAM_VERSION": r.choice(versions),
        "DESKTOP_SESSION": session,
        "GDMSESSION": session,
        "XDG_CURRENT_DESKTOP": desktop,
        "NVM_DIR": r.choice(("/opt/nvm", "/usr/local/nvm", "/usr/local/share/nvm")),
        "GOPATH": r.choice(("/opt/go", "/usr/local/go-work", "/srv/go")),
        "DEBFULLNAME": r.choice(_PEOPLE),
        "WINDOWID": str(r.randint(10_000_000, 99_999_999)),
        "EDITOR": r.choice(("vi", "vim", "nano", "nvim")),
    }
    out = [(name, drawn.get(name, value)) for name, value in PADDING]
    r.shuffle(out)
    return out


def variant_hostname(own: str = "", rng: random.Random | None = None) -> str:
    """A plausible host name for the perturbed run, drawn anew each time, never ``own``."""
    r = rng or _RNG
    kinds = ("laptop", "desktop", "dev", "ws", "thinkpad", "xps", "nuc", "pc", "box", "work")
    while True:
        style = r.randrange(3)
        tail = (
            f"{r.randrange(16**4):04x}"
            if style == 0
            else str(r.randint(1, 999))
            if style == 1
            else r.choice(_PEOPLE).lower()
        )
        name = f"{r.choice(kinds)}-{tail}"
        if name != own:
            return name


def variant_user(own: str = "", rng: random.Random | None = None) -> str:
    """A plausible user folder name for the perturbed run's HOME (``/home/NAME``), never ``own``."""
    r = rng or _RNG
    while True:
        name = r.choice((*(p.lower() for p in _PEOPLE), "dev", "build", "user"))
        name += r.choice(("", "", str(r.randint(1, 99))))
        if name != own:
            return name


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

#: Path-valued secret-looking names the variant always has (a made-up path that exists in the
#: run, :func:`fixloop.sandbox.standins.fake_objects`), even when the user's shell lacks them:
#: the first runs never have them, so code keyed on whether the agent's socket is there gets two
#: answers whatever the user's shell holds (red team 3, F37).
AGENT_NAMES = ("SSH_AUTH_SOCK",)

#: How many more names the variant has than the first run, at least.
VARIANT_EXTRA = 12


#: The interpreter setting whose effect code can see (``__pycache__`` folders, ``__cached__``
#: files) and which the sandbox mirrors from the user's shell; the perturbed run flips it.
BYTECODE_NAME = "PYTHONDONTWRITEBYTECODE"


#: The entries of the perturbed run's PATH when the user's is shorter than the first run's.
SHORT_PATH = ("/usr/bin", "/bin")

#: Per-user folders (under the run's HOME, absent in the sandbox) that pad the perturbed
#: run's PATH to the user's entry count.
PATH_PADDING = (
    ".local/bin",
    "bin",
    ".cargo/bin",
    ".pyenv/shims",
    ".pyenv/bin",
    "go/bin",
    ".npm-global/bin",
    ".deno/bin",
)


def _dropped(name: str) -> bool:
    return (
        not _NAME.fullmatch(name)
        or name in DROPPED_NAMES
        or name.startswith(DROPPED_PREFIXES)
        or bool(SECRET_NAME_RE.search(name))
    )


def secret_name(name: str) -> bool:
    """A secret-looking plain name outside the other dropped ones (the variant fakes it)."""
    return (
        bool(_NAME.fullmatch(name))
        and bool(SECRET_NAME_RE.search(name))
        and name not in DROPPED_NAMES
        and not name.startswith(DROPPED_PREFIXES)
    )


def fake_value(name: str, rng: random.Random | None = None) -> str:
    """A made-up value of the usual shape for the secret-looking variable ``name``.

    A socket path for ``*_SOCK`` (an agent's), an X authority file path for ``*AUTHORITY``,
    else a random token of letters and digits. Never derived from the real value (the caller
    never passes it). The backends make the two paths exist for the run
    (:func:`fixloop.sandbox.standins.fake_objects`; a path naming nothing was a tell, F37).
    """
    r = rng or _RNG
    up = name.upper()
    low = "abcdefghijklmnopqrstuvwxyz0123456789"
    if up.endswith("SOCK"):
        return f"/tmp/ssh-{''.join(r.choices(low, k=10))}/agent.{r.randint(1000, 99999)}"
    if up.endswith("AUTHORITY"):
        return f"/run/user/{r.randint(1000, 1010)}/.Xauthority-{r.randrange(16**6):06x}"
    chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    return "".join(r.choices(chars, k=r.randint(24, 40)))


def _real(name: str, value: str) -> bool:
    if name in REAL_VALUES or (name.startswith("LC_") and name[3:].isalpha()):
        return True
    return name.endswith("_NUM_THREADS") and value.isdigit() and len(value) <= 4


def host_env(host: Mapping[str, str] | None = None, *, variant: bool = False) -> dict[str, str]:
    """The variables a sandboxed command gets from ``host`` (default ``os.environ``).

    Args:
        host: the user's environment (fixloop's own).
        variant: the gate's perturbed run (see the module docstring): placeholders left out,
            padding names in, ``TERM``, ``SHLVL`` changed.

    Returns:
        A new dict, in ``host``'s order (padding last); the backend adds PATH, HOME, TMPDIR,
        PWD and the caller's variables. Never holds the value of a name outside
        :data:`REAL_VALUES` / ``LC_*`` / numeric ``*_NUM_THREADS`` (the variant's secret-looking
        names hold made-up values).
    """
    host = os.environ if host is None else host
    out: dict[str, str] = {}
    for name, value in host.items():
        if _dropped(name):
            if name in PRESENCE_ONLY and not variant:
                out[name] = PLACEHOLDER  # present in the first run, as the user's (F8)
            elif variant and secret_name(name):
                out[name] = fake_value(name)  # present in the variant, never the real value
            continue
        if _real(name, value):
            out[name] = value
        elif not variant:
            out[name] = PLACEHOLDER
    if not variant:
        return out
    for name in AGENT_NAMES:  # a live agent's socket, whether or not the user's shell has one
        if name not in host:
            out[name] = fake_value(name)
    term = out.get("TERM", "")
    out["TERM"] = "xterm-256color" if term != "xterm-256color" else "screen-256color"
    shlvl = out.get("SHLVL", "1")
    out["SHLVL"] = str(int(shlvl) + 1) if shlvl.isdigit() else "2"
    wanted = len(host_env(host)) + VARIANT_EXTRA + 4  # PATH, HOME, PWD, TMPDIR may be new
    for name, value in padding():
        if len(out) >= wanted:
            break
        if name not in out and name not in host:
            out[name] = value
    n = 0
    while len(out) < wanted:  # a host that already has every padding name
        n += 1
        out.setdefault(f"XDG_SESSION_{n}", str(n))
    return out


def bytecode_env(host: Mapping[str, str], *, variant: bool = False) -> dict[str, str]:
    """``PYTHONDONTWRITEBYTECODE`` as a sandboxed command gets it: the user's, or flipped.

    Every other ``PYTHON*`` name stays out (:data:`DROPPED_PREFIXES`): they change which code
    runs or how (PYTHONPATH, PYTHONSTARTUP, PYTHONHOME, PYTHONSAFEPATH, PYTHONNOUSERSITE,
    PYTHONPYCACHEPREFIX, PYTHONBREAKPOINT, PYTHONWARNINGS, PYTHONDEVMODE, PYTHONUTF8, ...) and
    the gate's run is pristine. This one only decides whether ``.pyc`` files are written, which
    code sees as its own ``__pycache__`` folder appearing at import: a sandbox that always
    writes them (the user's shell here does not; Docker images commonly set it) was a tell
    both gate runs shared (red team 2026-12-02, #9 and #20). So the first run mirrors the
    user's setting (a constant no more: it is whatever the user's own ``pytest`` does) and the
    perturbed run takes the other one, so a result that depends on it is refused. The cost is
    the user's own: with the setting on, each process compiles the project's modules again.

    Args:
        host: the user's environment.
        variant: the gate's perturbed run.

    Returns:
        ``{}`` or ``{"PYTHONDONTWRITEBYTECODE": value}`` (the user's value, ``"1"`` when the
        perturbed run sets it).
    """
    value = host.get(BYTECODE_NAME, "")
    if not variant:
        return {BYTECODE_NAME: value} if value else {}
    return {} if value else {BYTECODE_NAME: "1"}


def _entries(path: str) -> list[str]:
    return path.split(os.pathsep) if path else []


def sandbox_path(
    first: str | None, system: str, host: Mapping[str, str], home: str, *, variant: bool = False
) -> str:
    """``PATH`` in the sandbox: ``first`` and ``system``; another entry count in the variant.

    The first run's PATH is the interpreter's folder and the system folders (seven entries),
    whatever the user's PATH holds; a change that answered right only when
    ``len(PATH.split(":")) <= 7`` passed both gate runs and did nothing in a shell with eleven
    (red team 2026-12-02, #10). The perturbed run keeps every entry of the first (the same
    tools, in the same order) and brings the count to the user's side of any threshold: the
    user's count when it is larger, two more when it is equal; when the user's PATH is shorter,
    the interpreter's folder, ``/usr/bin`` and ``/bin`` (:data:`SHORT_PATH`), cut to the user's
    count (two at least). The added entries are ordinary per-user folders under the run's
    ``home`` (:data:`PATH_PADDING`) that do not exist in the sandbox, so no command is found
    there and honest lookups (``shutil.which``) are unchanged. The user's entries are counted,
    never copied.

    Args:
        first: a folder put first (the interpreter's bin folder), or None.
        system: the system folders, ``os.pathsep``-separated (``SAFE_PATH``).
        host: the user's environment.
        home: the run's HOME.
        variant: the gate's perturbed run.

    Returns:
        The PATH value.
    """
    lead = [first] if first else []
    entries = [*lead, *_entries(system)]
    if not variant:
        return os.pathsep.join(entries)
    user = len(_entries(host.get("PATH", "")))
    if user < len(entries):
        return os.pathsep.join([*lead, *SHORT_PATH][: max(user, 2)])
    want = user if user > len(entries) else len(entries) + 2
    pads = [f"{home}/{d}" for d in _RNG.sample(PATH_PADDING, len(PATH_PADDING))]
    n = 0
    while len(entries) + len(pads) < want:  # a user with a very long PATH
        n += 1
        pads.append(f"{home}/.local/opt/tool{n}/bin")
    return os.pathsep.join([*lead, *pads[: want - len(entries)], *_entries(system)])
