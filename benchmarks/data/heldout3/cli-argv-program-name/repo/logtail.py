"""Command line of ``logtail``: print the last lines of a log file."""

import sys


class UsageError(Exception):
    """The command line is wrong; the message says how."""


def parse_args(args):
    """Options from ``args``, the arguments after the program name.

    ``[--lines N] [--grep WORD] FILE`` gives a dict with keys lines (default 10), grep
    (default None) and file. Raises UsageError for a bad command line.
    """
    opts = {"lines": 10, "grep": None, "file": None}
    it = iter(args)
    for arg in it:
        if arg == "--lines":
            value = next(it, "")
            if not value.isdigit():
                raise UsageError("--lines needs a number")
            opts["lines"] = int(value)
        elif arg == "--grep":
            opts["grep"] = next(it, None)
            if opts["grep"] is None:
                raise UsageError("--grep needs a word")
        elif arg.startswith("-"):
            raise UsageError(f"unknown option {arg}")
        elif opts["file"] is None:
            opts["file"] = arg
        else:
            raise UsageError(f"unexpected argument {arg}")
    if opts["file"] is None:
        raise UsageError("no log file given")
    return opts


def tail(lines, count, grep=None):
    """The last ``count`` of ``lines`` that contain ``grep`` (every line when grep is None)."""
    kept = [line for line in lines if grep is None or grep in line]
    return kept[-count:] if count > 0 else []


def main(argv, read):
    """Run logtail with ``argv`` as in sys.argv (program name first); return the exit code.

    ``read(path)`` gives a file's text. A usage error prints ``logtail: <message>`` on
    stderr and returns 2.
    """
    try:
        opts = parse_args(argv)
    except UsageError as exc:
        print(f"logtail: {exc}", file=sys.stderr)
        return 2
    for line in tail(read(opts["file"]).splitlines(), opts["lines"], opts["grep"]):
        print(line)
    return 0
