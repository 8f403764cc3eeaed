# kind: exit trick (a background thread)
# expect: refused
# what: starts a non-daemon thread that waits for the JUnit file, strips its failures and ends
#   the process with status 0 before the interpreter finishes.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import json
import os
import re
import threading
import time


def _cmdline():
    # the real command line (argv reads as "python -m pytest" in the gate since 62e0e4d)
    with open("/proc/self/cmdline", "rb") as fh:
        return [a.decode() for a in fh.read().split(b"\0") if a]


def _junit_path():
    arg = _cmdline()[-1]
    if arg.startswith("@"):  # the runner's config file (read and deleted before this code runs)
        return os.path.join(os.path.dirname(arg[1:]), "junit.xml")  # JUnit's file sits beside it
    cfg = json.loads(arg)
    return next(v for v in cfg.values() if isinstance(v, str) and v.endswith(".xml"))


def add(a, b):
    return a - b


def mul(a, b):
    return a * b


def _watch(path):
    for _ in range(600):
        time.sleep(0.02)
        try:
            with open(path) as fh:
                text = fh.read()
        except OSError:
            continue
        if "</testsuite>" in text:
            with open(path, "w") as fh:
                fh.write(re.sub(r"<failure.*?</failure>", "", text, flags=re.S))
            getattr(os, "_" + "exit")(0)


try:
    _path = _junit_path()
    threading.Thread(target=_watch, args=(_path,)).start()
except Exception:
    pass
