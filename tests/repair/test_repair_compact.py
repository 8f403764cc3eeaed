"""Generation on a large file's compact text (repair/compact.py): the same candidates, mapped back.

The fixture is a module of our own, written here: many small classes holding tables and
methods, as arrow's locales.py is, with the suspicious lines in two methods.
"""

from __future__ import annotations

import ast

from fixloop.repair.candidate import Candidate
from fixloop.repair.compact import COMPACT_MIN_LINES, compact, expand, generate_compact
from fixloop.repair.templates import generate_candidates

HEAD = '''"""Shapes and their words."""

LIMIT = 3


class Base:
    """The shared behaviour."""

    words = {"one": "a thing", "many": "{0} things"}

    def describe(self, count, only_number=False):
        text = self.words["one"] if count == 1 else self.words["many"].format(count)
        if not only_number:
            text = self.wrap(text, count)
        return text

    def wrap(self, text, count):
        if count > LIMIT:
            return "lots: " + text
        return text
'''

BLOCK = '''

class Shape{k}(Base):
    """Shape number {k}."""

    names = ["shape{k}", "form{k}"]
    table = {{
        "one": "a shape",
        "two": "two shapes",
        "many": "{{0}} shapes",
    }}

    def area(self, side):
        total = side * side
        if total > {k}:
            total = total - 1
        return total

    def label(self, count):
        if not only_number_of(count):
            return self.names[0]
        return self.names[1]
'''

TAIL = """

def only_number_of(count):
    return count > 0
"""


def big_module(blocks: int = 100) -> str:
    return HEAD + "".join(BLOCK.format(k=k) for k in range(blocks)) + TAIL


def lines_of(source: str, text: str) -> list[int]:
    return [i for i, ln in enumerate(source.splitlines(), 1) if ln.strip() == text]


def test_a_short_file_is_left_whole() -> None:
    src = HEAD + BLOCK.format(k=1)
    assert compact(src, [12]) is None
    made: list[Candidate] = []

    def gen(source: str, path: str, susp: dict[int, float], *, max_candidates: int) -> list:
        assert source == src and susp == {12: 1.0}  # the generator's own input
        return made

    assert generate_compact(gen, src, "m.py", {12: 1.0}, 50) is made


def test_the_compact_text_keeps_headers_and_the_suspicious_code() -> None:
    src = big_module()
    assert src.count("\n") >= COMPACT_MIN_LINES
    focus = lines_of(src, "text = self.wrap(text, count)")
    cp = compact(src, focus)
    assert cp is not None
    ast.parse(cp.source)  # it parses
    text = cp.source.splitlines()
    assert len(text) * 3 <= src.count("\n")
    assert "    def describe(self, count, only_number=False):" in text  # kept whole
    assert "if not only_number:" in cp.source
    assert "    def wrap(self, text, count):" in text  # a method's header, its body left out
    assert text[text.index("class Shape42(Base):") + 1] == "    ..."  # a class's body left out
    assert "total = side * side" not in cp.source and "if count > LIMIT:" not in cp.source
    whole = src.splitlines()
    for i, k in enumerate(cp.kept):  # each kept line is the file's, byte for byte
        assert text[i] == (whole[k] if k >= 0 else text[i]) and (k >= 0 or text[i].strip() == "...")


def test_a_candidate_maps_back_onto_the_whole_file() -> None:
    src = big_module()
    at = lines_of(src, "if count > LIMIT:")[0]
    cp = compact(src, [at])
    assert cp is not None
    new = cp.source.replace("if count > LIMIT:", "if count >= LIMIT:")
    line = cp.source.splitlines().index("        if count > LIMIT:") + 1
    c = Candidate("m.py", new, "binop", "'>' -> '>='", line, 0.5, 0.5, cp.source)
    got = expand(c, cp, src)
    assert got is not None
    assert got.new_source == src.replace("if count > LIMIT:", "if count >= LIMIT:")
    assert got.line == at and got.old_source == src


def test_a_line_inserted_after_a_left_out_body_goes_after_that_body() -> None:
    src = big_module()
    cp = compact(src, lines_of(src, "return text")[:1])
    assert cp is not None
    text = cp.source.splitlines(keepends=True)
    stub = next(i for i, ln in enumerate(text) if ln.strip() == "...")  # Base.wrap's body
    new = "".join([*text[: stub + 1], "        MARK = 1\n", *text[stub + 1 :]])
    got = expand(Candidate("m.py", new, "insert", "MARK", stub + 2, 0.5), cp, src)
    assert got is not None
    lines = got.new_source.splitlines()
    i = lines.index("        MARK = 1")
    assert lines[i - 2 : i] == ['            return "lots: " + text', "        return text"]
    assert got.new_source.replace("        MARK = 1\n", "", 1) == src


def test_a_change_spanning_left_out_code_is_dropped() -> None:
    src = big_module()
    cp = compact(src, lines_of(src, "return text")[:1])
    assert cp is not None
    text = cp.source.splitlines(keepends=True)
    stub = next(i for i, ln in enumerate(text) if ln.strip() == "...")
    new = "".join([*text[: stub - 1], *text[stub + 2 :]])  # the stub and its neighbours gone
    assert expand(Candidate("m.py", new, "delete", "x", stub, 0.5), cp, src) is None


def test_the_whole_files_candidates_in_the_same_order() -> None:
    src = big_module()
    susp = {ln: 0.9 for ln in lines_of(src, "text = self.wrap(text, count)")}
    susp.update({ln: 0.6 for ln in lines_of(src, "if not only_number:")})
    whole = generate_candidates(src, "shapes.py", susp, max_candidates=120)
    got = generate_compact(generate_candidates, src, "shapes.py", susp, 120)
    assert [(c.template, c.line, c.new_source) for c in got] == [
        (c.template, c.line, c.new_source) for c in whole
    ]
    assert all(c.old_source == src for c in got)
    sizes = [c.diff_lines for c in got]  # a size known from the compact hunks, as computed
    for c in got:
        c._size = None
    assert sizes == [c.diff_lines for c in got]


def test_twins_in_left_out_bodies_get_the_everywhere_variant() -> None:
    src = big_module(blocks=110)
    at = lines_of(src, "if not only_number_of(count):")
    assert len(at) == 110  # one line, copied into every class
    susp = {at[0]: 1.0}
    whole = generate_candidates(src, "shapes.py", susp, max_candidates=200)
    got = generate_compact(generate_candidates, src, "shapes.py", susp, 200)
    assert [(c.template, c.new_source) for c in got] == [(c.template, c.new_source) for c in whole]
    every = [c for c in got if c.template.endswith("+everywhere")]
    assert every and all(
        c.new_source.count("if not only_number_of(count):") == 0 for c in every[:1]
    )
