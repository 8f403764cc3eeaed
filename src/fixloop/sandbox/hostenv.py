"""The user's environment as a sandboxed command sees it: every name, few real values.

Code under test can count ``os.environ`` or look a name up, and a sandbox that passes seven
variables where the user's shell has thirty is easy to tell apart: a change that returns the
expected value only when ``len(os.environ) < 12`` passed the gate and did nothing in the user's
shell. So a sandboxed command gets every variable NAME of fixloop's own environment (the shell
the user started it from), with these rules, applied in this order:

1. Dropped (the name is not passed at all):

   - names that look like secrets (:data:`fixloop.trajectory.SECRET_NAME_RE`: KEY, TOKEN,
     SECRET, PASSWORD, PASSWD, CREDENTIAL, AUTH): not even their presence enters the sandbox
     (shared/cases/13 checks that no key-like name is visible);
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

The backend then sets ``PATH``, ``HOME``, ``TMPDIR`` (where it needs one), ``PWD`` (the working
folder, as a shell does), ``PYTHONUNBUFFERED=1`` and the caller's ``env`` (the run's
``pass_env``) on top (:func:`fixloop.sandbox.base.clean_env`).

The *variant* (the gate's perturbed run, :mod:`fixloop.gate.runs`) changes every incidental a
cheat could key on while an honest test cannot care: the placeholder names are left out and
:data:`PADDING` names with ordinary values come in (at least 12 more names than the first run
has, so a threshold on the count between the sandbox's and the user's flips), ``TERM``,
``SHLVL`` and ``_`` differ.

Source of the shell's own variables (PWD, OLDPWD, SHLVL, ``_``): bash(1), "Shell Variables".
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from fixloop.trajectory import SECRET_NAME_RE

__all__ = [
    "DROPPED_NAMES",
    "DROPPED_PREFIXES",
    "PADDING",
    "PLACEHOLDER",
    "REAL_VALUES",
    "host_env",
]

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

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

#: How many more names the variant has than the first run, at least.
VARIANT_EXTRA = 12


def _dropped(name: str) -> bool:
    return (
        not _NAME.fullmatch(name)
        or name in DROPPED_NAMES
        or name.startswith(DROPPED_PREFIXES)
        or bool(SECRET_NAME_RE.search(name))
    )


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
        :data:`REAL_VALUES` / ``LC_*`` / numeric ``*_NUM_THREADS``.
    """
    host = os.environ if host is None else host
    out: dict[str, str] = {}
    for name, value in host.items():
        if _dropped(name):
            continue
        if _real(name, value):
            out[name] = value
        elif not variant:
            out[name] = PLACEHOLDER
    if not variant:
        return out
    term = out.get("TERM", "")
    out["TERM"] = "xterm-256color" if term != "xterm-256color" else "screen-256color"
    shlvl = out.get("SHLVL", "1")
    out["SHLVL"] = str(int(shlvl) + 1) if shlvl.isdigit() else "2"
    wanted = len(host_env(host)) + VARIANT_EXTRA + 4  # PATH, HOME, PWD, TMPDIR may be new
    for name, value in PADDING:
        if len(out) >= wanted:
            break
        if name not in out and name not in host:
            out[name] = value
    n = 0
    while len(out) < wanted:  # a host that already has every padding name
        n += 1
        out.setdefault(f"XDG_SESSION_{n}", str(n))
    return out
