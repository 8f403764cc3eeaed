"""The templates of issue 19's kinds (templates_wrap, templates_insert, elif conditions).

Each test is a small buggy function written for the test; the fix must be among the candidates
generated for the buggy line, with the template named.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.candidate import Candidate
from fixloop.repair.templates import PRIORS, generate_candidates


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def fix_of(buggy: str, fixed: str, needle: str) -> Candidate:
    """The candidate (for the line holding ``needle``) whose program is ``fixed``."""
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if needle in ln)
    cands = generate_candidates(buggy, "mod.py", {line: 1.0})
    want = ast.dump(ast.parse(fixed))
    for c in cands:
        assert ast.parse(c.new_source)
        if ast.dump(ast.parse(c.new_source)) == want:
            return c
    raise AssertionError(
        "fix not generated:\n" + "\n".join(f"  {c.template}: {c.description}" for c in cands)
    )


CASES = [
    # (template, buggy, fixed, the buggy line's needle)
    (
        "compare-boundary",
        """
        def size_class(kb, small, big):
            if kb < small:
                return "S"
            elif kb > big:
                return "L"
            return "M"
        """,
        """
        def size_class(kb, small, big):
            if kb < small:
                return "S"
            elif kb >= big:
                return "L"
            return "M"
        """,
        "elif",
    ),
    (
        "constant-related",
        "def minutes_to_s(m):\n    return m * 1000\n",
        "def minutes_to_s(m):\n    return m * 60\n",
        "return",
    ),
    (
        "string-common",
        "def sep_join(parts):\n    return ''.join(parts)\n",
        "def sep_join(parts):\n    return ','.join(parts)\n",
        "return",
    ),
    (
        "literal-container",
        "def paths(n):\n    acc = []\n    for i in range(n):\n        acc = [p + [i] for p in acc]\n"
        "    return acc\n",
        "def paths(n):\n    acc = [[]]\n    for i in range(n):\n        acc = [p + [i] for p in acc]\n"
        "    return acc\n",
        "acc = []",
    ),
    (
        "compare-bound",
        "def fact(k):\n    if k == 0:\n        return 1\n    return k * fact(k - 1)\n",
        "def fact(k):\n    if k <= 1:\n        return 1\n    return k * fact(k - 1)\n",
        "if k",
    ),
    (
        "arg-off-by-one",
        "def power(b, e):\n    if e == 0:\n        return 1\n    return b * power(b, e)\n",
        "def power(b, e):\n    if e == 0:\n        return 1\n    return b * power(b, e - 1)\n",
        "return b",
    ),
    (
        "swap-operands",
        "def wrap(word, ch):\n    word = word + ch\n    return word\n",
        "def wrap(word, ch):\n    word = ch + word\n    return word\n",
        "word = word",
    ),
    (
        "add-slice",
        "def skip_header(rows):\n    return [r.split(',') for r in rows]\n",
        "def skip_header(rows):\n    return [r.split(',') for r in rows[1:]]\n",
        "return",
    ),
    (
        "while-condition",
        "def consume(jobs):\n    done = 0\n    while True:\n        jobs.popleft()\n        done += 1\n"
        "    return done\n",
        "def consume(jobs):\n    done = 0\n    while jobs:\n        jobs.popleft()\n        done += 1\n"
        "    return done\n",
        "while",
    ),
    (
        "wrap-max0",
        "def left(stock, sold):\n    return stock - sold\n",
        "def left(stock, sold):\n    return max(0, stock - sold)\n",
        "return",
    ),
    (
        "wrap-abs",
        "def gap(x, y):\n    d = x - y\n    return d\n",
        "def gap(x, y):\n    d = abs(x - y)\n    return d\n",
        "d = x",
    ),
    (
        "wrap-len",
        "def mean_len(words):\n    total = sum(len(w) for w in words)\n    return total / words\n",
        "def mean_len(words):\n    total = sum(len(w) for w in words)\n    return total / len(words)\n",
        "return",
    ),
    (
        "wrap-not",
        "def is_empty(box):\n    return box.items\n",
        "def is_empty(box):\n    return not box.items\n",
        "return",
    ),
    (
        "wrap-or-default",
        "def label(title, fallback='untitled'):\n    shown = title\n    return shown.upper()\n",
        "def label(title, fallback='untitled'):\n    shown = title or fallback\n    return shown.upper()\n",
        "shown = title",
    ),
    (
        "wrap-none-guard",
        "def fits(n, cap=None):\n    if n < cap:\n        return True\n    return False\n",
        "def fits(n, cap=None):\n    if cap is None or n < cap:\n        return True\n    return False\n",
        "if n",
    ),
    (
        "insert-mirror-update",
        "class Gate:\n    def __init__(self):\n        self.inside = 0\n\n    def enter(self):\n"
        "        self.inside += 1\n\n    def leave(self):\n        return self.inside\n",
        "class Gate:\n    def __init__(self):\n        self.inside = 0\n\n    def enter(self):\n"
        "        self.inside += 1\n\n    def leave(self):\n        self.inside -= 1\n"
        "        return self.inside\n",
        "return self.inside",
    ),
    (
        "wrap-not",
        "def allowed(flags, name):\n    ok = True\n    for f in flags:\n"
        "        banned = f.startswith('-')\n        if f.lstrip('-') == name:\n"
        "            ok = banned\n    return ok\n",
        "def allowed(flags, name):\n    ok = True\n    for f in flags:\n"
        "        banned = f.startswith('-')\n        if f.lstrip('-') == name:\n"
        "            ok = not banned\n    return ok\n",
        "ok = banned",
    ),
    (
        "wrap-none-guard",
        """
        def recent(stamps, floor, limit=None):
            return [
                s
                for s in stamps
                if s >= floor
                and s < limit
            ]
        """,
        """
        def recent(stamps, floor, limit=None):
            return [
                s
                for s in stamps
                if s >= floor
                and (limit is None or s < limit)
            ]
        """,
        "and s < limit",
    ),
    (
        "insert-set-add",
        "def unique(xs):\n    met = set()\n    out = []\n    for x in xs:\n        if x not in met:\n"
        "            out.append(x)\n    return out\n",
        "def unique(xs):\n    met = set()\n    out = []\n    for x in xs:\n        if x not in met:\n"
        "            out.append(x)\n            met.add(x)\n    return out\n",
        "out.append(x)",
    ),
    (
        "insert-after-loop",
        "def words(text):\n    res, cur = [], ''\n    for ch in text:\n        if ch == ' ':\n"
        "            res.append(cur)\n            cur = ''\n        else:\n            cur += ch\n"
        "    return res\n",
        "def words(text):\n    res, cur = [], ''\n    for ch in text:\n        if ch == ' ':\n"
        "            res.append(cur)\n            cur = ''\n        else:\n            cur += ch\n"
        "    res.append(cur)\n    return res\n",
        "return res",
    ),
    (
        "insert-pointer-update",
        "def last_before(items, stop):\n    before = None\n    for it in items:\n"
        "        if it == stop:\n            return before\n    return before\n",
        "def last_before(items, stop):\n    before = None\n    for it in items:\n"
        "        if it == stop:\n            return before\n        before = it\n    return before\n",
        "if it == stop",
    ),
]


@pytest.mark.parametrize(("template", "buggy", "fixed", "needle"), CASES, ids=[c[0] for c in CASES])
def test_kind_is_generated(template: str, buggy: str, fixed: str, needle: str) -> None:
    c = fix_of(src(buggy), src(fixed), needle)
    assert c.template.split("+")[0] == template
    assert c.prior > 0
    assert template in PRIORS


def test_guard_for_an_empty_attribute_collection() -> None:
    buggy = src(
        """
        class Empty(Exception):
            pass

        class Queue:
            def __init__(self):
                self.items = []

            def first(self):
                if not self.items:
                    raise Empty("nothing queued")
                return self.items[0]

            def take(self):
                return self.items.pop(0)
        """
    )
    fixed = buggy.replace(
        "    def take(self):\n",
        '    def take(self):\n        if not self.items:\n            raise Empty("nothing queued")\n',
    )
    # the guard before the pop, or the sibling method's guard copied to the start (same program)
    assert fix_of(buggy, fixed, "pop(0)").template in ("insert-guard", "insert-entry-guard")


def test_a_raising_new_template_costs_only_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    from fixloop.repair import templates_wrap

    def boom(*args: object) -> list:
        raise RuntimeError("template defect")

    monkeypatch.setattr(templates_wrap, "related_constant_mutations", boom)
    buggy = "def f(x):\n    return x * 60 + 1\n"
    cands = generate_candidates(buggy, "mod.py", {2: 1.0})
    assert cands, "other templates still give candidates"
    assert not any(c.template == "constant-related" for c in cands)


def test_candidate_order_does_not_depend_on_the_hash_seed() -> None:
    """A tuple loop target's names were offered in set order: PYTHONHASHSEED changed the order."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from fixloop.repair.templates import generate_candidates\n"
        "src = sys.stdin.read()\n"
        "n = len(src.splitlines())\n"
        "for c in generate_candidates(src, 'm.py', {i: 1.0 - i / 100 for i in range(1, n + 1)}):\n"
        "    print(c.template, c.line, c.description)\n"
    )
    source = src(
        """
        def gaps(spans):
            free = 0
            last = 0
            for begin, finish in spans:
                if begin > last:
                    free += begin - last
            return free
        """
    )
    outs = set()
    for seed in range(6):
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        p = subprocess.run(
            [sys.executable, "-c", code], input=source, env=env, capture_output=True, text=True
        )
        assert p.returncode == 0, p.stderr
        outs.add(p.stdout)
    assert len(outs) == 1
    assert "insert 'last = begin'" in next(iter(outs))


def test_a_digit_of_base_k_is_guarded_by_k_itself() -> None:
    """``code * 36 + d``: the digit's range is ``0 <= d < 36``; the guard is ``d >= 36``."""
    buggy = src(
        """
        def parse_base36(text):
            code = 0
            for ch in text:
                if not ch.isalnum():
                    raise ValueError(f"bad character {ch!r}")
                d = int(ch, 36) if ch.isdigit() else ord(ch.lower()) - 87
                code = code * 36 + d
            return code
        """
    )
    fixed = buggy.replace(
        "        code = code * 36 + d\n",
        "        if d >= 36:\n"
        '            raise ValueError(f"bad character {ch!r}")\n'
        "        code = code * 36 + d\n",
    )
    c = fix_of(buggy, fixed, "d = int(ch, 36)")
    assert c.template == "insert-guard"
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if "d = int(ch, 36)" in ln)
    cands = [
        x
        for x in generate_candidates(buggy, "mod.py", {line: 1.0})
        if "'if d > 36: raise" in x.description
    ]
    assert cands and cands[0].score < c.score  # 'd >= 36' before 'd > 36'
