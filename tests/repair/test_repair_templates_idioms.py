"""The idiom templates (templates_idioms) and the wrappers' new positions, on fixtures of our own.

Each case is a small buggy program written for this test (not taken from any suite); the fix
must be among the candidates generated for the buggy line, under the template named, and a
program without the idiom's ingredient must not get it.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.templates import generate_candidates


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


def templates_on(buggy: str, needle: str) -> set[str]:
    buggy = src(buggy)
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if needle in ln)
    return {c.template for c in generate_candidates(buggy, "mod.py", {line: 1.0})}


CASES = [
    # (template, buggy, fixed, needle)
    (
        "alias-local",  # the override chosen by a conditional expression, then bypassed
        """
        PRICES = {"tea": 2}
        def price(item, prices=None):
            table = PRICES if prices is None else prices
            return PRICES[item]
        """,
        """
        PRICES = {"tea": 2}
        def price(item, prices=None):
            table = PRICES if prices is None else prices
            return table[item]
        """,
        "return",
    ),
    (
        "alias-local",  # ``x or default`` bound, the default read again inside a call
        """
        LIMITS = {"a": 1}
        def limit(key, limits=None):
            chosen = limits or LIMITS
            n = len(LIMITS)
            return chosen.get(key, n)
        """,
        """
        LIMITS = {"a": 1}
        def limit(key, limits=None):
            chosen = limits or LIMITS
            n = len(chosen)
            return chosen.get(key, n)
        """,
        "n = len",
    ),
    (
        "wrap-str",  # a generator's element joined into text
        """
        def ids(rows):
            return ", ".join(r.number for r in rows)
        """,
        """
        def ids(rows):
            return ", ".join(str(r.number) for r in rows)
        """,
        "join",
    ),
    (
        "wrap-str",  # a count concatenated to a literal
        """
        def tag(n):
            label = "#" + n
            return label
        """,
        """
        def tag(n):
            label = "#" + str(n)
            return label
        """,
        "label =",
    ),
    (
        "wrap-or-default",  # an optional field as a method's receiver, a sibling field of its type
        """
        class Pet:
            def __init__(self, name: str, nickname: str | None = None) -> None:
                self.name = name
                self.nickname = nickname

            def call(self) -> str:
                return self.nickname.capitalize()
        """,
        """
        class Pet:
            def __init__(self, name: str, nickname: str | None = None) -> None:
                self.name = name
                self.nickname = nickname

            def call(self) -> str:
                return (self.nickname or self.name).capitalize()
        """,
        "capitalize",
    ),
    (
        "constant-from-doc",  # a default the class's docstring states otherwise
        """
        class Kettle:
            \"\"\"Boils water; a cup takes 250 millilitres.\"\"\"

            def __init__(self, cup_millilitres: int = 200) -> None:
                self.cup = cup_millilitres
        """,
        """
        class Kettle:
            \"\"\"Boils water; a cup takes 250 millilitres.\"\"\"

            def __init__(self, cup_millilitres: int = 250) -> None:
                self.cup = cup_millilitres
        """,
        "def __init__",
    ),
    (
        "constant-from-doc",  # an assignment under the function's docstring
        """
        def retry(op):
            \"\"\"Runs op, at most 5 attempts.\"\"\"
            max_attempts = 3
            return [op() for _ in range(max_attempts)]
        """,
        """
        def retry(op):
            \"\"\"Runs op, at most 5 attempts.\"\"\"
            max_attempts = 5
            return [op() for _ in range(max_attempts)]
        """,
        "max_attempts = 3",
    ),
    (
        "separator-constant",  # a CRLF line separator meant as the platform's
        """
        def export(lines):
            return "\\r\\n".join(lines)
        """,
        """
        import os
        def export(lines):
            return os.linesep.join(lines)
        """,
        "join",
    ),
    (
        "dict-key",  # a key spelled unlike every other table and lookup, from the lookup's line
        """
        STOCK = {"apple": 3, "pear_kg": 2}
        PRICE = {"apple": 1.0, "pears_kg": 2.5}
        def value(name):
            return STOCK[name] * PRICE[name]
        """,
        """
        STOCK = {"apple": 3, "pear_kg": 2}
        PRICE = {"apple": 1.0, "pear_kg": 2.5}
        def value(name):
            return STOCK[name] * PRICE[name]
        """,
        "return",
    ),
    (
        "wrap-len",  # an attribute another method of the class grows, shown as a count
        """
        class Cart:
            def __init__(self):
                self.items = []

            def add(self, x):
                self.items.append(x)

            def summary(self):
                return f"{self.items} items"
        """,
        """
        class Cart:
            def __init__(self):
                self.items = []

            def add(self, x):
                self.items.append(x)

            def summary(self):
                return f"{len(self.items)} items"
        """,
        'f"{',
    ),
]


@pytest.mark.parametrize(("template", "buggy", "fixed", "needle"), CASES)
def test_idiom_generates_the_fix(template: str, buggy: str, fixed: str, needle: str) -> None:
    assert template in templates_fixing(buggy, fixed, needle)


def test_alias_local_needs_a_binding_that_stands_for_the_name() -> None:
    # ``table`` is computed from PRICES, not an override of it: no alias
    buggy = """
    PRICES = {"tea": 2}
    def price(item):
        table = len(PRICES)
        return PRICES[item] * table
    """
    assert "alias-local" not in templates_on(buggy, "return")


@pytest.mark.parametrize(
    "expr", ["r.name.upper() for r in rows", "NAMES[r] for r in rows", "rows", "r for r in rows"]
)
def test_wrap_str_leaves_text_and_lookups_alone(expr: str) -> None:
    # a text method, a lookup, a list handed over whole; a plain loop variable is tried
    buggy = f"""
    NAMES = {{}}
    def names(rows):
        return ", ".join({expr})
    """
    got = "wrap-str" in templates_on(buggy, "join")
    assert got == (expr == "r for r in rows")


def test_receiver_or_default_needs_an_optional_field() -> None:
    buggy = """
    class Pet:
        def __init__(self, name: str, nickname: str) -> None:
            self.name = name
            self.nickname = nickname

        def call(self) -> str:
            return self.nickname.capitalize()
    """
    line = next(i for i, ln in enumerate(src(buggy).splitlines(), 1) if "capitalize" in ln)
    news = [c.new_source for c in generate_candidates(src(buggy), "mod.py", {line: 1.0})]
    assert news  # the line gets candidates, none of them the receiver's fallback
    assert not any("(self.nickname or" in n for n in news)


def test_constant_from_doc_needs_a_number_for_the_same_word() -> None:
    buggy = """
    class Kettle:
        \"\"\"Boils water in 3 minutes.\"\"\"

        def __init__(self, cup_millilitres: int = 200) -> None:
            self.cup = cup_millilitres
    """
    assert "constant-from-doc" not in templates_on(buggy, "def __init__")


def test_dict_key_leaves_keys_the_module_uses_elsewhere() -> None:
    # "pears_kg" is looked up too: not an orphan spelling, so it is not renamed
    buggy = """
    STOCK = {"apple": 3, "pear_kg": 2}
    PRICE = {"apple": 1.0, "pears_kg": 2.5}
    def value(name):
        return STOCK[name] * PRICE[name] + PRICE["pears_kg"]
    """
    line = next(i for i, ln in enumerate(src(buggy).splitlines(), 1) if "return" in ln)
    cands = generate_candidates(src(buggy), "mod.py", {line: 1.0})
    keyed = [c.new_source for c in cands if c.template == "dict-key"]
    assert keyed  # STOCK's orphan "pear_kg" may be the misspelt one
    assert not any('"pear_kg": 2.5' in n for n in keyed)  # PRICE's key is read elsewhere: kept


DRIFT = """
def drift(a, b):
    \"\"\"How far the clock drifts, in seconds, whichever the direction.\"\"\"
    d = a - b
    label = "ahead" if d > 0 else "behind"
    return {"label": label, "seconds": d}
"""


def test_documented_magnitude_ranks_abs_first() -> None:
    # the value is branched on by sign, then handed on; the docstring says a magnitude
    line = next(i for i, ln in enumerate(DRIFT.splitlines(), 1) if '"seconds"' in ln)
    cands = generate_candidates(DRIFT, "mod.py", {line: 1.0})
    assert cands[0].template == "wrap-abs"
    assert '"seconds": abs(d)' in cands[0].new_source


def test_abs_without_the_docstring_stays_a_plain_wrapper() -> None:
    plain = DRIFT.replace("How far the clock drifts, in seconds, whichever the direction", "Drift.")
    line = next(i for i, ln in enumerate(plain.splitlines(), 1) if '"seconds"' in ln)
    cands = generate_candidates(plain, "mod.py", {line: 1.0})
    fixes = [c for c in cands if '"seconds": abs(d)' in c.new_source]
    assert fixes and "magnitude" not in fixes[0].description


KETTLE = """
class Kettle:
    \"\"\"Boils water; a cup takes 250 millilitres.\"\"\"

    def __init__(self, cup_millilitres: int = 200) -> None:
        self.cup_millilitres = cup_millilitres

    def cups(self, litres: float) -> int:
        return int(litres * 1000 // self.cup_millilitres)
"""


@pytest.mark.parametrize("needle", ["self.cup_millilitres = cup", "return int"])
def test_documented_default_from_the_lines_that_read_it(needle: str) -> None:
    # the ``def`` line runs at import; the reads of the parameter and of its attribute do not
    line = next(i for i, ln in enumerate(KETTLE.splitlines(), 1) if needle in ln)
    cands = generate_candidates(KETTLE, "mod.py", {line: 1.0})
    fixed = [c for c in cands if c.template == "constant-from-doc"]
    assert [c.new_source.count("cup_millilitres: int = 250") for c in fixed] == [1]
