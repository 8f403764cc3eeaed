"""The real-history fix templates (issue 19, :mod:`fixloop.repair.templates_names`): each kind
on a small snippet of our own, through the templates' entry point as the engine calls it."""

from __future__ import annotations

from fixloop.repair.templates import generate_candidates
from fixloop.repair.templates_names import (
    FailureHints,
    hinted_candidates,
    hints_from_spectrum,
    pattern_variants,
    similarity,
)


def _line(source: str, text: str) -> int:
    return next(i for i, ln in enumerate(source.splitlines(), 1) if text in ln)


def _news(source: str, at: str, template: str | None = None) -> list[str]:
    cands = generate_candidates(source, "m.py", {_line(source, at): 1.0})
    return [c.new_source for c in cands if template is None or c.template == template]


def test_an_unbound_name_becomes_the_most_similar_name_in_scope() -> None:
    src = (
        "def save(data, output):\n"
        "    text = str(data)\n"
        "    with open(output_path, 'w') as fh:\n"
        "        fh.write(text)\n"
    )
    news = _news(src, "open(output_path", "name-in-scope")
    assert news and news[0] == src.replace("open(output_path", "open(output")
    # a bound name is left alone by this template
    bound = src.replace("open(output_path", "open(output")
    assert _news(bound, "open(output", "name-in-scope") == []
    # module names, builtins and class-level names are bound too
    ok = (
        "import os\n\nLIMIT = 3\n\n\nclass K:\n    size = 2\n\n    def f(self, n=size):\n"
        "        return [os.sep * LIMIT for _ in range(n)]\n"
    )
    assert _news(ok, "return [os.sep", "name-in-scope") == []
    assert similarity("output_path", "output") > similarity("output_path", "text")


def test_an_unbound_name_becomes_a_local_bound_and_never_read() -> None:
    """No similar name, but a value computed and never used: the renamed variable's shape."""
    for src, at, want in [
        (
            "def stale(items, keep):\n    ordered = sorted(items)\n    dropped = ordered[keep:]\n"
            "    return [i.id for i in reversed(old_ones)]\n",
            "reversed(old_ones)",
            "reversed(dropped)",
        ),
        (
            "def total(rows):\n    acc = 0\n    for r in rows:\n        acc += r\n"
            "    scaled = acc * 2\n    return result\n",
            "return result",
            "return scaled",
        ),
    ]:
        news = _news(src, at, "name-in-scope")
        assert src.replace(at, want) in news
    # a local that is read is not offered for a name unlike it
    read = "def f(a):\n    b = a + 1\n    print(b)\n    return zzz\n"
    assert read.replace("return zzz", "return b") not in _news(read, "return zzz", "name-in-scope")


def test_an_attribute_the_class_never_sets_becomes_one_it_sets() -> None:
    src = (
        "class Counter:\n"
        "    def __init__(self):\n"
        "        self.count = 0\n\n"
        "    def bump(self):\n"
        "        self.counts += 1\n"
        "        return self.cuont\n"
    )
    news = _news(src, "return self.cuont", "name-in-scope")
    assert src.replace("return self.cuont", "return self.count") in news
    # a subclass may inherit the attribute: left alone
    sub = src.replace("class Counter:", "class Counter(Base):")
    assert _news(sub, "return self.cuont", "name-in-scope") == []


def test_an_attribute_named_by_an_attribute_error_is_replaced() -> None:
    src = (
        "def title(page):\n"
        "    return page.heading.strip()\n\n\n"
        "def other(doc):\n"
        "    return doc.headline\n"
    )
    hints = hints_from_spectrum(
        {
            "tests": {
                "t::a": {
                    "outcome": "failed",
                    "message": "AttributeError: 'Page' object has no attribute 'heading'",
                    "test_line": "assert title(Page('x')) == 'x'",
                }
            }
        }
    )
    assert hints.attributes == {"heading"}
    cands = hinted_candidates(src, "m.py", {2: 1.0}, hints)
    assert cands[0].template == "attribute-in-scope"
    assert cands[0].new_source == src.replace("page.heading", "page.headline")
    assert hinted_candidates(src, "m.py", {2: 1.0}, FailureHints()) == []


def test_a_missing_keyword_argument_comes_from_the_callees_signature() -> None:
    src = (
        "def prompt(text, default=None, show_choices=True, *, err=False):\n"
        "    return text\n\n\n"
        "def ask(text, err):\n"
        "    return prompt(text)\n"
    )
    news = _news(src, "return prompt(text)", "call-add-keyword")
    assert src.replace("prompt(text)\n", "prompt(text, show_choices=False)\n") in news
    assert src.replace("prompt(text)\n", "prompt(text, err=err)\n") in news  # same-named variable
    assert src.replace("prompt(text)\n", "prompt(text, err=True)\n") in news
    # a method through self: its own parameter is not offered
    meth = (
        "class A:\n"
        "    def run(self, quiet=False):\n"
        "        return quiet\n\n"
        "    def go(self):\n"
        "        return self.run()\n"
    )
    got = _news(meth, "return self.run()", "call-add-keyword")
    assert got == [meth.replace("self.run()", "self.run(quiet=True)")]


def test_an_argument_moves_between_two_nested_calls() -> None:
    src = "def load(path, name):\n    return open(os_join(path, name, 'r'))\n"
    news = _news(src, "return open(", "call-move-arg")
    assert src.replace("open(os_join(path, name, 'r'))", "open(os_join(path, name), 'r')") in news
    back = "def load(path, name):\n    return open(os_join(path, name), 'r')\n"
    news = _news(back, "return open(", "call-move-arg")
    assert back.replace("open(os_join(path, name), 'r')", "open(os_join(path, name, 'r'))") in news


def test_a_separator_literal_becomes_the_os_constant() -> None:
    src = '"""Paths."""\n\nimport sys\n\n\ndef parts(value):\n    return value.split(":")\n'
    news = _news(src, "value.split", "separator-constant")
    assert news == [
        '"""Paths."""\n\nimport sys\nimport os\n\n\ndef parts(value):\n'
        "    return value.split(os.pathsep)\n"
    ]
    with_os = "import os\n\n\ndef join(a, b):\n    return a + '/' + b\n"
    assert _news(with_os, "return a +", "separator-constant") == [with_os.replace("'/'", "os.sep")]


def test_a_pattern_is_anchored_differently_or_widened() -> None:
    src = "import re\n\n\ndef words(s):\n    return re.findall(r'^[a-z]+', s)\n"
    news = _news(src, "re.findall")
    assert src.replace(r"r'^[a-z]+'", r"r'\b[a-z]+'") in news
    assert src.replace(r"r'^[a-z]+'", r"r'^[a-z\-]+'") in news
    assert src.replace("re.findall(r'^[a-z]+', s)", "re.findall(r'^[a-zA-Z]+', s)") in news
    swap = "import re\n\n\ndef ok(s):\n    return re.match(r'\\d+', s) is not None\n"
    assert swap.replace("re.match", "re.search") in _news(swap, "re.match", "regex-anchor")
    # a non-raw literal gets its backslash doubled; each variant compiles
    variants = pattern_variants("^a.c", raw=False)
    assert ("regex-anchor", "\\\\ba.c", "'^' -> word boundary") in variants
    # the failing input's characters come first, and rank higher
    hints = FailureHints(chars=set("a@b"))
    cands = hinted_candidates(src, "m.py", {5: 1.0}, hints)
    assert cands[0].new_source == src.replace("[a-z]", "[a-z@]")


def test_a_none_guard_before_a_use_or_around_a_loop() -> None:
    src = (
        "def total(items):\n"
        "    out = 0\n"
        "    for x in items:\n"
        "        out += x\n"
        "    return out\n\n\n"
        "def first(row):\n"
        "    return row[0]\n"
    )
    loop = _news(src, "for x in items", "none-guard")
    assert src.replace("in items:", "in items or ():") in loop
    guard = _news(src, "return row[0]", "none-guard")
    assert (
        src.replace(
            "    return row[0]", "    if row is None:\n        return None\n    return row[0]"
        )
        in guard
    )
    spectrum = {"tests": {"t": {"outcome": "failed", "message": "TypeError: 'NoneType' object"}}}
    assert hints_from_spectrum(spectrum).none_used


def test_a_too_narrow_class_takes_the_run_another_pattern_of_the_module_uses() -> None:
    """The module's own spelling of a name (``[a-z_][a-z0-9_]*``) replaces a narrower class."""
    src = "import re\n\nKEY = re.compile(r'^([a-z_][a-z0-9_]*)=')\nTAG = re.compile(r'#([a-z]+)')\n"
    news = _news(src, "TAG =", "regex-widen")
    assert src.replace("#([a-z]+)", "#([a-z_][a-z0-9_]*)") in news
    # without another pattern there is no such variant
    alone = "import re\n\nTAG = re.compile(r'#([a-z]+)')\n"
    assert not [n for n in _news(alone, "TAG =", "regex-widen") if "0-9" in n]
    # a single-character class never replaces a repeated one
    variants = pattern_variants("#([a-z]+)", True, (), ["^[A-Z]x"])
    assert not [v for v in variants if "[A-Z])" in v[1]]


def test_did_not_raise_boosts_patches_that_add_a_raise() -> None:
    from fixloop.repair.candidate import Candidate
    from fixloop.repair.templates_names import RAISE_BOOST

    spectrum = {
        "tests": {
            "t::a": {"outcome": "failed", "message": "Failed: DID NOT RAISE ValueError"},
            "t::b": {"outcome": "failed", "message": "Failed: DID NOT RAISE <class 'm.BadOctet'>"},
            "t::c": {"outcome": "passed", "message": ""},
        }
    }
    hints = hints_from_spectrum(spectrum)
    assert hints.not_raised == {"ValueError", "BadOctet"}
    old = "def f(x):\n    return x\n"
    added = old.replace("    return", "    if x < 0:\n        raise E()\n    return")
    guard = Candidate("m.py", added, "insert-guard", "guard", 2, 0.3, old_source=old)
    other = Candidate("m.py", old.replace("return x", "return -x"), "t", "neg", 2, 0.3)
    other.old_source = old
    assert hints.boost(guard) == RAISE_BOOST and hints.boost(other) == 1.0
    assert hints_from_spectrum({"tests": {"t": spectrum["tests"]["t::c"]}}).boost(guard) == 1.0
