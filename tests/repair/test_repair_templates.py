"""Fix templates: each template expresses its kind of fix, candidates are valid and ranked."""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.candidate import Candidate
from fixloop.repair.templates import (
    PRIORS,
    combine,
    generate_candidates,
    pair_candidates,
)


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def line_of(source: str, needle: str) -> int:
    for i, ln in enumerate(source.splitlines(), 1):
        if needle in ln:
            return i
    raise AssertionError(f"{needle!r} not in source")


def cands_for(source: str, *needles: str, **kw) -> list[Candidate]:
    """Candidates for the lines holding ``needles``, ranked by the hand-set priors alone.

    The tests here pin the templates' own priors (``PRIORS``); the learned factors
    (``template_prior.json``) are tested in test_repair_priors.py.
    """
    susp = {line_of(source, n): 1.0 for n in needles}
    kw.setdefault("factors", {})
    return generate_candidates(source, "mod.py", susp, **kw)


def fixed(cands: list[Candidate], expected: str) -> Candidate:
    """The first candidate whose program equals ``expected`` (same syntax tree)."""
    want = ast.dump(ast.parse(expected))
    for c in cands:
        if ast.dump(ast.parse(c.new_source)) == want:
            return c
    raise AssertionError(
        "no candidate expresses the fix:\n"
        + "\n".join(f"  {c.template}: {c.description}" for c in cands[:40])
    )


def rank(cands: list[Candidate], c: Candidate) -> int:
    return cands.index(c) + 1


# ------------------------------------------------------------------------------ contract

BUGGY = src(
    '''
    def area(width, height):
        """Area of a rectangle."""
        # multiply the sides
        return width + height  # keep this comment


    def is_big(n, limit=10):
        if n > limit and n % 2 == 0:
            return True
        return False
    '''
)


def test_candidates_are_valid_unique_sorted_and_scored() -> None:
    susp = {line_of(BUGGY, "width + height"): 1.0, line_of(BUGGY, "n > limit"): 0.5}
    cands = generate_candidates(BUGGY, "geo.py", susp, max_candidates=60)
    assert 0 < len(cands) <= 60
    assert len({c.new_source for c in cands}) == len(cands)
    scores = [c.score for c in cands]
    assert scores == sorted(scores, reverse=True)
    for c in cands:
        ast.parse(c.new_source)
        assert c.new_source != BUGGY
        assert c.path == "geo.py" and c.old_source == BUGGY
        assert 0 < c.prior <= 1
        assert c.score == pytest.approx(susp.get(c.line, c.score / c.prior) * c.prior)
        assert c.template.split("+")[0].split("&")[0] in PRIORS


def test_fix_keeps_formatting_and_comments() -> None:
    c = fixed(cands_for(BUGGY, "width + height"), BUGGY.replace("width + height", "width * height"))
    assert c.new_source == BUGGY.replace("width + height", "width * height")
    assert c.edits() == [
        (
            "    return width + height  # keep this comment\n",
            "    return width * height  # keep this comment\n",
        )
    ]


def test_zero_suspiciousness_and_bad_source_give_nothing() -> None:
    assert generate_candidates(BUGGY, "geo.py", {1: 0.0, 4: 0.0}) == []
    assert generate_candidates("def broken(:\n", "x.py", {1: 1.0}) == []
    assert generate_candidates(BUGGY, "geo.py", {999: 1.0}) == []


def test_max_candidates_is_respected() -> None:
    susp = {i: 1.0 for i in range(1, len(BUGGY.splitlines()) + 1)}
    assert len(generate_candidates(BUGGY, "geo.py", susp, max_candidates=7)) == 7


# ------------------------------------------------------------------------------ operators


def test_binary_operator_replacement_ranks_high() -> None:
    source = src(
        """
        def share(total, parts):
            return total * parts
        """
    )
    cands = cands_for(source, "total * parts")
    c = fixed(cands, source.replace("total * parts", "total / parts"))
    assert c.template == "binop" and rank(cands, c) <= 3
    fixed(cands, source.replace("total * parts", "total // parts"))


def test_operator_change_respects_precedence() -> None:
    source = src(
        """
        def f(a, b, c):
            return a - b * c
        """
    )
    c = fixed(cands_for(source, "a - b"), source.replace("a - b * c", "a - (b + c)"))
    assert "a - (b + c)" in c.new_source


def test_comparison_boundary_first() -> None:
    source = src(
        """
        def eligible(age):
            return age > 18
        """
    )
    cands = cands_for(source, "age > 18")
    c = fixed(cands, source.replace("age > 18", "age >= 18"))
    assert c.template == "compare-boundary" and rank(cands, c) == 1
    fixed(cands, source.replace("age > 18", "age < 18"))


def test_chained_comparison_and_membership() -> None:
    source = src(
        """
        def ok(code, allowed):
            if 200 < code < 300 and code in allowed:
                return True
            return False
        """
    )
    cands = cands_for(source, "200 < code")
    fixed(cands, source.replace("200 < code", "200 <= code"))
    fixed(cands, source.replace("code in allowed", "code not in allowed"))


def test_boolean_operator_negation_and_dropped_condition() -> None:
    source = src(
        """
        def check(a, b):
            if a and not b:
                return 1
            return 0
        """
    )
    cands = cands_for(source, "if a and")
    fixed(cands, source.replace("a and not b", "a or not b"))
    fixed(cands, source.replace("a and not b", "a and b"))
    fixed(cands, source.replace("a and not b", "not (a and not b)"))
    fixed(cands, source.replace("if a and not b", "if a"))


def test_augmented_assignment_operator() -> None:
    source = src(
        """
        class Counter:
            def __init__(self):
                self.n = 0

            def tick(self):
                self.n -= 1
        """
    )
    c = fixed(cands_for(source, "self.n -= 1"), source.replace("self.n -= 1", "self.n += 1"))
    assert c.template == "augassign"


# ------------------------------------------------------------------------------ constants, bounds


def test_off_by_one_in_range_slice_index_and_length() -> None:
    source = src(
        """
        def pairs(xs, n):
            out = []
            for i in range(len(xs) - 1):
                out.append(xs[i:i + n])
            last = xs[n]
            hi = len(xs) - 1
            return out, last, hi
        """
    )
    cands = cands_for(source, "range(len", "last =", "hi =")
    fixed(cands, source.replace("range(len(xs) - 1)", "range(len(xs))"))
    fixed(cands, source.replace("range(len(xs) - 1)", "range(len(xs) + 1)"))
    fixed(cands, source.replace("xs[n]", "xs[n - 1]"))
    fixed(cands, source.replace("hi = len(xs) - 1", "hi = len(xs)"))
    slice_cands = cands_for(source, "xs[i:i + n]")
    fixed(slice_cands, source.replace("xs[i:i + n]", "xs[i:i + n + 1]"))


def test_integer_literal_variants() -> None:
    source = src(
        """
        def score(x):
            if x < 0:
                return -1
            return x % 10
        """
    )
    cands = cands_for(source, "return -1", "x % 10")
    fixed(cands, source.replace("return -1", "return 1"))
    fixed(cands, source.replace("x % 10", "x % 11"))
    fixed(cands, source.replace("return -1", "return 0"))


def test_constant_becomes_loop_variable() -> None:
    source = src(
        """
        def table(n):
            grid = [[0] * n for _ in range(n)]
            for row in range(n):
                grid[row][0] = 0
            return grid
        """
    )
    fixed(cands_for(source, "grid[row][0] = 0"), source.replace("][0] = 0", "][0] = row"))


# ------------------------------------------------------------------------------ names, calls


def test_variable_replacement_prefers_names_bound_together() -> None:
    source = src(
        """
        def widest(spans):
            best = 0
            for lo, hi in spans:
                best = max(best, lo)
            return best
        """
    )
    cands = cands_for(source, "max(best, lo)")
    c = fixed(cands, source.replace("max(best, lo)", "max(best, hi)"))
    assert c.template == "variable"
    assert c.prior > PRIORS["variable"]


def test_attribute_replacement() -> None:
    source = src(
        """
        class Box:
            def __init__(self, w, h):
                self.w = w
                self.h = h

            def ratio(self):
                return self.w / self.w
        """
    )
    fixed(
        cands_for(source, "self.w / self.w"), source.replace("self.w / self.w", "self.w / self.h")
    )


def test_call_arguments_swapped_added_dropped() -> None:
    source = src(
        """
        import datetime

        def make(y, m, d, price, pairs):
            day = datetime.date(y, d, m)
            cost = round(price)
            key, value = pairs.split(":")
            first = pairs.strip("x")
            return day, cost, key, value, first
        """
    )
    cands = cands_for(source, "datetime.date(", "round(price)", "pairs.split", "strip(")
    fixed(cands, source.replace("date(y, d, m)", "date(y, m, d)"))
    fixed(cands, source.replace("round(price)", "round(price, 2)"))
    fixed(cands, source.replace('split(":")', 'split(":", 1)'))
    fixed(cands, source.replace('strip("x")', "strip()"))
    fixed(cands, source.replace('strip("x")', 'rstrip("x")'))


def test_keyword_argument_of_known_api() -> None:
    source = src(
        """
        from collections import OrderedDict

        def evict(cache: OrderedDict):
            return cache.popitem()
        """
    )
    fixed(cands_for(source, "popitem"), source.replace("popitem()", "popitem(last=False)"))


def test_arguments_copied_from_a_sibling_call() -> None:
    source = src(
        """
        def parse(a, b):
            x = a.encode("utf-8", "strict")
            y = b.encode("utf-8")
            return x, y
        """
    )
    fixed(
        cands_for(source, "y = b"),
        source.replace('b.encode("utf-8")', 'b.encode("utf-8", "strict")'),
    )


def test_format_spec_and_exception_type() -> None:
    source = src(
        """
        def show(cents):
            if cents < 0:
                raise TypeError("negative")
            whole, rest = divmod(cents, 100)
            return f"{whole}.{rest:2d}"
        """
    )
    cands = cands_for(source, "return f", "raise TypeError")
    fixed(cands, source.replace("{rest:2d}", "{rest:02d}"))
    fixed(cands, source.replace("raise TypeError", "raise ValueError"))


# ------------------------------------------------------------------------------ statements


def test_missing_return_and_return_variable() -> None:
    source = src(
        """
        def collect(items):
            acc = []
            for it in items:
                acc.append(it)
            acc.sort()


        def pick(values):
            best = max(values)
            return None
        """
    )
    cands = cands_for(source, "acc.sort()", "return None")
    c = fixed(cands, source.replace("    acc.sort()\n", "    acc.sort()\n    return acc\n"))
    assert c.template == "missing-return"
    fixed(cands, source.replace("return None", "return best"))


def test_statement_deletion_insertion_and_move() -> None:
    source = src(
        """
        def scan(text):
            i = 0
            out = []
            while i < len(text):
                if text[i] == "\\\\":
                    out.append(text[i + 1])
                else:
                    out.append(text[i])
                out.append("|")
                i += 1
            return out
        """
    )
    cands = cands_for(source, 'out.append("|")', "out.append(text[i + 1])")
    fixed(cands, source.replace('        out.append("|")\n', ""))
    fixed(
        cands,
        source.replace(
            "out.append(text[i + 1])\n", "out.append(text[i + 1])\n            i += 1\n"
        ),
    )
    fixed(
        cands,
        source.replace(
            '        out.append("|")\n        i += 1\n', '        i += 1\n        out.append("|")\n'
        ),
    )


def test_deleting_the_only_statement_leaves_pass() -> None:
    source = src(
        """
        def f(x):
            if x:
                x.clear()
            return x
        """
    )
    fixed(cands_for(source, "x.clear()"), source.replace("x.clear()", "pass"))


def test_parallel_update_of_a_sibling_attribute() -> None:
    source = src(
        """
        class Tank:
            def __init__(self):
                self.level = 0
                self.pending = 0

            def drain(self, q):
                self.pending -= q
        """
    )
    fixed(
        cands_for(source, "self.pending -= q"),
        source.replace("self.pending -= q\n", "self.pending -= q\n        self.level -= q\n"),
    )


def test_guard_insertion_copies_the_functions_raise() -> None:
    source = src(
        """
        class BadLine(Exception):
            pass


        def parse(lines):
            out = {}
            for n, line in enumerate(lines):
                if not line:
                    raise BadLine(n)
                name, val = line.split(":", 1)
                out[name] = val
            return out
        """
    )
    expected = source.replace(
        "        name, val",
        '        if ":" not in line:\n            raise BadLine(n)\n        name, val',
    )
    c = fixed(cands_for(source, "name, val ="), expected)
    assert c.template == "insert-guard"


def test_mutable_default_argument() -> None:
    source = src(
        """
        class Bag:
            def __init__(self, items=[]):
                self.items = items
        """
    )
    cands = cands_for(source, "items=[]", "self.items = items")
    fixed(
        cands,
        source.replace("items=[]", "items=None").replace(
            "= items", "= list(items) if items is not None else []"
        ),
    )
    fixed(
        cands,
        source.replace("items=[]", "items=None").replace(
            "        self.items",
            "        if items is None:\n            items = []\n        self.items",
        ),
    )


def test_unwrap_condition() -> None:
    source = src(
        """
        def norm(s):
            if s.isupper():
                s = s.lower()
            return s
        """
    )
    fixed(
        cands_for(source, "if s.isupper"),
        source.replace("    if s.isupper():\n        s = s.lower()", "    s = s.lower()"),
    )


# ------------------------------------------------------------------------------ multi-location

TWICE = src(
    """
    def count_up(n):
        total = 0
        for k in range(1, n):
            total += k
        return total


    def count_sq(n):
        total = 0
        for k in range(1, n):
            total += k * k
        return total
    """
)


def test_same_fix_everywhere() -> None:
    cands = cands_for(TWICE, "range(1, n)")
    c = fixed(cands, TWICE.replace("range(1, n)", "range(1, n + 1)"))
    assert c.template.endswith("+everywhere")


def test_combine_and_pairs() -> None:
    source = src(
        """
        def to_f(c):
            return c * 5 / 9 + 32


        def to_c(f):
            return (f - 32) * 5 / 9


        def unused():
            return 1
        """
    )
    cands = cands_for(source, "c * 5", "(f - 32)")
    expected = source.replace("c * 5 / 9", "c * 9 / 5")
    a = fixed(cands, expected)
    b = next(c for c in cands if c.line != a.line and c.template == a.template)
    merged = combine(a, b)
    assert merged is not None and merged.line == min(a.line, b.line)
    assert merged.old_source == source and len(merged.edits()) == 2
    assert combine(a, a) is None  # same lines: refused
    pairs = pair_candidates(cands)
    assert pairs and all("&" in p.template for p in pairs)
    assert [p.score for p in pairs] == sorted((p.score for p in pairs), reverse=True)
    fixed(pairs, source.replace("c * 5 / 9", "c * 9 / 5").replace("32) * 5 / 9", "32) * 9 / 5"))


def test_combine_across_files_uses_also() -> None:
    a = Candidate("a.py", "x = 2\n", "binop", "d", 1, 0.8, 0.8, old_source="x = 1\n")
    b = Candidate("b.py", "y = 2\n", "binop", "d", 1, 0.8, 0.4, old_source="y = 1\n")
    merged = combine(a, b)
    assert merged is not None and merged.also == (b,) and merged.paths == ["a.py", "b.py"]
    assert merged.score < a.score


# ------------------------------------------------------------------------------ further templates


def test_swapped_tuple_elements_and_parameters() -> None:
    source = src(
        """
        def span(lo, hi):
            first, last = hi, lo
            return (first, last)
        """
    )
    cands = cands_for(source, "first, last =", "def span")
    fixed(cands, source.replace("first, last = hi, lo", "first, last = lo, hi"))
    fixed(cands, source.replace("def span(lo, hi)", "def span(hi, lo)"))


def test_negated_boolean_return_value() -> None:
    source = src(
        """
        def blocked(ready, done):
            return ready and done
        """
    )
    cands = cands_for(source, "return ready")
    fixed(cands, source.replace("ready and done", "not (ready and done)"))
    # a single comparison is not negated with 'not': the opposite operator says it already
    assert not any(
        "not len" in c.new_source
        for c in cands_for(
            src(
                """
            def empty(xs):
                return len(xs) > 0
            """
            ),
            "return len",
        )
    )


def test_missing_f_prefix() -> None:
    source = src(
        """
        def greet(name):
            return "hello {name}!"
        """
    )
    c = fixed(cands_for(source, "hello"), source.replace('"hello', 'f"hello'))
    assert c.template == "f-string-prefix"


def test_loop_step_and_break_insertion() -> None:
    source = src(
        """
        def find(xs, target):
            i = 0
            pos = -1
            while i < len(xs):
                if xs[i] == target:
                    pos = i
            return pos
        """
    )
    cands = cands_for(source, "pos = i", "while i")
    fixed(cands, source.replace("            pos = i\n", "            pos = i\n        i += 1\n"))
    fixed(
        cands, source.replace("            pos = i\n", "            pos = i\n            break\n")
    )


def test_init_stores_a_forgotten_parameter() -> None:
    source = src(
        """
        class Account:
            def __init__(self, owner, limit):
                self.owner = owner

            def can_spend(self, amount):
                return amount <= self.limit
        """
    )
    c = fixed(
        cands_for(source, "self.owner = owner"),
        source.replace("self.owner = owner\n", "self.owner = owner\n        self.limit = limit\n"),
    )
    assert c.template == "insert-init-attribute"


def test_builtin_error_wrapped_into_the_modules_exception() -> None:
    source = src(
        """
        class ConfigError(Exception):
            pass


        def port(text):
            if not text:
                raise ConfigError("empty port")
            value = int(text)
            return value
        """
    )
    expected = source.replace(
        "    value = int(text)\n",
        "    try:\n        value = int(text)\n    except ValueError:\n"
        '        raise ConfigError("empty port")\n',
    )
    c = fixed(cands_for(source, "value = int"), expected)
    assert c.template == "wrap-try"
    fixed(
        cands_for(source, "raise ConfigError"),
        source.replace("raise ConfigError", "raise ValueError"),
    )


def test_extra_call_dropped_and_float_constants() -> None:
    source = src(
        """
        def net(amount, name):
            tag = name.strip().lower()
            return abs(amount) * 0.2, tag
        """
    )
    cands = cands_for(source, "abs(amount)", "tag =")
    fixed(cands, source.replace("abs(amount)", "amount"))
    fixed(cands, source.replace(".strip().lower()", ".strip()"))
    fixed(cands, source.replace("0.2", "0.02"))


def test_long_files_are_analysed_around_the_suspicious_lines() -> None:
    filler = "".join(
        f"\n\n@staticmethod\ndef helper_{k}(a, b):\n    return a * b + {k}\n" for k in range(80)
    )
    source = "import math\n" + filler + "\n\ndef target(x):\n    return x - 1\n"
    assert len(source.splitlines()) > 300
    cands = cands_for(source, "return x - 1")
    c = fixed(cands, source.replace("return x - 1", "return x + 1"))
    assert c.new_source.count("def helper_") == 80  # the rest of the file is untouched
    assert all(c.new_source.startswith("import math\n") for c in cands)


# --------------------------------------------------------------------------------------------
# robustness: a template that raises costs only its own candidates
# --------------------------------------------------------------------------------------------

RAISING = src(
    """
    def clamp(x, limit):
        if x > limit:
            return limit - 1
        if x < 0:
            return 0
        return x + 0
    """
)


def test_a_template_raising_on_one_expression_costs_only_its_own_candidates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import libcst as cst

    from fixloop.repair import templates_expr
    from fixloop.repair.templates_ast import code

    needles = ("if x > limit", "if x < 0", "return x + 0")
    before = {c.new_source: c for c in cands_for(RAISING, *needles)}
    real = templates_expr.comparison_mutations

    def flaky(fi, node):  # the shape of libcst refusing a tree: raises on one node only
        if "limit" in code(node):
            raise cst.CSTValidationError("positional argument follows keyword argument unpacking")
        return real(fi, node)

    monkeypatch.setattr(templates_expr, "comparison_mutations", flaky)
    after = {c.new_source: c for c in cands_for(RAISING, *needles)}
    lost = set(before) - set(after)
    assert lost, "the raising template made candidates before"
    assert set(after) <= set(before)
    # only the comparison template at the raising node is lost ...
    kinds = ("compare", "compare-boundary")
    assert {(before[s].template, before[s].line) for s in lost} <= {
        (t + more, 2) for t in kinds for more in ("", "+everywhere")
    }
    # ... the same template still works on the other comparison, other templates on its line
    assert fixed(list(after.values()), RAISING.replace("x < 0", "x <= 0"))
    assert any(c.line == 2 and not c.template.startswith("compare") for c in after.values())
    assert fixed(list(after.values()), RAISING.replace("x + 0", "x - 0"))


def test_guarded_records_the_failure_and_returns_nothing() -> None:
    from fixloop.repair.templates_ast import FileInfo, guarded

    fi = FileInfo(RAISING, "mod.py")
    st = fi.stmt_at(2)
    assert st is not None

    def broken(fi_, st_):
        raise ValueError("no such shape")

    assert guarded(fi, broken, fi, st) == []
    assert fi.template_errors == ["broken on line 2: ValueError: no such shape"]
    assert guarded(fi, lambda a, b: iter(()), fi, st) == [] and len(fi.template_errors) == 1
