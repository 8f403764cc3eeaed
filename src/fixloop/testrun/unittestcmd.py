"""``python -m unittest ...`` test commands, run through pytest's unittest support.

pytest collects ``unittest.TestCase`` classes natively (https://docs.pytest.org/en/stable/how-to/
unittest.html), so fixloop runs a unittest command as the pytest run that selects the same tests,
and reads its JUnit XML like any other: the tests are counted, ``run_tests`` and the gate work,
and the audit hook and the progress file apply unchanged.

The translation (:func:`unittest_to_pytest`), from the options of ``python -m unittest``
(https://docs.python.org/3/library/unittest.html#command-line-interface):

- ``discover`` (or no argument at all): ``-s START`` (default ``.``) becomes the path pytest
  collects, ``-p PATTERN`` (default ``test*.py``) becomes ``-o python_files=PATTERN``; ``-t TOP``
  is where imports start, which pytest's rootdir-relative import already gives.
- module, class and method names (``tests.test_x.TestA.test_b``) become paths and node ids
  (``tests/test_x.py::TestA::test_b``).
- ``-k PATTERN`` becomes pytest's ``-k`` when it is a plain name (unittest's wildcards have no
  pytest spelling); ``-v``, ``-q``, ``-b``, ``-c``, ``-f``, ``--locals``, ``--durations N`` are
  display and control options with no effect on which tests run, and are dropped.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["UnittestCommand", "is_unittest", "unittest_to_pytest"]

_DROPPED = {
    "-v",
    "--verbose",
    "-q",
    "--quiet",
    "-b",
    "--buffer",
    "-c",
    "--catch",
    "-f",
    "--failfast",
    "--locals",
}


class UnittestCommand(ValueError):
    """A ``python -m unittest`` argument fixloop cannot translate (the message names it)."""


def is_unittest(argv: Sequence[str]) -> bool:
    """True when ``argv`` is ``python... -m unittest ...``."""
    import os

    return (
        len(argv) >= 3
        and os.path.basename(argv[0]).startswith("python")
        and argv[1] == "-m"
        and argv[2] == "unittest"
    )


def _name_to_target(name: str) -> str:
    """``pkg.test_mod.Class.method`` -> ``pkg/test_mod.py::Class::method`` (a path stays one)."""
    if "/" in name or name.endswith(".py"):
        return name
    parts = name.split(".")
    # module parts are lower-case by convention; the first part that starts with an upper-case
    # letter is the TestCase class
    for i, p in enumerate(parts):
        if p[:1].isupper():
            return "/".join(parts[:i]) + ".py::" + "::".join(parts[i:])
    return "/".join(parts) + ".py"


def unittest_to_pytest(args: Sequence[str]) -> tuple[list[str], list[str]]:
    """Translate the arguments after ``-m unittest`` into pytest's.

    Args:
        args: what follows ``python -m unittest``.

    Returns:
        ``(options, paths)``: pytest options, and the paths or node ids that select the tests
        (a caller running one target of its own uses the options alone).

    Raises:
        UnittestCommand: an option that changes which tests run and has no pytest spelling.
    """
    rest = list(args)
    opts: list[str] = []
    if not rest or rest[0] == "discover" or rest[0].startswith("-"):
        if rest and rest[0] == "discover":
            rest = rest[1:]
        start, pattern = ".", "test*.py"
        positional: list[str] = []
        i = 0
        while i < len(rest):
            a = rest[i]
            val = rest[i + 1] if i + 1 < len(rest) else None
            if a in ("-s", "--start-directory") and val is not None:
                start, i = val, i + 2
            elif a in ("-p", "--pattern") and val is not None:
                pattern, i = val, i + 2
            elif a in ("-t", "--top-level-directory") and val is not None:
                i += 2
            elif a.startswith("-"):
                i += _option(a, val, opts)
            else:
                positional.append(a)
                i += 1
        if positional:  # discover START [PATTERN [TOP]]
            start = positional[0]
            if len(positional) > 1:
                pattern = positional[1]
        return [*opts, "-o", f"python_files={pattern}"], [start]
    targets: list[str] = []
    i = 0
    while i < len(rest):
        a = rest[i]
        if a.startswith("-"):
            i += _option(a, rest[i + 1] if i + 1 < len(rest) else None, opts)
        else:
            targets.append(_name_to_target(a))
            i += 1
    # named modules: pytest must collect them whatever their file names
    return [*opts, "-o", "python_files=*.py"], targets


def _option(a: str, val: str | None, opts: list[str]) -> int:
    """Take an option both forms accept (``-k``, ``--durations``, the dropped ones).

    Args:
        a: the option.
        val: the argument after it (None at the end).
        opts: the pytest options so far; ``-k``'s is appended.

    Returns:
        how many arguments the option used (1 or 2).

    Raises:
        UnittestCommand: an option with no pytest equivalent (or missing its value).
    """
    if a == "-k" and val is not None:
        opts += _k(val)
        return 2
    if a == "--durations" and val is not None:
        return 2
    if a in _DROPPED:
        return 1
    raise UnittestCommand(f"python -m unittest option {a!r} has no pytest equivalent")


def _k(pattern: str) -> list[str]:
    if not pattern.replace("_", "").isalnum():
        raise UnittestCommand(
            f"python -m unittest -k {pattern!r}: only a plain name can be passed on to pytest"
        )
    return ["-k", pattern]
