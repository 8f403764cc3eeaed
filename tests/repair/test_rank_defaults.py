"""rank_defaults.flips_default: a flipped boolean default goes after a fix of the body or call."""

from __future__ import annotations

from fixloop.repair.candidate import Candidate
from fixloop.repair.rank_defaults import flips_default


def _cand(old: str, before: str, after: str, template: str = "t") -> Candidate:
    assert before in old
    new = old.replace(before, after, 1)
    line = old[: old.index(before)].count("\n") + 1
    return Candidate("m.py", new, template, template, line, 0.5, 0.5, old_source=old)


# a method's keyword flag handed on to sorted()
SHELF = (
    "class Shelf:\n"
    "    def __init__(self, jars):\n"
    "        self.jars = jars\n"
    "\n"
    "    def listing(self, fullest_first: bool = True) -> list[str]:\n"
    '        """Jar labels, fullest first or emptiest first."""\n'
    "        ordered = sorted(self.jars, key=lambda j: j.level, reverse=fullest_first)\n"
    "        return [j.label for j in ordered]\n"
)

# a module function's keyword-only flag and its caller
CLOCK = (
    "def minutes(start, end, *, wrap=False):\n"
    "    d = end - start\n"
    "    return d % 1440 if wrap else d\n"
    "\n"
    "def shift_length(start, end):\n"
    "    return minutes(start, end)\n"
)

# a classmethod and a lambda default
PARSE = (
    "class Reading:\n"
    "    @classmethod\n"
    "    def parse(cls, text, strict=True):\n"
    "        return cls() if strict or text else None\n"
    "\n"
    "scale = lambda x, metric=False: x * (1.0 if metric else 2.54)\n"
)


def test_a_flipped_default_of_a_method_flag() -> None:
    flip = _cand(SHELF, "fullest_first: bool = True", "fullest_first: bool = False")
    body = _cand(SHELF, "reverse=fullest_first", "reverse=not fullest_first")
    assert flips_default(flip) and not flips_default(body)


def test_a_flipped_keyword_only_default_against_the_callers_fix() -> None:
    flip = _cand(CLOCK, "wrap=False", "wrap=True")
    call = _cand(CLOCK, "minutes(start, end)", "minutes(start, end, wrap=True)")
    assert flips_default(flip) and not flips_default(call)


def test_a_classmethod_and_a_lambda_default() -> None:
    assert flips_default(_cand(PARSE, "strict=True", "strict=False"))
    assert flips_default(_cand(PARSE, "metric=False", "metric=True"))
    # not a flip: a default of another kind, or a renamed parameter, or the body
    assert not flips_default(_cand(PARSE, "strict=True", "strict=None"))
    assert not flips_default(_cand(PARSE, "strict=True", "lenient=False"))
    assert not flips_default(_cand(PARSE, "strict or text", "strict and text"))


def test_the_body_fix_goes_before_the_flipped_default_among_tied_patches() -> None:
    from fixloop.repair.overfit import rank_plausible

    flip = _cand(SHELF, "fullest_first: bool = True", "fullest_first: bool = False", "bool")
    body = _cand(SHELF, "reverse=fullest_first", "reverse=not fullest_first", "wrap-not")
    flip.score = 0.9  # the screening order would choose the flip
    flat: dict = {"tests": {}}
    ordered, _ = rank_plausible([flip, body], flat, [], lambda c: flat)
    assert ordered == [body, flip]
