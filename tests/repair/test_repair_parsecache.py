"""The templates' parse cache and narrow validity check (repair/parsecache.py)."""

from __future__ import annotations

import textwrap

import pytest

from fixloop.repair import parsecache
from fixloop.repair.templates import generate_candidates
from fixloop.repair.templates_ast import FOCUS_MIN_LINES, Edit, apply_edits, parses
from fixloop.repair.templates_names import FailureHints, hinted_candidates

SOURCE = textwrap.dedent(
    """\
    import os

    LIMIT = 3


    class Queue:
        def __init__(self, items=()):
            self.items = list(items)

        def pop(self, n):
            if n < 0 and n > -LIMIT:
                raise ValueError("negative")
            out = []
            for i in range(n):
                out.append(self.items.pop(0))
            else:
                out.reverse()
            return out


    def total(xs):
        s = 0
        for x in xs:
            s += x
        return s
    """
)


def _offset(needle: str, source: str = SOURCE) -> int:
    i = source.index(needle)
    assert source.count(needle) == 1, needle
    return i


def _line_start(needle: str, source: str = SOURCE) -> int:
    i = _offset(needle, source)
    return source.rindex("\n", 0, i) + 1


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    parsecache.clear()


def test_the_same_text_is_indexed_once_and_shared_with_the_hinted_candidates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[str] = []
    real = parsecache.FileInfo

    def counting(source: str, path: str = "", *, focus=()):  # type: ignore[no-untyped-def]
        built.append(path)
        return real(source, path, focus=focus)

    monkeypatch.setattr(parsecache, "FileInfo", counting)
    susp = {11: 1.0, 12: 0.8}
    made = generate_candidates(SOURCE, "q.py", susp, factors={})
    hinted_candidates(SOURCE, "q.py", susp, FailureHints(none_used=True))
    assert made and built == ["q.py"]
    assert parsecache.file_info(SOURCE, "q.py") is parsecache.file_info(SOURCE, "q.py", focus=[3])
    changed = SOURCE.replace("LIMIT = 3", "LIMIT = 4")
    assert parsecache.file_info(changed, "q.py") is not parsecache.file_info(SOURCE, "q.py")
    assert parsecache.file_info(SOURCE, "other.py") is not parsecache.file_info(SOURCE, "q.py")


def test_a_long_file_is_keyed_by_its_focus_and_the_cache_stays_small() -> None:
    body = "".join(
        f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(FOCUS_MIN_LINES // 4 + 5)
    )
    a = parsecache.file_info(body, "long.py", focus=[2])
    assert parsecache.file_info(body, "long.py", focus=[2]) is a
    b = parsecache.file_info(body, "long.py", focus=[6])
    assert b is not a
    for i in range(parsecache.CACHE_SIZE + 2):
        parsecache.file_info(f"X = {i}\n", f"m{i}.py")
    assert parsecache.file_info(body, "long.py", focus=[2]) is not a  # evicted, rebuilt


def _edits() -> list[list[Edit]]:
    """Valid and broken splices of every shape the templates make."""
    cond = _offset("n < 0")
    ret = _offset("return out")
    body_line = _line_start("out.append(self.items.pop(0))")
    for_line = _line_start("for i in range(n):")
    else_line = _line_start("else:")
    after_raise = _line_start('raise ValueError("negative")') + len(
        '            raise ValueError("negative")\n'
    )
    top = _line_start("def total(xs):")
    s_line = _line_start("s += x")
    return [
        [Edit(cond, cond + 5, "n <= 0")],  # an expression in a header
        [Edit(cond, cond + 5, "n <= (0")],  # broken header
        [Edit(cond, cond + 1, "if")],  # a keyword where a name was: broken
        [Edit(ret, ret + 10, "return out[1:]")],
        [Edit(ret, ret + 10, "return out[1:")],
        [Edit(ret, ret + 10, "return out\n")],  # a line break in a simple statement
        [Edit(body_line, body_line, "            out.append(None)\n")],
        [Edit(body_line, body_line, "        out.append(None)\n")],  # dedented: broken
        [Edit(body_line, body_line, "              out.append(None)\n")],  # over-indented
        [Edit(for_line, for_line, "        out.clear()\n")],
        [Edit(else_line, else_line, "        out.clear()\n")],  # splits for/else: broken
        [Edit(after_raise, after_raise, "        else:\n            pass\n")],  # an else
        [Edit(top, top, "import sys\n")],  # top-level lines between statements
        [Edit(10, 10, "    import sys\n")],  # indented at the top level: broken
        [Edit(top, top, "import (\n")],
        [Edit(s_line, s_line + len("        s += x\n"), "        s -= x\n")],  # a whole line
        [Edit(s_line, s_line + len("        s += x\n"), "        s -= \n")],
        [  # two places at once (an import added for a change further down)
            Edit(top, top, "import sys\n"),
            Edit(ret, ret + 10, "return sys.intern(out)"),
        ],
        [Edit(0, 0, "from __future__ import annotations\n"), Edit(cond, cond + 5, "n <= 0)")],
        [Edit(cond, ret + 10, "n:\n            pass\n        return 1")],
    ]


@pytest.mark.parametrize("edits", _edits())
def test_the_narrow_check_agrees_with_parsing_the_whole_file(edits: list[Edit]) -> None:
    fi = parsecache.file_info(SOURCE, "q.py")
    new = apply_edits(SOURCE, edits)
    assert parsecache.valid(fi, new, edits) is parses(new)


def test_the_narrow_check_agrees_on_every_generated_candidate_of_a_file() -> None:
    susp = {i: 1.0 for i in range(1, SOURCE.count("\n") + 1)}
    cands = generate_candidates(SOURCE, "q.py", susp, factors={}, max_candidates=2000)
    assert len(cands) > 100 and all(parses(c.new_source) for c in cands)
