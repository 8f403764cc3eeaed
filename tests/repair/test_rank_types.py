"""rank_types: a default or value whose type the program's own annotations or uses contradict."""

from __future__ import annotations

import ast

from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import rank_plausible
from fixloop.repair.rank_types import annotation_kinds, literal_kind, type_clash


def _cand(old: str, new: str, line: int, template: str = "wrap-or-default") -> Candidate:
    return Candidate("m.py", new, template, template, line, 0.5, 0.5, old_source=old)


def _clash(old: str, before: str, after: str) -> int:
    assert before in old
    return type_clash(_cand(old, old.replace(before, after, 1), 1))


# a constructor: the parameter's annotation, the attribute's later .append
ORDER = (
    "class Order:\n"
    "    def __init__(self, name: str, extras: list[str] | None = None) -> None:\n"
    "        self.name = name\n"
    "        self.extras = extras\n"
    "\n"
    "    def add(self, extra: str) -> None:\n"
    "        self.extras.append(extra)\n"
)

# a returned value: the function's return annotation
INDEX = (
    "class Index:\n"
    "    def __init__(self) -> None:\n"
    "        self._counts = None\n"
    "\n"
    "    def counts(self) -> dict[str, int]:\n"
    "        return self._counts\n"
)

# an unannotated local: the set methods called on it
WALK = (
    "def walk(graph, start, seen=None):\n"
    "    seen = seen\n"
    "    seen.add(start)\n"
    "    for nxt in graph.get(start, ()):\n"
    "        if nxt not in seen:\n"
    "            walk(graph, nxt, seen)\n"
    "    return seen\n"
)

# a dataclass field assigned in a method: the class-level annotation
LOG = (
    "from dataclasses import dataclass, field\n"
    "\n"
    "@dataclass\n"
    "class Log:\n"
    "    lines: list[str] = field(default_factory=list)\n"
    "\n"
    "    def clear(self) -> None:\n"
    "        self.lines = self.lines\n"
)

# a keyword-only parameter whose annotation is a user class: no evidence
SHOP = (
    "def total(items, *, rules: Rules | None = None, scale: Optional[float] = None):\n"
    "    rules = rules\n"
    "    scale = scale\n"
    "    return sum(items) * scale\n"
)


def test_literal_kinds_and_annotation_kinds() -> None:
    kinds = [literal_kind(ast.parse(s, mode="eval").body) for s in ("[]", "''", "0", "set()", "{}")]
    assert kinds == ["list", "str", "int", "set", "dict"]
    assert literal_kind(ast.parse("xs[0]", mode="eval").body) is None
    ann = ast.parse("list[str] | None", mode="eval").body
    assert annotation_kinds(ann) == frozenset({"list", "None"})
    assert annotation_kinds(ast.parse("Optional[float]", mode="eval").body) == frozenset(
        {"float", "int", "bool", "None"}
    )
    assert annotation_kinds(ast.parse("'Mapping[str, int]'", mode="eval").body) == {"dict"}
    assert annotation_kinds(ast.parse("Rules | None", mode="eval").body) is None


def test_a_constructor_default_of_the_annotated_type_has_no_clash() -> None:
    before = "self.extras = extras\n"
    assert _clash(ORDER, before, "self.extras = extras or []\n") == 0
    assert _clash(ORDER, before, 'self.extras = extras or ""\n') == 1
    assert _clash(ORDER, before, "self.extras = extras or {}\n") == 1
    assert _clash(ORDER, before, "self.extras = extras or list()\n") == 0


def test_a_returned_default_is_judged_by_the_return_annotation() -> None:
    before = "        return self._counts\n"
    assert _clash(INDEX, before, "        return self._counts or {}\n") == 0
    assert _clash(INDEX, before, "        return self._counts or []\n") == 1


def test_an_unannotated_local_is_judged_by_the_methods_called_on_it() -> None:
    before = "    seen = seen\n"
    assert _clash(WALK, before, "    seen = seen or set()\n") == 0
    assert _clash(WALK, before, "    seen = seen or []\n") == 1


def test_an_assigned_literal_is_judged_by_the_class_level_annotation() -> None:
    before = "        self.lines = self.lines\n"
    assert _clash(LOG, before, "        self.lines = []\n") == 0
    assert _clash(LOG, before, '        self.lines = ""\n') == 1


def test_no_evidence_no_clash() -> None:
    assert _clash(SHOP, "    rules = rules\n", "    rules = rules or []\n") == 0  # a user class
    assert _clash(SHOP, "    scale = scale\n", "    scale = scale or 1\n") == 0  # int for float
    assert _clash(SHOP, "    scale = scale\n", '    scale = scale or ""\n') == 1
    # a clash the original already had is not the patch's
    old = ORDER.replace("self.extras = extras\n", 'self.extras = extras or ""\n')
    assert (
        type_clash(_cand(old, old.replace("self.name = name", "self.name = name.strip()"), 3)) == 0
    )


def test_the_typed_default_goes_first_among_tied_patches() -> None:
    """Same place, same size, no traced evidence: the string default came first by order."""
    old = ORDER
    wrong = _cand(old, old.replace("self.extras = extras\n", 'self.extras = extras or ""\n'), 4)
    right = _cand(old, old.replace("self.extras = extras\n", "self.extras = extras or []\n"), 4)
    flat: dict = {"tests": {}}
    ordered, _ = rank_plausible([wrong, right], flat, [], lambda c: flat)
    assert ordered == [right, wrong]
