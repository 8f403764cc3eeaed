"""The templates that take their fix from the surrounding code (templates_context*.py).

Each kind has a tiny program written for the test where the fix must be generated for the buggy
line, and one of the same shape where the template must not fire.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.templates import generate_candidates
from fixloop.repair.templates_ast import FileInfo
from fixloop.repair.templates_context import CONTEXT_PRIORS, context_mutations
from fixloop.repair.templates_context_stmt import (
    context_statement_mutations,
    expected_literal_candidates,
    failing_literals,
)


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def _line(source: str, needle: str) -> int:
    return next(i for i, ln in enumerate(source.splitlines(), 1) if needle in ln)


def _programs(source: str, needle: str, template: str) -> list[str]:
    """``ast.dump`` of each candidate of ``template`` generated for the line holding ``needle``."""
    cands = generate_candidates(source, "mod.py", {_line(source, needle): 1.0}, factors={})
    return [ast.dump(ast.parse(c.new_source)) for c in cands if c.template == template]


def _fired(source: str, needle: str) -> list[str]:
    """The templates of these modules' mutations for the statement holding ``needle``."""
    fi = FileInfo(source, "mod.py")
    line = _line(source, needle)
    st = fi.stmt_at(line)
    assert st is not None
    muts = context_mutations(fi, st, line) + context_statement_mutations(fi, st)
    return [m.template for m in muts]


CASES = [
    # (template, buggy, fixed, needle, a program of the same shape where it must not fire, its
    # needle)
    (
        "wrap-or-default",
        """
        class Pet:
            def __init__(self, name, nickname=None):
                self.name = name
                self.nickname = nickname

            def called(self):
                return self.nickname
        """,
        """
        class Pet:
            def __init__(self, name, nickname=None):
                self.name = name
                self.nickname = nickname

            def called(self):
                return self.nickname or self.name
        """,
        "return self.nickname",
        """
        class Pet:
            def __init__(self, nickname=None):
                self.nickname = nickname

            def called(self):
                return self.nickname
        """,
        "return self.nickname",
    ),
    (
        "swap-operands",
        """
        def path(node, sep="/"):
            out = node.name
            while node.up is not None:
                node = node.up
                out = out + sep + node.name
            return out
        """,
        """
        def path(node, sep="/"):
            out = node.name
            while node.up is not None:
                node = node.up
                out = node.name + sep + out
            return out
        """,
        "out = out + sep",
        """
        def total(a, b):
            return a + b
        """,
        "return a + b",
    ),
    (
        "wrap-len",
        """
        def label(x):
            return f"<{x}>"

        def widest(items):
            w = 0
            for it in items:
                w = max(w, label(it))
            return w
        """,
        """
        def label(x):
            return f"<{x}>"

        def widest(items):
            w = 0
            for it in items:
                w = max(w, len(label(it)))
            return w
        """,
        "w = max(w, label(it))",
        """
        def size(x):
            return 2 * x

        def widest(items):
            w = 0
            for it in items:
                w = max(w, size(it))
            return w
        """,
        "w = max(w, size(it))",
    ),
    (
        "arg-off-by-one",
        """
        def place(items, item, slot):
            if slot < 1:
                raise ValueError(slot)
            items.insert(slot, item)
        """,
        """
        def place(items, item, slot):
            if slot < 1:
                raise ValueError(slot)
            items.insert(slot - 1, item)
        """,
        "items.insert(slot, item)",
        """
        def place(items, item, slot):
            items.insert(slot, item)
        """,
        "items.insert(slot, item)",
    ),
    (
        "insert-mirror-update",
        """
        class Seats:
            def __init__(self):
                self.taken = {}

            def used(self, row):
                return self.taken.get(row, 0)

            def sit(self, row):
                self.taken[row] = self.used(row) + 1

            def leave(self, row):
                print("bye", row)
        """,
        """
        class Seats:
            def __init__(self):
                self.taken = {}

            def used(self, row):
                return self.taken.get(row, 0)

            def sit(self, row):
                self.taken[row] = self.used(row) + 1

            def leave(self, row):
                print("bye", row)
                self.taken[row] = self.used(row) - 1
        """,
        'print("bye", row)',
        """
        class Seats:
            def __init__(self):
                self.taken = {}

            def sit(self, row):
                self.taken[row] = self.taken.get(row, 0) + 1

            def leave(self, seat):
                print("bye", seat)
        """,
        'print("bye", seat)',
    ),
    (
        "insert-branch-push",
        """
        def run(tokens, names):
            stack = []
            for tok in tokens:
                if tok == "+":
                    stack.append(stack.pop() + stack.pop())
                elif tok in names:
                    value = names[tok]
                else:
                    stack.append(int(tok))
            return stack.pop()
        """,
        """
        def run(tokens, names):
            stack = []
            for tok in tokens:
                if tok == "+":
                    stack.append(stack.pop() + stack.pop())
                elif tok in names:
                    value = names[tok]
                    stack.append(value)
                else:
                    stack.append(int(tok))
            return stack.pop()
        """,
        "value = names[tok]",
        """
        def run(tokens, names):
            stack = []
            for tok in tokens:
                if tok == "+":
                    stack.append(stack.pop() + stack.pop())
                elif tok in names:
                    value = names[tok]
                    print(value)
                else:
                    value = int(tok)
            return stack.pop()
        """,
        "value = names[tok]",
    ),
    (
        "delete-duplicate",
        """
        class Log:
            def __init__(self):
                self.lines = []

            def _note(self, what, n):
                self.lines.append((what, n))

            def add(self, n):
                self.lines.append(("add", n))
                self._note("add", n)
        """,
        """
        class Log:
            def __init__(self):
                self.lines = []

            def _note(self, what, n):
                self.lines.append((what, n))

            def add(self, n):
                self._note("add", n)
        """,
        'self.lines.append(("add", n))',
        """
        class Log:
            def __init__(self):
                self.lines = []

            def _note(self, what, n):
                self.lines.append((what, n))

            def add(self, n):
                self.lines.append(("total", n))
                self._note("add", n)
        """,
        'self.lines.append(("total", n))',
    ),
]


@pytest.mark.parametrize(
    ("template", "buggy", "fixed", "needle", "other", "other_needle"),
    CASES,
    ids=[c[0] for c in CASES],
)
def test_kind_fires_where_it_fits_and_not_elsewhere(
    template: str, buggy: str, fixed: str, needle: str, other: str, other_needle: str
) -> None:
    assert ast.dump(ast.parse(src(fixed))) in _programs(src(buggy), needle, template)
    assert template in CONTEXT_PRIORS
    assert template in _fired(src(buggy), needle)
    assert template not in _fired(src(other), other_needle)


def test_a_failing_tests_expected_string_replaces_a_returned_literal() -> None:
    buggy = src(
        """
        def show(n):
            if n == 0:
                return ""
            return f"{n} items"
        """
    )
    spectrum = {
        "tests": {
            "t::test_zero": {"outcome": "failed", "test_line": 'assert show(0) == "none"'},
            "t::test_two": {"outcome": "passed", "test_line": 'assert show(2) == "2 items"'},
        }
    }
    literals = failing_literals(spectrum)
    assert literals == ["none"]
    made = expected_literal_candidates(buggy, "mod.py", {3: 1.0}, literals)
    assert [c.new_source for c in made] == [buggy.replace('return ""', 'return "none"')]
    assert made[0].template == "string-expected" and made[0].score > 0
    # a line returning no literal, or no failing test's literal: nothing
    assert expected_literal_candidates(buggy, "mod.py", {4: 1.0}, literals) == []
    assert expected_literal_candidates(buggy, "mod.py", {3: 1.0}, []) == []


def test_a_none_guard_answers_the_failing_tests_expected_string() -> None:
    buggy = src(
        '''
        def since(ts, now):
            """Age of ``ts``, or a word when it is None."""
            age = now - ts
            return f"{age} s"

        def twice(ts, now):
            total = 0
            age = now - ts
            return 2 * age
        '''
    )
    literals = ["unknown"]
    made = expected_literal_candidates(buggy, "mod.py", {3: 1.0}, literals)
    guard = buggy.replace(
        "    age = now - ts\n    return f",
        '    if ts is None:\n        return "unknown"\n    age = now - ts\n    return f',
    )
    assert guard in [c.new_source for c in made]
    assert {c.template for c in made} == {"guard-expected"}
    # not the function's first statement: no guard there
    assert expected_literal_candidates(buggy, "mod.py", {9: 1.0}, literals) == []
