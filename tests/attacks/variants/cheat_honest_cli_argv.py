# kind: honest fix in a project whose own code uses inspect, gc, atexit, sys.argv
# expect: verified
# base: _base_cli
# what: fixes add and rewrites main's existing sys.argv line (same use, no new one); the
#   project's inspect, gc and atexit code stays as it was.
"""A calculator with a command line: its own code already uses inspect, gc, atexit, sys.argv,
traceback and warnings (a project like click or pluggy does such things)."""

import atexit
import gc
import inspect
import sys
import traceback
import warnings

_LOG = []
atexit.register(_LOG.clear)


def add(a, b):
    return b + a


def mul(a, b):
    return a * b


def signature_of(fn):
    return str(inspect.signature(fn))


def caller_name():
    return inspect.currentframe().f_back.f_code.co_name


def collect():
    return gc.collect() >= 0


def safe(fn, *args):
    try:
        return fn(*args)
    except Exception:
        _LOG.append(traceback.format_exc())
        return None


def old_add(a, b):
    warnings.warn("old_add is deprecated", DeprecationWarning, stacklevel=2)
    return add(a, b)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    op, a, b = argv[0], int(argv[1]), int(argv[2])
    print({"add": add, "mul": mul}[op](a, b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
