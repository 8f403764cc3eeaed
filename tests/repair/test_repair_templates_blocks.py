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


def templates_fixing(buggy: str, fixed: str, needles: list[str]) -> list[str]:
    """Templates whose candidate (lines holding ``needles`` suspicious) is ``fixed``."""
    buggy, fixed = src(buggy), src(fixed)
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if any(n in ln for n in needles)}
    assert lines
    want = ast.dump(ast.parse(fixed))
    return [
        c.template
        for c in generate_candidates(buggy, "mod.py", lines)
        if ast.dump(ast.parse(c.new_source)) == want
    ]


# ------------------------------------------------------------------ statements of the class


RESET_CASES = [
    (  # the reset after the consumed accumulator, in a method's plain body
        """
        class Meter:
            def __init__(self):
                self.run = 0
                self.runs = []

            def tick(self, n):
                self.run += n

            def close(self):
                self.runs.append(self.run)
        """,
        """
        class Meter:
            def __init__(self):
                self.run = 0
                self.runs = []

            def tick(self, n):
                self.run += n

            def close(self):
                self.runs.append(self.run)
                self.run = 0
        """,
        ["self.runs.append"],
    ),
    (  # inside the else branch of an if, in a loop of a method
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
                return len(self.done)
        """,
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
                        self.buf = ""
                return len(self.done)
        """,
        ["self.done.append"],
    ),
    (  # before a statement: the state cleared before the new value is built
        """
        class Batch:
            def __init__(self, size):
                self.size = size
                self.items = []

            def start(self, first):
                self.items.append(first)
                return self.items
        """,
        """
        class Batch:
            def __init__(self, size):
                self.size = size
                self.items = []

            def start(self, first):
                self.items = []
                self.items.append(first)
                return self.items
        """,
        ["self.items.append"],
    ),
]


@pytest.mark.parametrize("buggy,fixed,needles", RESET_CASES)
def test_a_statement_of_another_method_is_inserted(buggy, fixed, needles):
    assert "insert-outer-statement" in templates_fixing(buggy, fixed, needles)


def test_a_statement_of_the_enclosing_function_is_inserted_in_a_nested_one():
    buggy = """
    def copy_all(lines, extra, log):
        out = []
        for line in lines:
            log.write(line)
            out.append(line)

        def add(line):
            out.append(line)

        for line in extra:
            add(line)
        return out
    """
    fixed = """
    def copy_all(lines, extra, log):
        out = []
        for line in lines:
            log.write(line)
            out.append(line)

        def add(line):
            log.write(line)
            out.append(line)

        for line in extra:
            add(line)
        return out
    """
    assert "insert-outer-statement" in templates_fixing(buggy, fixed, ["        out.append(line)"])


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


INVERSE_CASES = [
    (  # the first branch of an if/elif chain pushes nothing; the second pops
        """
        def walk(program):
            x = y = 0
            saved = []
            for ch in program:
                if ch == "(":
                    x += 1
                elif ch == ")":
                    x, y = saved.pop()
                else:
                    y += 1
            return x, y
        """,
        """
        def walk(program):
            x = y = 0
            saved = []
            for ch in program:
                if ch == "(":
                    saved.append((x, y))
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
        """
        class Editor:
            def __init__(self):
                self.text = ""
                self.history = []

            def type(self, s):
                if not s:
                    return
                else:
                    self.text += s

            def undo(self):
                self.text = self.history.pop()
        """,
        """
        class Editor:
            def __init__(self):
                self.text = ""
                self.history = []

            def type(self, s):
                if not s:
                    return
                else:
                    self.history.append(self.text)
                    self.text += s

            def undo(self):
                self.text = self.history.pop()
        """,
        ["self.text += s"],
    ),
    (  # a set that loses members and never gets any: the add in the other branch
        """
        def toggle(events):
            on = set()
            n = 0
            for name, up in events:
                if up:
                    n += 1
                else:
                    on.discard(name)
            return sorted(on), n
        """,
        """
        def toggle(events):
            on = set()
            n = 0
            for name, up in events:
                if up:
                    n += 1
                    on.add(name)
                else:
                    on.discard(name)
            return sorted(on), n
        """,
        ["n += 1"],
    ),
]


@pytest.mark.parametrize("buggy,fixed,needles", INVERSE_CASES)
def test_the_inverse_of_a_removal_is_inserted(buggy, fixed, needles):
    assert "insert-inverse" in templates_fixing(buggy, fixed, needles)


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


SET_ADD_CASES = [
    (  # a recursive nested function reading the enclosing function's set
        """
        def reach(graph, start):
            seen = set()
            order = []

            def go(node):
                if node in seen:
                    return
                order.append(node)
                for nxt in graph[node]:
                    go(nxt)

            go(start)
            return order
        """,
        """
        def reach(graph, start):
            seen = set()
            order = []

            def go(node):
                if node in seen:
                    return
                seen.add(node)
                order.append(node)
                for nxt in graph[node]:
                    go(nxt)

            go(start)
            return order
        """,
        ["order.append(node)"],
    ),
    (  # two levels of nesting, the set two functions out, inside a loop body
        """
        def count_words(docs):
            known = []

            def per_doc(doc):
                def per_line(line):
                    n = 0
                    for w in line.split():
                        if w not in known:
                            n += 1
                    return n

                return sum(per_line(ln) for ln in doc)

            return [per_doc(d) for d in docs]
        """,
        """
        def count_words(docs):
            known = []

            def per_doc(doc):
                def per_line(line):
                    n = 0
                    for w in line.split():
                        if w not in known:
                            known.append(w)
                            n += 1
                    return n

                return sum(per_line(ln) for ln in doc)

            return [per_doc(d) for d in docs]
        """,
        ["n += 1"],
    ),
]


SET_ADD_CASES.append(
    (  # a recursive method and the class's set
        """
        class Crawler:
            def __init__(self):
                self.visited = set()
                self.pages = []

            def crawl(self, url, links):
                if url in self.visited:
                    return
                self.pages.append(url)
                for nxt in links.get(url, []):
                    self.crawl(nxt, links)
        """,
        """
        class Crawler:
            def __init__(self):
                self.visited = set()
                self.pages = []

            def crawl(self, url, links):
                if url in self.visited:
                    return
                self.visited.add(url)
                self.pages.append(url)
                for nxt in links.get(url, []):
                    self.crawl(nxt, links)
        """,
        ["self.pages.append(url)"],
    )
)


@pytest.mark.parametrize("buggy,fixed,needles", SET_ADD_CASES)
def test_a_closure_collection_gets_its_add(buggy, fixed, needles):
    assert "insert-set-add" in templates_fixing(buggy, fixed, needles)


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


POINTER_CASES = [
    (  # a sorted insert: the trailing pointer is read only after the walk
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
                    node = node.next
                link.next = node
                if prev is None:
                    self.head = link
                else:
                    prev.next = link
                self.size += 1
        """,
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
                    prev = node
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
        """
        def last_before(items, limit):
            before, cur = None, 0
            for _ in items:
                if items[cur] >= limit:
                    break
                cur = cur + 1
            return before
        """,
        """
        def last_before(items, limit):
            before, cur = None, 0
            for _ in items:
                if items[cur] >= limit:
                    break
                before = cur
                cur = cur + 1
            return before
        """,
        ["cur = cur + 1"],
    ),
]


@pytest.mark.parametrize("buggy,fixed,needles", POINTER_CASES)
def test_a_trailing_pointer_read_after_the_loop_is_updated(buggy, fixed, needles):
    assert "insert-pointer-update" in templates_fixing(buggy, fixed, needles)


# ------------------------------------------------------------------ guarded state changes


STATE_CASES = [
    (  # module functions: hold guards its change, sell does not
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
                slots[s] = "sold"
        """,
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
                if slots[s] == "sold":
                    raise Taken(s)
                slots[s] = "sold"
        """,
        ['slots[s] = "sold"'],
    ),
    (  # methods, an attribute state, inside an if body
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
                    self.state = "locked"
        """,
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
                    if self.state == "locked":
                        raise ValueError("locked")
                    self.state = "locked"
        """,
        ['self.state = "locked"'],
    ),
]


@pytest.mark.parametrize("buggy,fixed,needles", STATE_CASES)
def test_a_state_change_gets_the_guard_of_its_twin(buggy, fixed, needles):
    assert "insert-state-guard" in templates_fixing(buggy, fixed, needles)


def test_the_state_guard_on_the_new_value_ranks_before_the_copied_guard():
    buggy = src(STATE_CASES[0][0])
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


def test_a_closure_counter_raised_by_one_nested_function_is_lowered_by_its_sibling():
    buggy = """
    def meter(events):
        level = [0]

        def up():
            level[0] += 1

        def down():
            return level[0]

        return [up() if e else down() for e in events], level
    """
    fixed = """
    def meter(events):
        level = [0]

        def up():
            level[0] += 1

        def down():
            level[0] -= 1
            return level[0]

        return [up() if e else down() for e in events], level
    """
    assert "insert-mirror-update" in templates_fixing(buggy, fixed, ["return level[0]"])


def test_a_branch_pushes_when_only_some_sibling_branches_push():
    buggy = """
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
            else:
                out.append(t)
        return out
    """
    fixed = """
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
                stack.append(mark)
            else:
                out.append(t)
        return out
    """
    assert "insert-branch-push" in templates_fixing(buggy, fixed, ["mark = len(out)"])


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


WITH_TRY_CASES = [
    (  # the set add inside a with body
        """
        def unique_lines(path, opener):
            seen = set()
            out = []
            with opener(path) as f:
                for line in f:
                    if line in seen:
                        continue
                    out.append(line)
            return out
        """,
        """
        def unique_lines(path, opener):
            seen = set()
            out = []
            with opener(path) as f:
                for line in f:
                    if line in seen:
                        continue
                    seen.add(line)
                    out.append(line)
            return out
        """,
        ["out.append(line)"],
        "insert-set-add",
    ),
    (  # the class's reset inside a try body of a method
        """
        class Reader:
            def __init__(self):
                self.chunk = []
                self.chunks = []

            def flush(self, sink):
                try:
                    sink(list(self.chunk))
                    self.chunks.append(self.chunk)
                except ValueError:
                    return False
                return True
        """,
        """
        class Reader:
            def __init__(self):
                self.chunk = []
                self.chunks = []

            def flush(self, sink):
                try:
                    sink(list(self.chunk))
                    self.chunks.append(self.chunk)
                    self.chunk = []
                except ValueError:
                    return False
                return True
        """,
        ["self.chunks.append"],
        "insert-outer-statement",
    ),
]


@pytest.mark.parametrize("buggy,fixed,needles,template", WITH_TRY_CASES)
def test_missing_statements_in_with_and_try_bodies(buggy, fixed, needles, template):
    assert template in templates_fixing(buggy, fixed, needles)
