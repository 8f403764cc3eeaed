"""Every expression position reaches the wrapper and literal templates (issue 19).

The wrappers used to fire only where a value was returned, assigned or passed directly; a value
one step removed (a lambda's body, a branch of ``a if c else b``, an f-string's field, a dict
value, a comprehension's element, a nested function's return) got none. Each kind is checked
here on toy programs of our own in several of those positions: the fix must be among the
candidates generated for the buggy line. None of these programs is a task of any suite.
"""

from __future__ import annotations

import ast
import textwrap

import libcst as cst
import pytest

from fixloop.repair.candidate import Candidate
from fixloop.repair.templates import generate_candidates
from fixloop.repair.templates_ast import FileInfo
from fixloop.repair.templates_names import FailureHints, hinted_candidates
from fixloop.repair.templates_patterns import pattern_variants
from fixloop.repair.templates_positions import arithmetic_has, value_position


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def fix_of(buggy: str, fixed: str, needle: str) -> Candidate:
    """The candidate (for the line holding ``needle``) whose program is ``fixed``."""
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if needle in ln)
    cands = generate_candidates(buggy, "mod.py", {line: 1.0})
    want = ast.dump(ast.parse(fixed))
    for c in cands:
        if ast.dump(ast.parse(c.new_source)) == want:
            return c
    raise AssertionError(
        "fix not generated:\n" + "\n".join(f"  {c.template}: {c.description}" for c in cands)
    )


# (template, buggy, fixed, needle of the buggy line); the fixed program differs in one place
CASES = [
    # --- max(0, e) around a scaled difference, wherever the value goes
    (
        "wrap-max0",
        """
        def bonuses(scores, par=70, rate=5):
            def one(s):
                return (par - s) * rate // 10
            return [one(s) for s in scores]
        """,
        """
        def bonuses(scores, par=70, rate=5):
            def one(s):
                return max(0, (par - s) * rate // 10)
            return [one(s) for s in scores]
        """,
        "return (par",
    ),
    (
        "wrap-max0",
        "def refunds(paid, used, fee):\n    return list(map(lambda k: (paid[k] - used[k]) * fee, paid))\n",
        "def refunds(paid, used, fee):\n"
        "    return list(map(lambda k: max(0, (paid[k] - used[k]) * fee), paid))\n",
        "lambda",
    ),
    (
        "wrap-max0",
        """
        def report(stock, sold):
            return {
                "left": stock - sold,
                "sold": sold,
            }
        """,
        """
        def report(stock, sold):
            return {
                "left": max(0, stock - sold),
                "sold": sold,
            }
        """,
        '"left"',
    ),
    # --- min(cap, e) with the cap a field of the object the value is computed from
    (
        "wrap-min-cap",
        """
        class Tank:
            def __init__(self, level, capacity):
                self.level = level
                self.capacity = capacity

        def refill(tanks, litres):
            return [t.level + litres for t in tanks]
        """,
        """
        class Tank:
            def __init__(self, level, capacity):
                self.level = level
                self.capacity = capacity

        def refill(tanks, litres):
            return [min(t.capacity, t.level + litres) for t in tanks]
        """,
        "return [t.level",
    ),
    (
        "wrap-min-cap",
        """
        from dataclasses import dataclass

        @dataclass
        class Battery:
            charge: float
            max_charge: float

        def charged(cells, amount):
            return sorted(map(lambda c: c.charge + amount, cells))
        """,
        """
        from dataclasses import dataclass

        @dataclass
        class Battery:
            charge: float
            max_charge: float

        def charged(cells, amount):
            return sorted(map(lambda c: min(c.max_charge, c.charge + amount), cells))
        """,
        "lambda c",
    ),
    # --- abs(e) for a value whose sign the function tests, shown or handed on
    (
        "wrap-abs",
        """
        def drift(delta):
            side = "ahead" if delta > 0 else "behind"
            return f"{delta:.2f} ms {side}"
        """,
        """
        def drift(delta):
            side = "ahead" if delta > 0 else "behind"
            return f"{abs(delta):.2f} ms {side}"
        """,
        "return f",
    ),
    (
        "wrap-abs",
        """
        def balance_line(amount):
            if amount < 0:
                return "owed: " + str(amount)
            return "credit: " + str(amount)
        """,
        """
        def balance_line(amount):
            if amount < 0:
                return "owed: " + str(abs(amount))
            return "credit: " + str(amount)
        """,
        '"owed',
    ),
    # --- len(e): a count was meant where the value itself is converted or ranged over
    (
        "wrap-len",
        """
        def shape(sentence):
            return "/".join(str(w) for w in sentence.split())
        """,
        """
        def shape(sentence):
            return "/".join(str(len(w)) for w in sentence.split())
        """,
        "return",
    ),
    (
        "wrap-len",
        """
        def pairs(items):
            out = []
            for i in range(items):
                out.append((i, items[i]))
            return out
        """,
        """
        def pairs(items):
            out = []
            for i in range(len(items)):
                out.append((i, items[i]))
            return out
        """,
        "for i",
    ),
    # --- e or other-field: an optional field falls back to another field of its object
    (
        "wrap-or-default",
        """
        from dataclasses import dataclass

        @dataclass
        class Guest:
            name: str
            seats: int
            alias: str | None = None

        class Roll:
            def label(self, guest):
                return f"{guest.alias} ({guest.seats})"
        """,
        """
        from dataclasses import dataclass

        @dataclass
        class Guest:
            name: str
            seats: int
            alias: str | None = None

        class Roll:
            def label(self, guest):
                return f"{guest.alias or guest.name} ({guest.seats})"
        """,
        "return f",
    ),
    (
        "wrap-or-default",
        """
        class Item:
            def __init__(self, sku, title=None):
                self.sku = sku
                self.title = title

        def catalogue(items):
            return {i.sku: i.title for i in items}
        """,
        """
        class Item:
            def __init__(self, sku, title=None):
                self.sku = sku
                self.title = title

        def catalogue(items):
            return {i.sku: i.title or i.sku for i in items}
        """,
        "return {",
    ),
    (
        "wrap-or-default",
        """
        def greet(user):
            def name(u):
                return f"hello {u.nick}"
            return name(user)
        """,
        """
        def greet(user):
            def name(u):
                return f"hello {u.nick or ''}"
            return name(user)
        """,
        "return f",
    ),
    # --- round(e, n) as a dict value under a conditional expression, in an f-string field
    (
        "wrap-round",
        """
        def stats(total, days):
            return {
                "mean": total / days if days else 0.0,
                "days": days,
            }
        """,
        """
        def stats(total, days):
            return {
                "mean": round(total / days, 1) if days else 0.0,
                "days": days,
            }
        """,
        '"mean"',
    ),
    (
        "wrap-round",
        "def speed_label(km, hours):\n    return f'{km / hours} km/h'\n",
        "def speed_label(km, hours):\n    return f'{round(km / hours, 1)} km/h'\n",
        "return",
    ),
    (
        "wrap-len",
        """
        def summary(name, words):
            kept = []
            for w in words:
                kept.append(w.lower())
            return f"{name}: {kept} words"
        """,
        """
        def summary(name, words):
            kept = []
            for w in words:
                kept.append(w.lower())
            return f"{name}: {len(kept)} words"
        """,
        "return f",
    ),
    (
        "wrap-len",
        "def longest(words):\n    return max(words, key=lambda w: w)\n",
        "def longest(words):\n    return max(words, key=lambda w: len(w))\n",
        "return",
    ),
    # --- not e for a dict value stored under a key, x is None or c in a lambda's body
    (
        "wrap-not",
        "def flags(user):\n    return {'name': user.name, 'active': user.banned}\n",
        "def flags(user):\n    return {'name': user.name, 'active': not user.banned}\n",
        "return",
    ),
    (
        "wrap-none-guard",
        "def late(tasks, now):\n    return list(filter(lambda t: t.due < now, tasks))\n",
        "def late(tasks, now):\n"
        "    return list(filter(lambda t: t.due is not None and t.due < now, tasks))\n",
        "return",
    ),
    (
        "wrap-none-guard",
        "def check(x, lo=None):\n    assert x > lo\n    return x\n",
        "def check(x, lo=None):\n    assert lo is None or x > lo\n    return x\n",
        "assert",
    ),
    # --- an open() mode inside a with item
    (
        "string-common",
        "def load(p):\n    with open(p, 'w') as fh:\n        return fh.read()\n",
        "def load(p):\n    with open(p, 'r') as fh:\n        return fh.read()\n",
        "with",
    ),
    # --- a closure's variable replaced by another name of the function around it
    (
        "variable",
        """
        def clip(values, low, high):
            def one(v):
                return min(high, max(high, v))
            return [one(v) for v in values]
        """,
        """
        def clip(values, low, high):
            def one(v):
                return min(high, max(low, v))
            return [one(v) for v in values]
        """,
        "return min",
    ),
    # --- the separator between an f-string's fields
    (
        "string-common",
        "def pair(a, b):\n    return f'{a},{b}'\n",
        "def pair(a, b):\n    return f'{a}, {b}'\n",
        "return",
    ),
    (
        "string-common",
        """
        def rows(table):
            return [f"{k}:{v}" for k, v in table.items()]
        """,
        """
        def rows(table):
            return [f"{k}: {v}" for k, v in table.items()]
        """,
        "return",
    ),
    # --- a path joint inside an f-string
    (
        "separator-constant",
        "import os\n\n\ndef folder(year, month):\n    return f'{year}/{month:02d}'\n",
        "import os\n\n\ndef folder(year, month):\n    return f'{year}{os.sep}{month:02d}'\n",
        "return",
    ),
]


@pytest.mark.parametrize(("template", "buggy", "fixed", "needle"), CASES)
def test_every_position_reaches_the_template(
    template: str, buggy: str, fixed: str, needle: str
) -> None:
    c = fix_of(src(buggy), src(fixed), needle)
    assert c.template == template


def _node(fi: FileInfo, text: str) -> cst.CSTNode:
    """The last expression node of ``fi`` spelled ``text`` (a parameter comes before its uses)."""
    found = [n for n in fi.positions if isinstance(n, cst.BaseExpression) and fi.text(n) == text]
    assert found, text
    return max(found, key=lambda n: fi.span(n))


def test_value_positions_look_through_containers() -> None:
    fi = FileInfo(
        src(
            """
            @retry(times=n - 1)
            def f(a, b, xs):
                g = lambda v: v * 2
                d = {"k": a + b if a else b - a}
                s = f"{a - b:>4}"
                ys = [x - a for x in sorted(xs) if x > 0]
                yield a % b
                if (m := a // b) > 3:
                    return a ** b
            """
        )
    )
    assert value_position(fi, _node(fi, "n - 1")) == "arg"  # a decorator's keyword argument
    assert value_position(fi, _node(fi, "v * 2")) == "return"  # a lambda's body
    assert value_position(fi, _node(fi, "a + b")) == "element"  # a dict value, under an IfExp
    assert value_position(fi, _node(fi, "b - a")) == "element"
    assert value_position(fi, _node(fi, "a - b")) == "formatted"
    assert value_position(fi, _node(fi, "x - a")) == "element"
    assert value_position(fi, _node(fi, "xs")) == "arg"
    assert value_position(fi, _node(fi, "sorted(xs)")) == "iter"
    assert value_position(fi, _node(fi, "a % b")) == "return"  # yielded
    assert value_position(fi, _node(fi, "a // b")) == "assign"  # a walrus's value
    assert value_position(fi, _node(fi, "a ** b")) == "return"
    assert value_position(fi, _node(fi, "x > 0")) == ""  # a condition: the caller's to know


def test_arithmetic_spine_not_call_arguments() -> None:
    a = cst.parse_expression("(base - avg) * pct // 100")
    b = cst.parse_expression("f(a - b) * 2")
    assert arithmetic_has(a, cst.Subtract)
    assert not arithmetic_has(b, cst.Subtract)


def test_len_of_a_formatted_value_only_for_a_collection() -> None:
    """An f-string field the function never walks, grows or measures gets no len()."""
    buggy = src(
        """
        def line(name, total):
            return f"{name}: {total} words"
        """
    )
    cands = generate_candidates(buggy, "mod.py", {2: 1.0})
    assert not [c for c in cands if c.template == "wrap-len"]


def test_abs_only_for_a_sign_tested_value() -> None:
    """A formatted value the function never compares with zero gets no abs()."""
    buggy = src(
        """
        def line(delta, unit):
            return f"{delta:.2f} {unit}"
        """
    )
    cands = generate_candidates(buggy, "mod.py", {2: 1.0})
    assert not [c for c in cands if c.template == "wrap-abs"]


def test_min_cap_never_a_literal_or_an_unrelated_class() -> None:
    buggy = src(
        """
        class Tank:
            def __init__(self, level, capacity):
                self.level = level
                self.capacity = capacity

        class Pump:
            def __init__(self, max_rate):
                self.max_rate = max_rate

        def refill(tanks, litres):
            return [t.level + litres for t in tanks]
        """
    )
    cands = generate_candidates(buggy, "mod.py", {11: 1.0})
    caps = [c.description for c in cands if c.template == "wrap-min-cap"]
    assert caps and all("t.capacity" in d for d in caps)  # Pump's max_rate: not t's field


def test_count_range_from_the_docstring_before_open_ended() -> None:
    buggy = src(
        '''
        import re


        def codes(text):
            """Codes: two capitals then 3 to 5 digits."""
            return re.findall(r"[A-Z]{2}\\d{3}", text)
        '''
    )
    cands = generate_candidates(buggy, "mod.py", {6: 1.0})
    widen = [c for c in cands if c.template == "regex-widen" and "\\d{3" in c.description]
    texts = [c.new_source for c in widen]
    doc = next(i for i, t in enumerate(texts) if r"\d{3,5}" in t)
    open_ = next(i for i, t in enumerate(texts) if r"\d{3,}" in t)
    assert doc < open_


def test_count_range_from_a_failing_input() -> None:
    variants = pattern_variants(r"\b[A-Z]{2}\d{4}\b", True, samples=["seen: TX20481"])
    assert any(new == r"\b[A-Z]{2}\d{4,5}\b" for _, new, _ in variants)
    escaped = pattern_variants("[a-z]+\\\\d{2}", False, samples=["ab1234"])
    assert any(new == "[a-z]+\\\\d{2,4}" for _, new, _ in escaped)


def test_count_range_from_the_failing_line_through_the_hints() -> None:
    buggy = 'import re\n\n\ndef tags(s):\n    return re.findall(r"#\\w{3}", s)\n'
    hints = FailureHints(chars=set("#abcdef "), literals=["x #abcdef y"])
    cands = hinted_candidates(buggy, "mod.py", {5: 1.0}, hints)
    assert any(r"#\w{3,6}" in c.new_source for c in cands)


def test_fstring_colon_is_not_a_path_separator() -> None:
    buggy = "import os\n\n\ndef clock(m, s):\n    return f'{m:02d}:{s:02d}'\n"
    cands = generate_candidates(buggy, "mod.py", {5: 1.0})
    assert not [c for c in cands if c.template == "separator-constant"]


def test_documented_range_covers_a_failing_inputs_run() -> None:
    """A run the docstring's range already covers gives no narrower range of its own."""
    variants = pattern_variants(
        r"[A-Z]{2}\d{4}", True, documented=[4, 6], samples=["blue tit TX20481"]
    )
    news = [new for _, new, _ in variants]
    assert r"[A-Z]{2}\d{4,6}" in news
    assert r"[A-Z]{2}\d{4,5}" not in news


def test_slice_first_when_the_function_reads_that_end_apart() -> None:
    buggy = src(
        """
        def total(row):
            cells = row.split(",")
            n = 0
            for i, c in enumerate(cells):
                n += int(c) * i
            return cells[0], n
        """
    )
    cands = generate_candidates(buggy, "mod.py", {4: 1.0})
    slices = [c for c in cands if c.template == "add-slice"]
    assert slices[0].new_source.count("enumerate(cells[1:])") == 1
    plain = src(buggy.replace("return cells[0], n", "return n"))
    again = [c for c in generate_candidates(plain, "mod.py", {4: 1.0}) if c.template == "add-slice"]
    first = next(c for c in again if "cells[1:]" in c.new_source)
    assert slices[0].prior > first.prior


def test_a_decorators_argument_is_mutated_from_its_line() -> None:
    """A decorator's line belongs to the definition it decorates, not the class around it."""
    buggy = src(
        """
        def every(seconds):
            def deco(fn):
                fn.every = seconds
                return fn
            return deco

        class Job:
            @every(seconds=60)
            def tick(self):
                return 1
        """
    )
    fixed = buggy.replace("seconds=60", "seconds=3600")
    c = fix_of(buggy, fixed, "@every")
    assert c.template == "constant-related"


def test_a_count_range_widened_to_a_failing_inputs_run() -> None:
    variants = pattern_variants(r"^\d{2,3}$", True, samples=["12345"])
    assert any(new == r"^\d{2,5}$" for _, new, _ in variants)
