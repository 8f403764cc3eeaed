"""Ranking plausible patches: behaviour change of the passing tests, slowdown, then size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fixloop.repair.agree import Probe
from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import compare, rank_plausible

OLD = "def f(n):\n    if n < 0:\n        return 0\n    return n * 2\n"


def cand(new: str, template: str = "t") -> Candidate:
    return Candidate("m.py", new, template, template, 2, 0.5, 0.5, old_source=OLD)


def spectrum(tests: dict[str, tuple[str, list[int], float]]) -> dict:
    return {
        "tests": {
            tid: {"outcome": o, "lines": [["m.py", ln] for ln in lines], "seconds": s}
            for tid, (o, lines, s) in tests.items()
        }
    }


BEFORE = spectrum(
    {
        "t_pos": ("passed", [1, 2, 4], 0.01),
        "t_neg": ("passed", [1, 2, 3], 0.01),
        "t_bug": ("failed", [1, 2, 4], 0.02),
    }
)


def test_shifted_lines_are_not_a_change_inserted_ones_are() -> None:
    # one line inserted at the top of the body: the old lines 2..4 are now 3..5
    new = "def f(n):\n    n = int(n)\n    if n < 0:\n        return 0\n    return n * 2\n"
    c = cand(new)
    same_paths = spectrum(
        {
            "t_pos": ("passed", [1, 3, 5], 0.01),
            "t_neg": ("passed", [1, 3, 4], 0.01),
            "t_bug": ("passed", [1, 3, 5], 0.02),
        }
    )
    b = compare(BEFORE, same_paths, c, ["t_bug"])
    assert b.changed_tests == 0 and b.distance == 0.0 and not b.slow
    with_new_line = spectrum(
        {
            "t_pos": ("passed", [1, 2, 3, 5], 0.01),
            "t_neg": ("passed", [1, 3, 4], 0.01),
            "t_bug": ("passed", [1, 2, 3, 5], 0.02),
        }
    )
    b = compare(BEFORE, with_new_line, c, ["t_bug"])
    assert b.changed_tests == 1 and 0 < b.distance < 1


def test_slow_patch_is_dropped_and_least_change_wins() -> None:
    small_but_changes = cand(OLD.replace("n < 0", "n <= 0"), "small")
    larger_same_paths = cand(OLD.replace("return n * 2", "return n * 2 if n else 0"), "larger")
    slow = cand(OLD.replace("n * 2", "n + n"), "slow")
    traces = {
        "small": spectrum(
            {
                "t_pos": ("passed", [1, 2, 3], 0.01),  # took the other branch now
                "t_neg": ("passed", [1, 2, 3], 0.01),
                "t_bug": ("passed", [1, 2, 4], 0.02),
            }
        ),
        "larger": spectrum(
            {
                "t_pos": ("passed", [1, 2, 4], 0.01),
                "t_neg": ("passed", [1, 2, 3], 0.01),
                "t_bug": ("passed", [1, 2, 4], 0.02),
            }
        ),
        "slow": spectrum(
            {
                "t_pos": ("passed", [1, 2, 4], 0.01),
                "t_neg": ("passed", [1, 2, 3], 0.01),
                "t_bug": ("passed", [1, 2, 4], 5.0),
            }
        ),
    }
    seen: list[str] = []

    def trace(c: Candidate) -> dict:
        seen.append(c.template)
        return traces[c.template]

    ordered, notes = rank_plausible(
        [small_but_changes, larger_same_paths, slow], BEFORE, ["t_bug"], trace, limit=3
    )
    assert [c.template for c in ordered] == ["larger", "small"]
    assert any("slower" in n for n in notes)
    assert sorted(seen) == ["larger", "slow", "small"]


def test_cost_is_bounded_and_a_failed_trace_keeps_the_candidate() -> None:
    cs = [cand(OLD.replace("2", str(k)), f"c{k}") for k in range(3, 9)]
    calls: list[str] = []

    def trace(c: Candidate) -> None:
        calls.append(c.template)
        return None

    ordered, _ = rank_plausible(cs, BEFORE, ["t_bug"], trace, limit=2)
    assert len(calls) == 2
    assert len(ordered) == len(cs)


# ------------------------------------------------------------------------------ extra inputs

SIGN_MOD = "def sign(n):\n    if n > 0:\n        return 1\n    return 0\n"
SIGN_TESTS = "from signs import sign\n\n\ndef test_sign():\n    assert sign(5) == 1\n    assert sign(-3) == -1\n"


Rows = list[tuple[Candidate, list[str]]]


def probes(
    rows: Rows, base: list[str] | None = None, types: Rows | None = None, base_type: str = "int"
) -> dict[int, Probe]:
    """Synthetic extra-input outputs of one function; the original's are ``base``."""
    base = base if base is not None else ["0"] * len(rows[0][1])
    kinds = {id(c): t for c, t in types or []}
    return {
        id(c): Probe(
            ("m.py", "f"),
            out,
            kinds.get(id(c), ["int"] * len(out)),
            base_out=base,
            base_types=[base_type] * len(base),
        )
        for c, out in rows
    }


def probes_of(rows: Rows, **kw: Any) -> Any:
    """A ``probe`` callable giving :func:`probes` for the candidates asked about."""
    return lambda got: {k: v for k, v in probes(rows, **kw).items() if k in {id(c) for c in got}}


def test_extra_inputs_come_from_the_tests_literals_varied(tmp_path: Path) -> None:
    from fixloop.repair.agree import extra_inputs

    (tmp_path / "signs.py").write_text(SIGN_MOD)
    (tmp_path / "test_signs.py").write_text(SIGN_TESTS)
    inputs = extra_inputs(tmp_path, "sign")
    assert "((6,), {})" in inputs and "((0,), {})" in inputs and "((3,), {})" in inputs
    assert inputs[-2:] == ["((5,), {})", "((-3,), {})"]  # the tests' own, last


def test_candidates_agreeing_off_the_tests_rank_first(tmp_path: Path) -> None:
    import sys

    from fixloop.repair.agree import agreement, probe_outputs
    from fixloop.repair.screen import WarmScreener
    from fixloop.sandbox import make_sandbox

    root = tmp_path / "work"
    root.mkdir()
    (root / "signs.py").write_text(SIGN_MOD)
    (root / "test_signs.py").write_text(SIGN_TESTS)

    def patch(body: str, name: str) -> Candidate:
        new = SIGN_MOD.replace("    return 0\n", body)
        return Candidate("signs.py", new, name, name, 4, 0.5, 0.5, old_source=SIGN_MOD)

    right = patch("    if n < 0:\n        return -1\n    return 0\n", "right")
    also_right = patch("    return -1 if n < 0 else 0\n", "also_right")
    overfit = patch("    return -1 if n == -3 else 0\n", "overfit")
    sandbox = make_sandbox("none", allow_unsandboxed=True)
    screener = WarmScreener(sandbox, root, tmp_path / "engine", python=sys.executable)
    scores = agreement(screener, [overfit, right, also_right], wall_s=60.0)
    assert scores[id(right)] == scores[id(also_right)] > scores[id(overfit)]
    assert (root / "signs.py").read_text() == SIGN_MOD  # the work tree restored
    ordered, notes = rank_plausible(
        [overfit, right, also_right],
        BEFORE,
        ["t_bug"],
        lambda c: None,
        probe=lambda cs: probe_outputs(screener, cs, wall_s=60.0),
    )
    assert ordered[-1] is overfit
    assert any("extra inputs" in n for n in notes)


# ------------------------------------------------------------------ dead stores (deadstore.py)

SPEED = (
    "def average_speed(distance, minutes):\n"
    "    hours = minutes / 60\n"
    "    return distance / minutes\n"
)
RENT = "def can_rent(age, has_license):\n    return age >= 21 or has_license\n"


def test_dead_stores_count_unread_locals_and_parameters() -> None:
    from fixloop.repair.deadstore import dead_stores

    assert dead_stores(SPEED) == 1  # hours
    assert dead_stores(SPEED.replace("/ minutes\n", "/ hours\n")) == 0
    assert dead_stores("def f(a, b):\n    return a\n") == 1  # b
    # self, *args, **kwargs, _names, nonlocal/global and names read in a nested scope are fine
    assert (
        dead_stores("class C:\n    def m(self, *a, **k):\n        _x = 1\n        return 1\n") == 0
    )
    assert dead_stores("def f(a):\n    def g():\n        return a\n    return g\n") == 0
    assert dead_stores("def f():\n    n = 0\n    n += 1\n") == 0
    assert dead_stores("def f(:\n") == 0  # no evidence from text that does not parse


def test_fewer_dead_stores_wins_over_size_and_agreement() -> None:
    """Both patches pass average_speed(30, 30) == 60; only one reads the computed hours."""
    plus = Candidate(
        "s.py", SPEED.replace("/ minutes\n", "+ minutes\n"), "binop", "b", 3, 0.5, old_source=SPEED
    )
    hours = Candidate(
        "s.py", SPEED.replace("/ minutes\n", "/ hours\n"), "variable", "v", 3, 0.5, old_source=SPEED
    )
    drop = Candidate(
        "r.py", RENT.replace(" or has_license", ""), "drop", "d", 2, 0.5, old_source=RENT
    )
    andp = Candidate("r.py", RENT.replace(" or ", " and "), "boolop", "o", 2, 0.5, old_source=RENT)
    flat = {"tests": {}}
    ordered, _ = rank_plausible([plus, hours], flat, [], lambda c: flat)
    assert [c.template for c in ordered] == ["variable", "binop"]
    # agreement on extra inputs favouring the deletion does not outrank the unread parameter
    ordered, _ = rank_plausible(
        [drop, andp, plus],
        flat,
        [],
        lambda c: flat,
        probe=lambda cs: probes(
            [(drop, ["1", "1", "1"]), (andp, ["0", "0", "0"]), (plus, ["1", "1", "1"])]
        ),
    )
    assert [c.template for c in ordered] == ["boolop", "binop", "drop"]  # drop leaves +1


# ------------------------------------------------- an edited line is the same place (exercised)

BANDS = (
    "def rate(w):\n"
    "    if w <= 1:\n"
    "        return 4\n"
    "    elif w < 5:\n"
    "        return 8\n"
    "    elif w <= 20:\n"
    "        return 15\n"
    "    return 20\n"
)
# passing tests: rate(0.5) (lines 1-3), rate(3) (1, 2, 4, 5), rate(30) (1, 2, 4, 6, 8); failing:
# rate(5) == 8 (1, 2, 4, 6, 7)
BANDS_BEFORE = {
    "tests": {
        "t_light": {"outcome": "passed", "lines": [["b.py", n] for n in (1, 2, 3)]},
        "t_mid": {"outcome": "passed", "lines": [["b.py", n] for n in (1, 2, 4, 5)]},
        "t_over": {"outcome": "passed", "lines": [["b.py", n] for n in (1, 2, 4, 6, 8)]},
        "t_five": {"outcome": "failed", "lines": [["b.py", n] for n in (1, 2, 4, 6, 7)]},
    }
}


def test_an_edited_condition_is_no_path_change_and_passing_tests_that_run_it_count() -> None:
    right = Candidate(
        "b.py", BANDS.replace("w < 5", "w <= 5"), "cmp", "c", 4, 0.5, old_source=BANDS
    )
    # returns 8 for the whole (5, 20] band: only the failing test reaches the edited line
    wrong = Candidate(
        "b.py", BANDS.replace("return 15", "return 8"), "const", "k", 7, 0.5, old_source=BANDS
    )
    after_right = {
        "tests": {
            **{k: v for k, v in BANDS_BEFORE["tests"].items() if k != "t_five"},
            "t_five": {"outcome": "passed", "lines": [["b.py", n] for n in (1, 2, 4, 5)]},
        }
    }
    after_wrong = {
        "tests": {
            **{k: v for k, v in BANDS_BEFORE["tests"].items() if k != "t_five"},
            "t_five": {"outcome": "passed", "lines": [["b.py", n] for n in (1, 2, 4, 6, 7)]},
        }
    }
    b = compare(BANDS_BEFORE, after_right, right, ["t_five"])
    assert b.distance == 0.0 and b.changed_tests == 0  # t_mid and t_over ran line 4 as before
    assert b.exercised == 2
    assert compare(BANDS_BEFORE, after_wrong, wrong, ["t_five"]).exercised == 0
    traces = {"cmp": after_right, "const": after_wrong}
    ordered, notes = rank_plausible(
        [wrong, right], BANDS_BEFORE, ["t_five"], lambda c: traces[c.template]
    )
    assert [c.template for c in ordered] == ["cmp", "const"]
    assert any("2 ran the change" in n for n in notes)


def test_patches_the_tests_cannot_separate_and_that_disagree_are_declined() -> None:
    """Three same-sized patches, same paths; on extra inputs no one gives the majority output."""
    cs = [cand(OLD.replace("n * 2", f"n * {k}"), f"c{k}") for k in (3, 4, 5)]
    same = {"tests": {**BEFORE["tests"], "t_bug": {**BEFORE["tests"]["t_bug"]}}}
    alone = [(c, [f"{k}{i}" for i in range(5)]) for k, c in enumerate(cs)]  # each alone
    ordered, notes = rank_plausible(cs, BEFORE, ["t_bug"], lambda c: same, probe=probes_of(alone))
    assert ordered == [] and any(n.startswith("declined") for n in notes)
    # the same patches when one gives the majority output on most inputs: it is chosen
    rows = [(cs[0], list("11112")), (cs[1], list("13333")), (cs[2], list("11111"))]
    ordered, notes = rank_plausible(
        cs, BEFORE, ["t_bug"], lambda c: same, probe=probes_of(rows, base=list("01111"))
    )
    assert ordered[0] is cs[2] and not any(n.startswith("declined") for n in notes)
    # separated by the traced evidence (a dead store): no decline whatever the agreement
    dead = cand(OLD.replace("return n * 2", "m = 1\n    return n * 3"), "dead")
    ordered, _ = rank_plausible(
        [dead, *cs[:2]], BEFORE, ["t_bug"], lambda c: same, probe=lambda got: {}
    )
    assert ordered and ordered[-1] is dead


def test_equal_evidence_and_lines_go_to_the_screening_score_before_characters() -> None:
    """``n < 2 and ...`` -> ``or`` scores higher; ``2`` -> ``8`` has fewer changed characters."""
    src = "def is_odd_prime(n):\n    if n < 2 and n % 2 == 0:\n        return n == 2\n    return True\n"
    boolop = Candidate(
        "p.py", src.replace(" and ", " or "), "boolop", "b", 2, 0.7, 0.7, old_source=src
    )
    const = Candidate(
        "p.py", src.replace("n < 2", "n < 8"), "const", "k", 2, 0.3, 0.3, old_source=src
    )
    assert const.diff_chars <= boolop.diff_chars
    flat = {"tests": {}}
    ordered, _ = rank_plausible([boolop, const], flat, [], lambda c: flat)
    assert [c.template for c in ordered] == ["boolop", "const"]


# ------------------------------------------------------ inserted guards the passing tests skip

SPLIT = (
    "def split(xs):\n"
    "    out = []\n"
    "    cur = []\n"
    "    for x in xs:\n"
    "        if cur and x - cur[-1] > 5:\n"
    "            out.append(cur)\n"
    "            cur = []\n"
    "        cur.append(x)\n"
    "    return out\n"
)


def _trace(passing: list[int], failing: list[int]) -> dict:
    return {
        "tests": {
            "t_empty": {"outcome": "passed", "lines": [["s.py", n] for n in passing]},
            "t_gap": {"outcome": "passed", "lines": [["s.py", n] for n in failing]},
        }
    }


def test_an_inserted_guard_a_passing_test_does_not_enter_is_no_path_change() -> None:
    """``if cur: out.append(cur)`` after the loop beats an append inside it that no test checks."""
    before = {
        "tests": {
            "t_empty": {"outcome": "passed", "lines": [["s.py", n] for n in (1, 2, 3, 4, 9)]},
            "t_gap": {"outcome": "failed", "lines": [["s.py", n] for n in range(1, 10)]},
        }
    }
    right = Candidate(
        "s.py",
        SPLIT.replace("    return out\n", "    if cur:\n        out.append(cur)\n    return out\n"),
        "after-loop",
        "a",
        9,
        0.5,
        0.2,
        old_source=SPLIT,
    )
    # appends the fresh list as the next trip: passes a test with a gap, wrong without one
    wrong = Candidate(
        "s.py",
        SPLIT.replace(
            "cur = []\n        cur", "cur = []\n            out.append(cur)\n        cur"
        ),
        "insert",
        "i",
        7,
        0.5,
        0.4,
        old_source=SPLIT,
    )
    after_right = _trace([1, 2, 3, 4, 9, 11], list(range(1, 12)))
    after_wrong = _trace([1, 2, 3, 4, 10], list(range(1, 11)))
    b = compare(before, after_right, right, ["t_gap"])
    assert b.distance == 0.0 and b.changed_tests == 0 and b.exercised == 1
    assert compare(before, after_wrong, wrong, ["t_gap"]).exercised == 0
    traces = {"after-loop": after_right, "insert": after_wrong}
    ordered, _ = rank_plausible([wrong, right], before, ["t_gap"], lambda c: traces[c.template])
    assert [c.template for c in ordered] == ["after-loop", "insert"]
    # a passing test that enters the inserted branch did change its path
    entered = _trace([1, 2, 3, 4, 9, 10, 11], list(range(1, 12)))
    b = compare(before, entered, right, ["t_gap"])
    assert b.changed_tests == 1 and b.distance > 0


# ------------------------------------------- extra inputs: kind of value, contenders, departure

FLAG = "def is_ignored(path, rules):\n    ignored = False\n    for rule in rules:\n        neg = rule.startswith('!')\n        ignored = neg\n    return ignored\n"


def test_a_patch_returning_another_kind_of_value_loses_to_one_that_does_not() -> None:
    """``ignored = neg`` -> ``ignored = path`` passes ``assert is_ignored(...)`` and is wrong."""
    same = {"tests": {**BEFORE["tests"]}}
    names = [
        Candidate("m.py", FLAG.replace("= neg\n", f"= {n}\n"), "variable", n, 5, 0.5, 0.6)
        for n in ("path", "rule", "rules")
    ]
    right = Candidate("m.py", FLAG.replace("= neg\n", "= not neg\n"), "wrap-not", "n", 5, 0.5, 0.2)
    for c in (*names, right):
        c.old_source = FLAG
    rows = [(c, ["'a'", "'b'", "False"]) for c in names] + [(right, ["True", "True", "False"])]
    types = [(c, ["str", "str", "bool"]) for c in names] + [(right, ["bool"] * 3)]
    # the original returns booleans on every input
    probe = probes_of(rows, base=["False", "False", "False"], types=types, base_type="bool")
    ordered, notes = rank_plausible(
        [*names, right], BEFORE, ["t_bug"], lambda c: same, limit=6, probe=probe
    )
    assert ordered[0] is right
    assert any("another kind of value on 67%" in n for n in notes)


def test_patches_behind_on_traced_evidence_do_not_vote_and_the_nearest_to_the_original_wins() -> (
    None
):
    """Three patches give 8.90 for a whole band; two of them no passing test runs.

    The contenders are the two a passing test checks; agreement needs three of them, so the
    smaller departure from the original's outputs decides (``<`` -> ``<=`` at the tested weight).
    """
    right = Candidate("b.py", BANDS.replace("w < 5", "w <= 5"), "cmp", "c", 4, 0.5, 0.3)
    index = Candidate("b.py", BANDS.replace("w < 5", "w < 20"), "neg", "i", 4, 0.5, 0.6)
    band = [
        Candidate("b.py", BANDS.replace("return 15", f"return {k}"), f"k{k}", "k", 7, 0.5, 0.5)
        for k in (8, 8.0)
    ]
    for c in (right, index, *band):
        c.old_source = BANDS
    checked = {
        "tests": {
            **{k: v for k, v in BANDS_BEFORE["tests"].items() if k != "t_five"},
            "t_five": {"outcome": "passed", "lines": [["b.py", n] for n in (1, 2, 4, 5)]},
        }
    }
    unchecked = {
        "tests": {
            **{k: v for k, v in BANDS_BEFORE["tests"].items() if k != "t_five"},
            "t_five": {"outcome": "passed", "lines": [["b.py", n] for n in (1, 2, 4, 6, 7)]},
        }
    }
    traces = {"cmp": checked, "neg": checked, "k8": unchecked, "k8.0": unchecked}
    # inputs 3, 5, 8, 10: the original gives 8, 15, 15, 15
    base = ["8", "15", "15", "15"]
    rows = [(right, ["8", "8", "15", "15"]), (index, ["8", "8", "8", "8"])]
    rows += [(c, ["8", "8", "8", "8"]) for c in band]
    asked: list[list[str]] = []

    def probe(cs: list[Candidate]) -> dict[int, Probe]:
        asked.append([c.template for c in cs])
        return probes_of(rows, base=base)(cs)

    ordered, notes = rank_plausible(
        [*band, index, right],
        BANDS_BEFORE,
        ["t_five"],
        lambda c: traces[c.template],
        limit=6,
        probe=probe,
    )
    assert sorted(asked[0]) == ["cmp", "neg"]  # the unchecked ones are not contenders
    assert ordered[0] is right
    assert any("departs from the original on 25%" in n for n in notes)


def test_probe_runs_the_original_beside_the_patches(tmp_path: Path) -> None:
    import sys

    from fixloop.repair.agree import departure, probe_outputs, type_shift
    from fixloop.repair.screen import WarmScreener
    from fixloop.sandbox import make_sandbox

    root = tmp_path / "work"
    root.mkdir()
    (root / "signs.py").write_text(SIGN_MOD)
    (root / "test_signs.py").write_text(SIGN_TESTS)
    right = Candidate(
        "signs.py",
        SIGN_MOD.replace("    return 0\n", "    return -1 if n < 0 else 0\n"),
        "r",
        "r",
        4,
        0.5,
        0.5,
        old_source=SIGN_MOD,
    )
    text = Candidate(
        "signs.py",
        SIGN_MOD.replace("return 0", "return str(n)"),
        "s",
        "s",
        4,
        0.5,
        0.5,
        old_source=SIGN_MOD,
    )
    sandbox = make_sandbox("none", allow_unsandboxed=True)
    screener = WarmScreener(sandbox, root, tmp_path / "engine", python=sys.executable)
    got = probe_outputs(screener, [right, text], wall_s=60.0)
    p, q = got[id(right)], got[id(text)]
    assert p.group == ("signs.py", "sign") and len(p.base_out) == len(p.out) > 3
    assert "-1" in p.out and "-1" not in p.base_out  # sign(-3) and the varied negatives
    assert type_shift(p) == 0.0 and type_shift(q) > 0.0
    assert 0.0 < departure(p) < 1.0
    assert (root / "signs.py").read_text() == SIGN_MOD


def test_a_deletion_that_leaves_a_value_unread_is_never_chosen() -> None:
    """Deleting ``raise`` passes a test of a short row; ``number`` is then computed for nothing."""
    src = (
        "def parse(line, number):\n"
        "    cells = line.split(',')\n"
        "    if len(cells) < 2:\n"
        "        raise ValueError(number)\n"
        "    return cells\n"
    )
    gone = src.replace("        raise ValueError(number)\n", "        pass\n")
    lone = Candidate("p.py", gone, "delete-statement", "d", 4, 0.5, 0.5, old_source=src)
    flat = {"tests": {"t": {"outcome": "passed", "lines": [["p.py", 1]]}}}
    ordered, notes = rank_plausible([lone], flat, [], lambda c: flat)
    assert ordered == [] and any("deletion leaves" in n for n in notes)
    # a deletion that leaves nothing unread stays a candidate
    dup = src.replace("    return cells\n", "    cells = cells\n    return cells\n")
    undup = Candidate("p.py", src, "delete-statement", "d", 5, 0.5, 0.5, old_source=dup)
    ordered, _ = rank_plausible([undup], flat, [], lambda c: flat)
    assert ordered == [undup]


def test_a_degenerate_patch_loses_and_gives_no_vote() -> None:
    """Three patches make a checksum always hold and agree with each other; the fix varies."""
    src = "def ok(code):\n    total = 0\n    for ch in code:\n        total += int(ch)\n    return total % 10 == 0\n"
    every = spectrum({"t_ok": ("passed", [1, 2, 3, 4, 5], 0.01), "t_bug": ("failed", [1], 0.01)})
    bad = [
        Candidate("m.py", src.replace("total += ", "total *= "), "augassign", "a", 4, 0.5, 0.9),
        Candidate("m.py", src.replace("% 10 == 0", "% 10 != 7"), "cmp", "c", 5, 0.5, 0.8),
        Candidate("m.py", src.replace("total = 0", "total = 10"), "const", "k", 2, 0.5, 0.7),
    ]
    right = Candidate("m.py", src.replace("% 10", "% 11"), "off-by-one", "r", 5, 0.5, 0.2)
    for c in (*bad, right):
        c.old_source = src
    # inputs 0-3 run every change, input 4 returns early (the same output for all)
    outs = {id(c): ["True", "True", "True", "True", "False"] for c in bad}
    outs[id(right)] = ["True", "False", "False", "True", "False"]

    def probe(cs: list[Candidate]) -> dict[int, Probe]:
        return {
            id(c): Probe(
                ("m.py", "ok"),
                outs[id(c)],
                ["bool"] * 5,
                base_out=["False"] * 5,
                base_types=["bool"] * 5,
                reach=[1, 1, 1, 1, 0],
            )
            for c in cs
        }

    ordered, notes = rank_plausible(
        [*bad, right], every, ["t_bug"], lambda c: every, limit=6, probe=probe
    )
    assert ordered[0] is right
    assert sum("(degenerate)" in n for n in notes) == 3
    assert not any("agrees on" in n for n in notes)  # one contender left: no agreement measured

    # without the reach, the three agreeing patches would have outvoted the fix
    def plain(cs: list[Candidate]) -> dict[int, Probe]:
        return {
            k: Probe(p.group, p.out, p.types, p.base_out, p.base_types)
            for k, p in probe(cs).items()
        }

    ordered, _ = rank_plausible(
        [*bad, right], every, ["t_bug"], lambda c: every, limit=6, probe=plain
    )
    assert ordered[0] is not right


def test_a_returned_literal_is_constant_by_construction_not_degenerate() -> None:
    from fixloop.repair.agree import returns_literal

    src = 'def label(n):\n    if n == 0:\n        return ""\n    return f"{n}s"\n'
    right = Candidate("m.py", src.replace('return ""', 'return "0s"'), "lit", "r", 3, 0.5, 0.2)
    other = Candidate("m.py", src.replace("n == 0", "n < 0"), "cmp", "c", 2, 0.5, 0.9)
    for c in (right, other):
        c.old_source = src
    assert returns_literal(right) and not returns_literal(other)
    every = spectrum({"t_ok": ("passed", [1, 2, 3, 4], 0.01), "t_bug": ("failed", [1], 0.01)})
    outs = {id(right): ["'0s'", "'0s'", "'1s'", "'2s'"], id(other): ["'0s'", "'-1s'", "'1s'", "''"]}
    reach = {id(right): [1, 1, 0, 0], id(other): [1, 1, 1, 1]}

    def probe(cs: list[Candidate]) -> dict[int, Probe]:
        return {
            id(c): Probe(
                ("m.py", "label"),
                outs[id(c)],
                ["str"] * 4,
                base_out=["''", "''", "'1s'", "'2s'"],
                base_types=["str"] * 4,
                reach=reach[id(c)],
            )
            for c in cs
        }

    ordered, notes = rank_plausible(
        [other, right], every, ["t_bug"], lambda c: every, limit=6, probe=probe
    )
    assert not any("(degenerate)" in n for n in notes)
    assert ordered[0] is right  # the smaller departure from the original decides


def test_slow_limit_allows_per_failing_test_and_the_machines_load() -> None:
    """The allowance grows with the failing tests and with the passing tests' own slowdown."""
    from fixloop.repair.overfit import slow_limit

    # the real-project case: 0.63 s traced before, 3.46 s after, two failing tests
    assert slow_limit(0.63, 1, 0.0, 0.0) < 3.46 < slow_limit(0.63, 2, 0.0, 0.0)
    # a loaded second run (passing tests 3x slower) moves the limit; a quick suite does not
    assert slow_limit(1.0, 1, 0.5, 1.5) == slow_limit(1.0, 1, 0.5, 0.5) + 2 * 3.0
    assert slow_limit(1.0, 1, 0.01, 0.04) == slow_limit(1.0, 1, 0.01, 0.01)
    # never below the plain rule, and the load factor is capped
    assert slow_limit(1.0, 1, 0.5, 0.1) == 3.0 + 1.0
    assert slow_limit(1.0, 1, 0.5, 50.0) == 3.0 * 4.0 + 1.0


def test_a_patch_slower_only_by_the_load_is_kept() -> None:
    c = cand(OLD.replace("n < 0", "n <= 0"), "loaded")
    loaded = spectrum(
        {
            "t_pos": ("passed", [1, 2, 4], 0.3),
            "t_neg": ("passed", [1, 2, 3], 0.3),
            "t_bug": ("passed", [1, 2, 4], 4.5),
        }
    )
    before = spectrum(
        {
            "t_pos": ("passed", [1, 2, 4], 0.1),
            "t_neg": ("passed", [1, 2, 3], 0.1),
            "t_bug": ("failed", [1, 2, 4], 1.0),
        }
    )
    assert not compare(before, loaded, c, ["t_bug"]).slow
    unloaded = dict(loaded, tests=dict(loaded["tests"], t_pos=before["tests"]["t_pos"]))
    unloaded["tests"]["t_neg"] = before["tests"]["t_neg"]
    assert compare(before, unloaded, c, ["t_bug"]).slow


def test_an_entered_inserted_guard_changes_the_path_by_its_branch_only() -> None:
    """``if cur: out.append(cur)`` entered by a passing test: as big a change as the bare append."""
    before = {
        "tests": {
            "t_empty": {"outcome": "passed", "lines": [["s.py", n] for n in (1, 2, 3, 4, 5, 9)]},
            "t_gap": {"outcome": "failed", "lines": [["s.py", n] for n in range(1, 10)]},
        }
    }
    guarded = Candidate(
        "s.py",
        SPLIT.replace("    return out\n", "    if cur:\n        out.append(cur)\n    return out\n"),
        "after-loop",
        "g",
        9,
        0.5,
        0.2,
        old_source=SPLIT,
    )
    bare = Candidate(
        "s.py",
        SPLIT.replace("    return out\n", "    out.append(cur)\n    return out\n"),
        "after-loop",
        "b",
        9,
        0.5,
        0.2,
        old_source=SPLIT,
    )
    g = compare(before, _trace([1, 2, 3, 4, 5, 9, 10, 11], []), guarded, ["t_gap"])
    b = compare(before, _trace([1, 2, 3, 4, 5, 9, 10], []), bare, ["t_gap"])
    assert g.changed_tests == b.changed_tests == 1
    assert g.distance == b.distance > 0


def test_a_guarded_patch_goes_just_before_its_bare_twin_not_before_smaller_patches() -> None:
    """Both plausible, same traced evidence: the guard changes behaviour only where it holds."""
    bare = Candidate(
        "s.py",
        SPLIT.replace("    return out\n", "    out.append(cur)\n    return out\n"),
        "after-loop",
        "b",
        9,
        0.5,
        0.5,
        old_source=SPLIT,
    )
    guarded = Candidate(
        "s.py",
        SPLIT.replace("    return out\n", "    if cur:\n        out.append(cur)\n    return out\n"),
        "after-loop",
        "g",
        9,
        0.5,
        0.2,  # a lower screening score: the twin rule, not the score, puts it first
        old_source=SPLIT,
    )
    # another guarded insertion with no bare twin among the patches
    other = Candidate(
        "s.py",
        SPLIT.replace("    return out\n", "    if cur:\n        out.extend(cur)\n    return out\n"),
        "after-loop",
        "o",
        9,
        0.5,
        0.9,
        old_source=SPLIT,
    )
    flat: dict = {"tests": {}}
    ordered, _ = rank_plausible([bare, guarded], flat, [], lambda c: flat)
    assert [c.description for c in ordered] == ["g", "b"]
    ordered, _ = rank_plausible([bare, other], flat, [], lambda c: flat)
    assert [c.description for c in ordered] == ["b", "o"]  # one line less wins, as before
    # sizes: the guarded twin half a line under its bare twin (1 line), a replaced line 2
    edited = Candidate(
        "s.py", SPLIT.replace("> 5", ">= 5"), "compare", "s", 5, 0.5, 0.3, old_source=SPLIT
    )
    four = [edited, guarded, other, bare]
    ordered, _ = rank_plausible(four, flat, [], lambda c: flat, limit=4)
    assert [c.description for c in ordered] == ["g", "b", "o", "s"]
