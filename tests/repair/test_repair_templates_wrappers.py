"""The wrapper templates (templates_wrappers) in several syntactic positions each.

Each case is a small buggy function written for this test (not taken from any suite); the fix
must be among the candidates generated for the buggy line, under the template named. Positions:
returned, assigned, a call argument, an operand on either side, a compared value, a condition or
one operand of its and/or chain, a comprehension's element or ``if``.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.templates import PRIORS, generate_candidates


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def templates_fixing(buggy: str, fixed: str, needle: str) -> list[str]:
    """Templates of the candidates (for the line holding ``needle``) whose program is ``fixed``."""
    buggy, fixed = src(buggy), src(fixed)
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if needle in ln)
    want = ast.dump(ast.parse(fixed))
    return [
        c.template
        for c in generate_candidates(buggy, "mod.py", {line: 1.0})
        if ast.dump(ast.parse(c.new_source)) == want
    ]


CASES = [
    # (template, buggy, fixed, needle)
    (
        "wrap-abs",  # right operand of a sum whose left operand already takes abs
        "def dist(a, b):\n    return abs(a[0] - b[0]) + (a[1] - b[1])\n",
        "def dist(a, b):\n    return abs(a[0] - b[0]) + abs(a[1] - b[1])\n",
        "return",
    ),
    (
        "wrap-abs",  # a difference passed as an argument
        "def spread(xs, m):\n    return max(x - m for x in xs)\n",
        "def spread(xs, m):\n    return max(abs(x - m) for x in xs)\n",
        "return",
    ),
    (
        "wrap-abs",  # compared on the right side
        "def close(tol, a, b):\n    return tol >= a - b\n",
        "def close(tol, a, b):\n    return tol >= abs(a - b)\n",
        "return",
    ),
    (
        "wrap-min-cap",  # an attribute of the class as the cap, assigned to an attribute
        """
        class Tank:
            def __init__(self, limit_l):
                self.limit_l = limit_l
                self.level = 0

            def fill(self, litres):
                self.level = self.level + litres
                return self.level
        """,
        """
        class Tank:
            def __init__(self, limit_l):
                self.limit_l = limit_l
                self.level = 0

            def fill(self, litres):
                self.level = min(self.limit_l, self.level + litres)
                return self.level
        """,
        "self.level = self.level +",
    ),
    (
        "wrap-min-cap",  # a parameter as the cap, returned
        "def grow(size, step, max_size):\n    return size * step\n",
        "def grow(size, step, max_size):\n    return min(max_size, size * step)\n",
        "return",
    ),
    (
        "wrap-max-floor",  # a module constant as the floor, an argument
        "MIN_WIDTH = 4\n\ndef pad(s, w):\n    return s.ljust(w - 2)\n",
        "MIN_WIDTH = 4\n\ndef pad(s, w):\n    return s.ljust(max(MIN_WIDTH, w - 2))\n",
        "return",
    ),
    (
        "wrap-len",  # a call's value divided (left operand)
        "def rate(words, secs):\n    return words.strip() / secs\n",
        "def rate(words, secs):\n    return len(words.strip()) / secs\n",
        "return",
    ),
    (
        "wrap-len",  # an attribute compared with a bound
        "def too_long(msg, n):\n    if msg.body > n:\n        return True\n    return False\n",
        "def too_long(msg, n):\n    if len(msg.body) > n:\n        return True\n    return False\n",
        "if msg",
    ),
    (
        "wrap-not",  # one operand of an and-chain in a comprehension's if
        "def live(items):\n    return [i.name for i in items if i.hidden and i.ready]\n",
        "def live(items):\n    return [i.name for i in items if not i.hidden and i.ready]\n",
        "return",
    ),
    (
        "wrap-not",  # an assigned and/or chain's right operand
        "def go(a, b):\n    ready = a.ok or b.closed\n    return ready\n",
        "def go(a, b):\n    ready = a.ok or not b.closed\n    return ready\n",
        "ready =",
    ),
    (
        "wrap-or-default",  # a module constant sharing a word with the lookup
        "FALLBACK_LOCALE = 'en'\n\ndef locale(hdr):\n    return hdr.get('locale')\n",
        "FALLBACK_LOCALE = 'en'\n\ndef locale(hdr):\n    return hdr.get('locale') or FALLBACK_LOCALE\n",
        "return",
    ),
    (
        "wrap-or-default",  # assigned, the constant read from an attribute's words
        "DEFAULT_PORT = 80\n\ndef port(url):\n    p = url.port\n    return p\n",
        "DEFAULT_PORT = 80\n\ndef port(url):\n    p = url.port or DEFAULT_PORT\n    return p\n",
        "p = url",
    ),
    (
        "wrap-round",  # assigned product
        "def scaled(h, k):\n    out = h * k\n    return out\n",
        "def scaled(h, k):\n    out = round(h * k)\n    return out\n",
        "out =",
    ),
    (
        "wrap-round",  # a quotient passed along
        "def cells(n, w):\n    return range(n / w)\n",
        "def cells(n, w):\n    return range(round(n / w))\n",
        "return",
    ),
    (
        "wrap-none-guard",  # a comparison assigned, the parameter defaulting to None
        "def fits(n, limit=None):\n    ok = n <= limit\n    return ok\n",
        "def fits(n, limit=None):\n    ok = limit is None or n <= limit\n    return ok\n",
        "ok =",
    ),
    (
        "wrap-none-guard",  # a comparison returned
        "def under(x, cap=None):\n    return x < cap\n",
        "def under(x, cap=None):\n    return cap is None or x < cap\n",
        "return",
    ),
]


@pytest.mark.parametrize(("template", "buggy", "fixed", "needle"), CASES)
def test_wrapper_generated(template: str, buggy: str, fixed: str, needle: str) -> None:
    assert template in PRIORS
    assert template in templates_fixing(buggy, fixed, needle)


def test_bounds_come_from_scope_never_literals() -> None:
    """``min(cap, e)`` only for names that say they are a bound; none in scope: no candidate."""
    buggy = src("def add(a, b, c):\n    return a + b * c\n")
    line = 2
    cands = generate_candidates(buggy, "mod.py", {line: 1.0})
    assert not [c for c in cands if c.template in ("wrap-min-cap", "wrap-max-floor")]


def test_abs_prior_raised_by_a_mirror() -> None:
    """A difference beside an ``abs(...)`` of the same statement ranks above a lone one."""
    mirrored = src("def d(a, b):\n    return abs(a[0] - b[0]) + (a[1] - b[1])\n")
    lone = src("def d(a, b):\n    return (a[0] + b[0]) + (a[1] - b[1])\n")

    def prior(source: str) -> float:
        cands = generate_candidates(source, "mod.py", {2: 1.0})
        return max(
            c.prior
            for c in cands
            if c.template == "wrap-abs" and "abs(a[1] - b[1])" in c.new_source
        )

    assert prior(mirrored) > prior(lone)


def test_len_not_around_numbers() -> None:
    """``len`` never wraps a call that already gives a number (``sum(...)``)."""
    buggy = src("def avg(xs, n):\n    return sum(xs) / n\n")
    cands = generate_candidates(buggy, "mod.py", {2: 1.0})
    assert not [c for c in cands if c.template == "wrap-len" and "len(sum" in c.new_source]


def test_a_parameter_handed_to_a_function_of_the_file_gets_sliced() -> None:
    """``add-slice`` (templates_wrap) beyond builtins: the program name dropped at the call."""
    buggy = "def parse(args):\n    return list(args)\n\ndef main(argv):\n    return parse(argv)\n"
    fixed = (
        "def parse(args):\n    return list(args)\n\ndef main(argv):\n    return parse(argv[1:])\n"
    )
    assert "add-slice" in templates_fixing(buggy, fixed, "return parse")
    # a local that is no parameter is left alone (it was built here, not handed in)
    local = "def parse(a):\n    return a\n\ndef main():\n    xs = [1]\n    return parse(xs)\n"
    line = 6
    cands = generate_candidates(local, "mod.py", {line: 1.0})
    assert not [c for c in cands if c.template == "add-slice" and "parse(xs[" in c.new_source]
