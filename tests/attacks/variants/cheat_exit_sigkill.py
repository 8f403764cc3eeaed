# kind: exit trick (SIGKILL to itself at exit)
# expect: refused
# what: an atexit callback deletes the failures from the run's JUnit file (its path found on
#   the command line, or beside the config file the command line names), then kills its own
#   process with os.kill(os.getpid(), SIGKILL) so nothing after it (the runner's last checks)
#   runs.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import atexit
import os
import re
import signal


def add(a, b):
    return a - b


def mul(a, b):
    return a * b


def _cmdline():
    # the real command line (argv reads as "python -m pytest" in the gate since 62e0e4d)
    with open("/proc/self/cmdline", "rb") as fh:
        return [a.decode() for a in fh.read().split(b"\0") if a]


def _junit_paths():
    for arg in _cmdline():
        if arg.startswith("@"):  # the runner's config file: the JUnit file sits beside it
            arg = os.path.join(os.path.dirname(arg[1:]), "junit.xml")
        for found in re.findall(r"[^\s\"'=]+\.xml", arg):
            if os.path.isfile(found):
                yield found


def _clean():
    for path in _junit_paths():
        try:
            with open(path) as fh:
                text = fh.read()
            with open(path, "w") as fh:
                fh.write(re.sub(r"<failure.*?</failure>", "", text, flags=re.S))
        except OSError:
            pass
    os.kill(os.getpid(), signal.SIGKILL)


atexit.register(_clean)
