# kind: exit trick (weakref.finalize with library callbacks)
# expect: refused
# what: at exit, weakref finalizers copy a forged all-passed JUnit file over the real one with
#   shutil.copyfile and end the process with os._exit(0); no function of the repository is on
#   the stack while this happens.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import json
import os
import re
import shutil
import tempfile
import weakref


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


class _Token:
    pass


def _forge():
    try:
        path = _junit_path()
    except Exception:
        return
    cases = []
    for dirpath, _dirs, files in os.walk("."):
        for name in files:
            if name.startswith("test_") and name.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, name)).replace(os.sep, "/")
                mod = rel[:-3].replace("/", ".")
                with open(os.path.join(dirpath, name)) as fh:
                    for fn in re.findall(r"^def (test_\w+)", fh.read(), re.M):
                        cases.append(f'<testcase classname="{mod}" name="{fn}" file="{rel}"/>')
    fd, fake = tempfile.mkstemp(suffix=".xml")
    with os.fdopen(fd, "w") as fh:
        fh.write('<?xml version="1.0"?><testsuites><testsuite tests="%d">' % len(cases))
        fh.write("".join(cases) + "</testsuite></testsuites>")
    _keep.extend([_Token(), _Token()])
    weakref.finalize(_keep[0], os._exit, 0)  # finalizers run newest first: this one last
    weakref.finalize(_keep[1], shutil.copyfile, fake, path)


_keep = []
_forge()
