"""Missing statements drawn from outside the suspicious function (templates_blocks), from a
nested function's closure (set adds), after a pointer walk, before a guarded state change, and
the None guard of a nested function: each kind on small programs written for this test, at
several positions (if/elif/else bodies, loop bodies, nested and recursive functions, methods)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.screen_trace import without_costly_plugins
from fixloop.repair.templates import generate_candidates
from fixloop.repair.templates_ast import FileInfo
from fixloop.repair.templates_blocks import scope_chain, visible
from fixloop.repair.templates_context_stmt import expected_literal_candidates, failing_literals


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def split(marked: str) -> tuple[str, str]:
    """``(buggy, fixed)`` of a program whose inserted lines end with ``#+``."""
    lines = src(marked).splitlines(keepends=True)
    fixed = "".join(ln.replace("  #+", "") for ln in lines)
    buggy = "".join(ln for ln in lines if "#+" not in ln)
    return buggy, fixed


def fixing(marked: str, needles: list[str]) -> list[str]:
    """Templates whose candidate (lines holding ``needles`` suspicious) is the fixed program."""
    buggy, fixed = split(marked)
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if any(n in ln for n in needles)}
    assert lines
    want = ast.dump(ast.parse(fixed))
    return [
        c.template
        for c in generate_candidates(buggy, "mod.py", lines)
        if ast.dump(ast.parse(c.new_source)) == want
    ]


# ------------------------------------------------------------------ every kind, one shape
# Each case: the template, the fixed program with its inserted lines marked ``#+`` (the buggy
# program lacks them), and the texts of the lines made suspicious.


CASES = [
    (  # the reset after the consumed accumulator, in a method's plain body
        "insert-outer-statement",
        """

        class Meter:
            def __init__(self):
                self.run = 0
                self.runs = []

            def tick(self, n):
                self.run += n

            def close(self):
                self.runs.append(self.run)
                self.run = 0  #+
        """,
        ["self.runs.append"],
    ),
    (  # inside the else branch of an if, in a loop of a method
        "insert-outer-statement",
        """

        class Lines:
            def __init__(self):
                self.buf = ""
                self.done = []

            def feed(self, text):
                for ch in text:
                    if ch != "\\n":
                        self.buf += ch
                    else:
                        self.done.append(self.buf)
                        self.buf = ""  #+
                return len(self.done)
        """,
        ["self.done.append"],
    ),
    (  # before a statement: the state cleared before the new value is built
        "insert-outer-statement",
        """

        class Batch:
            def __init__(self, size):
                self.size = size
                self.items = []

            def start(self, first):
                self.items = []  #+
                self.items.append(first)
                return self.items
        """,
        ["self.items.append"],
    ),
    (  # an enclosing function's statement in the nested one
        "insert-outer-statement",
        """

        def copy_all(lines, extra, log):
            out = []
            for line in lines:
                log.write(line)
                out.append(line)

            def add(line):
                log.write(line)  #+
                out.append(line)

            for line in extra:
                add(line)
            return out
        """,
        ["        out.append(line)"],
    ),
    (  # the first branch of an if/elif chain pushes nothing; the second pops
        "insert-inverse",
        """

        def walk(program):
            x = y = 0
            saved = []
            for ch in program:
                if ch == "(":
                    saved.append((x, y))  #+
                    x += 1
                elif ch == ")":
                    x, y = saved.pop()
                else:
                    y += 1
            return x, y
        """,
        ["x += 1"],
    ),
    (  # a method, an attribute stack, the push at the end of the else branch
        "insert-inverse",
        """

        class Editor:
            def __init__(self):
                self.text = ""
                self.history = []

            def type(self, s):
                if not s:
                    return
                else:
                    self.history.append(self.text)  #+
                    self.text += s

            def undo(self):
                self.text = self.history.pop()
        """,
        ["self.text += s"],
    ),
    (  # a set that loses members and never gets any: the add in the other branch
        "insert-inverse",
        """

        def toggle(events):
            on = set()
            n = 0
            for name, up in events:
                if up:
                    n += 1
                    on.add(name)  #+
                else:
                    on.discard(name)
            return sorted(on), n
        """,
        ["n += 1"],
    ),
    (  # a recursive nested function reading the enclosing function's set
        "insert-set-add",
        """

        def reach(graph, start):
            seen = set()
            order = []

            def go(node):
                if node in seen:
                    return
                seen.add(node)  #+
                order.append(node)
                for nxt in graph[node]:
                    go(nxt)

            go(start)
            return order
        """,
        ["order.append(node)"],
    ),
    (  # the enclosing function's set bound by an annotated assignment
        "insert-set-add",
        """

        def first_orders(orders):
            done: set[str] = set()

            def fresh(sku):
                key = sku.upper()
                if key in done:
                    return False
                done.add(key)  #+
                return True

            return [o for o in orders if fresh(o)]
        """,
        ["return True"],
    ),
    (  # two levels of nesting, the set two functions out, inside a loop body
        "insert-set-add",
        """

        def count_words(docs):
            known = []

            def per_doc(doc):
                def per_line(line):
                    n = 0
                    for w in line.split():
                        if w not in known:
                            known.append(w)  #+
                            n += 1
                    return n

                return sum(per_line(ln) for ln in doc)

            return [per_doc(d) for d in docs]
        """,
        ["n += 1"],
    ),
    (  # a sorted insert: the trailing pointer is read only after the walk
        "insert-pointer-update",
        """

        class Chain:
            def __init__(self):
                self.head = None
                self.size = 0

            def insert(self, link):
                prev, node = None, self.head
                for _ in range(self.size):
                    if node.key > link.key:
                        break
                    prev = node  #+
                    node = node.next
                link.next = node
                if prev is None:
                    self.head = link
                else:
                    prev.next = link
                self.size += 1
        """,
        ["node = node.next"],
    ),
    (  # a module function, the walk's step in an else branch's sibling
        "insert-pointer-update",
        """

        def last_before(items, limit):
            before, cur = None, 0
            for _ in items:
                if items[cur] >= limit:
                    break
                before = cur  #+
                cur = cur + 1
            return before
        """,
        ["cur = cur + 1"],
    ),
    (  # module functions: hold guards its change, sell does not
        "insert-state-guard",
        """

        class Taken(Exception):
            pass

        def hold(slots, wanted):
            for s in wanted:
                if slots[s] is not None:
                    raise Taken(s)
                slots[s] = "held"

        def sell(slots, wanted):
            for s in wanted:
                if slots[s] == "sold":  #+
                    raise Taken(s)  #+
                slots[s] = "sold"
        """,
        ['slots[s] = "sold"'],
    ),
    (  # methods, an attribute state, inside an if body
        "insert-state-guard",
        """

        class Door:
            def __init__(self):
                self.state = "closed"

            def open(self):
                if self.state == "locked":
                    raise ValueError("locked")
                self.state = "open"

            def lock(self, key):
                if key:
                    if self.state == "locked":  #+
                        raise ValueError("locked")  #+
                    self.state = "locked"
        """,
        ['self.state = "locked"'],
    ),
    (  # a closure counter one nested function raises, lowered by its sibling
        "insert-mirror-update",
        """

        def meter(events):
            level = [0]

            def up():
                level[0] += 1

            def down():
                level[0] -= 1  #+
                return level[0]

            return [up() if e else down() for e in events], level
        """,
        ["return level[0]"],
    ),
    (  # a branch pushes when only some sibling branches push
        "insert-branch-push",
        """

        def parse(tokens):
            stack = []
            out = []
            for t in tokens:
                if t == "(":
                    stack.append(len(out))
                elif t == ")":
                    out.append(out[stack.pop():])
                elif t == "[":
                    mark = len(out)
                    stack.append(mark)  #+
                else:
                    out.append(t)
            return out
        """,
        ["mark = len(out)"],
    ),
    (  # the set add inside a with body
        "insert-set-add",
        """

        def unique_lines(path, opener):
            seen = set()
            out = []
            with opener(path) as f:
                for line in f:
                    if line in seen:
                        continue
                    seen.add(line)  #+
                    out.append(line)
            return out
        """,
        ["out.append(line)"],
    ),
    (  # the class's reset inside a try body of a method
        "insert-outer-statement",
        """

        class Reader:
            def __init__(self):
                self.chunk = []
                self.chunks = []

            def flush(self, sink):
                try:
                    sink(list(self.chunk))
                    self.chunks.append(self.chunk)
                    self.chunk = []  #+
                except ValueError:
                    return False
                return True
        """,
        ["self.chunks.append"],
    ),
    (  # a recursive method and the class's set
        "insert-set-add",
        """
        class Crawler:
            def __init__(self):
                self.visited = set()
                self.pages = []

            def crawl(self, url, links):
                if url in self.visited:
                    return
                self.visited.add(url)  #+
                self.pages.append(url)
                for nxt in links.get(url, []):
                    self.crawl(nxt, links)
        """,
        ["self.pages.append(url)"],
    ),
]


@pytest.mark.parametrize("template,marked,needles", CASES)
def test_the_missing_statement_is_generated(template, marked, needles):
    assert template in fixing(marked, needles)


# ------------------------------------------------------------------ statements of the class


def test_no_outer_statement_that_reads_a_name_not_visible_here():
    buggy = src(
        """
        class Pair:
            def __init__(self):
                self.left = []

            def put(self, item, tag):
                self.left.append((item, tag))

            def take(self):
                return self.left.pop()
        """
    )
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if "return self.left" in ln}
    texts = [
        c.new_source
        for c in generate_candidates(buggy, "mod.py", lines)
        if c.template == "insert-outer-statement"
    ]
    # put's statement reads ``item``/``tag``: not visible in take
    assert texts and not any("self.left.append((item, tag))\n        return" in t for t in texts)


# ------------------------------------------------------------------ inverse operations


def test_no_inverse_when_the_scope_pushes_already():
    buggy = src(
        """
        def run(ops):
            stack = []
            for op in ops:
                if op:
                    stack.append(op)
                else:
                    stack.pop()
            return stack
        """
    )
    lines = {i: 1.0 for i in range(1, len(buggy.splitlines()) + 1)}
    assert not [
        c for c in generate_candidates(buggy, "m.py", lines) if c.template == "insert-inverse"
    ]


# ------------------------------------------------------------------ closures, pointers


def test_scope_chain_and_visible_names_of_a_nested_function():
    fi = FileInfo(
        src(
            """
            def outer(a):
                b = 1

                def inner(c):
                    return a + b + c

                return inner
            """
        )
    )
    inner = next(f for f in fi.funcs.values() if f.node.name.value == "inner")
    chain = scope_chain(fi, inner.node)
    assert [f.node.name.value for f in chain] == ["inner", "outer"]
    assert {"a", "b", "c", "inner", "len"} <= visible(fi, inner.node)
    assert scope_chain(fi, None) == []


# ------------------------------------------------------------------ guarded state changes


def test_the_state_guard_on_the_new_value_ranks_before_the_copied_guard():
    buggy, _ = split(next(m for t, m, _ in CASES if t == "insert-state-guard"))
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if '"sold"' in ln}
    guards = [
        c.new_source
        for c in generate_candidates(buggy, "m.py", lines)
        if c.template == "insert-state-guard"
    ]
    assert len(guards) == 2
    assert 'if slots[s] == "sold":' in guards[0]
    assert (
        'if slots[s] is not None:\n            raise Taken(s)\n        slots[s] = "sold"'
        in guards[1]
    )


# ------------------------------------------------------------------ None guard, literals


NESTED = src(
    """
    def labels(people, today):
        def label(day):
            days = today - day
            if days == 0:
                return "today"
            return f"{days} days ago"

        return {p: label(d) for p, d in people.items()}
    """
)


def test_a_nested_functions_none_guard_when_a_failure_named_nonetype():
    lines = {i: 1.0 for i, ln in enumerate(NESTED.splitlines(), 1) if "days = today" in ln}
    want = '        if day is None:\n            return "never"\n        days = today - day\n'
    literals = ["today", "never"]
    plain = expected_literal_candidates(NESTED, "m.py", lines, literals)
    assert not any(want in c.new_source for c in plain)  # no evidence that day may be None
    seen = expected_literal_candidates(NESTED, "m.py", lines, literals, none_seen=True)
    guards = [c for c in seen if c.template == "guard-expected"]
    assert guards and want in guards[0].new_source  # "today" is an answer it gives already


def test_failing_literals_put_the_expected_answers_before_the_inputs():
    spectrum = {
        "tests": {
            "t1": {
                "outcome": "failed",
                "test_line": 'assert labels(["bo", "cy"], T) == {"bo": "2 days ago", "cy": "never"}',
            },
            "t2": {"outcome": "passed", "test_line": 'assert f("x") == "y"'},
        }
    }
    assert failing_literals(spectrum) == ["2 days ago", "never", "2", "days", "ago", "bo"]
    assert failing_literals(spectrum, limit=10)[-2:] == ["bo", "cy"]
    one = {"tests": {"t": {"outcome": "failed", "test_line": 'assert call(2, 0) == "30-love"'}}}
    assert failing_literals(one) == ["30-love", "30", "love"]


# ------------------------------------------------------------------ coverage plugins


def test_screening_switches_off_installed_coverage_and_xdist(monkeypatch):
    import importlib.util

    installed = {"pytest_cov", "xdist"}
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: object() if name in installed else None
    )
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    assert without_costly_plugins(["-q"]) == ["-q", "--no-cov", "-n", "0"]
    assert without_costly_plugins(["-q", "-p", "no:cov"]) == ["-q", "-p", "no:cov", "-n", "0"]
    assert without_costly_plugins(["-pno:xdist"]) == ["-pno:xdist", "--no-cov"]
    installed.clear()
    assert without_costly_plugins(["-q"]) == ["-q"]
    installed.add("pytest_cov")
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    assert without_costly_plugins(["-q"]) == ["-q"]  # not loaded: --no-cov would be an error
    assert without_costly_plugins(["-p", "pytest_cov"]) == ["-p", "pytest_cov", "--no-cov"]


# ------------------------------------------------------------------ closure counters, branches


def test_a_none_check_is_boosted_only_after_a_nonetype_failure():
    from fixloop.repair.templates_guards import NONE_BOOST, none_check_boost

    old = "def opens(self, now):\n    return now < self.expires\n"
    guarded = old.replace("now <", "self.expires is None or now <")
    other = old.replace("<", "!=")
    assert none_check_boost(old, guarded, True) == NONE_BOOST
    assert none_check_boost(old, other, True) == 1.0
    assert none_check_boost(old, guarded, False) == 1.0
    assert (
        none_check_boost(old, old.replace("return", "if now is not None:\n        return"), True)
        > 1
    )


# ------------------------------------------------------------------ with / try bodies
