"""Ids that change at every collection of the base commit (realproj4 R1, marshmallow 3.23.1).

:func:`fixloop.gate.unstable.unstable_pairs` on ids alone (what is excused, what is not), the
collection listing read back, and the fixture benchmarks/data/realproj4/clock_ids through the
CLI: a test parametrized with ``datetime.now()`` no longer refuses the honest fix. The attack
twins through the real gate are in tests/gate/id_attacks.py (``clock-id-mode-changed``).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from fixloop.gate.unstable import split_id, unstable_pairs
from fixloop.testrun.collect import listed_ids

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_e2e import default_sandbox_args, init_repo, one_json, run_cli  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CLOCK = ROOT / "benchmarks" / "data" / "realproj4" / "clock_ids"
F = "tests/t.py::test_f"


def test_split_id_parts_by_pytests_joiner() -> None:
    assert split_id(f"{F}[1-a b]") == (F, ["1", "a b"])
    assert split_id("tests/t.py::TestC::test_g[x]") == ("tests/t.py::TestC::test_g", ["x"])
    assert split_id(F) == (F, None)
    assert split_id("pkg/mod.py::pkg.mod.f") == ("pkg/mod.py::pkg.mod.f", None)


def test_a_clock_id_missing_from_the_base_again_is_excused_by_a_new_id() -> None:
    base = [f"{F}[10:00:01]", "tests/t.py::test_a"]
    cand = [f"{F}[10:00:05]", "tests/t.py::test_a"]
    again = [f"{F}[10:00:09]", "tests/t.py::test_a"]
    assert unstable_pairs([f"{F}[10:00:01]"], base, cand, again) == [
        (f"{F}[10:00:01]", f"{F}[10:00:05]")
    ]


def test_an_id_the_base_lists_again_is_the_changes_doing() -> None:
    # a changed parametrize value: the base's second collection keeps the baseline's id
    base, cand = [f"{F}[-4]", f"{F}[1]"], [f"{F}[7]", f"{F}[1]"]
    assert unstable_pairs([f"{F}[-4]"], base, cand, [f"{F}[-4]", f"{F}[1]"]) == []


def test_the_stable_part_of_an_unstable_id_must_stay() -> None:
    base = [f"{F}[c-10:00:01]"]
    again = [f"{F}[c-10:00:09]"]
    assert unstable_pairs(base, base, [f"{F}[b-10:00:05]"], again) == []
    assert unstable_pairs(base, base, [f"{F}[c-10:00:05]"], again) == [
        (base[0], f"{F}[c-10:00:05]")
    ]
    # as many parts as the base's: a part added or dropped is another test
    assert unstable_pairs(base, base, [f"{F}[c-10:00:05-x]"], again) == []


def test_each_new_id_stands_for_one_missing_id() -> None:
    base = [f"{F}[a-1]", f"{F}[a-2]"]
    again = [f"{F}[a-3]", f"{F}[a-4]"]
    # the change drops a case (a shorter value list): one new id, two missing ones
    assert len(unstable_pairs(base, base, [f"{F}[a-5]"], again)) == 1
    assert len(unstable_pairs(base, base, [f"{F}[a-5]", f"{F}[a-6]"], again)) == 2


def test_a_clock_format_keeps_its_shape_so_two_formats_are_two_tests() -> None:
    """Red team 6 K1: the ':' case (ran) skipped by the change, the '.' case (skipped) run instead."""
    colon, dot = f"{F}[16:28:07.692034]", f"{F}[16.28.07.692034]"
    base_ran, base_skipped = [colon], [dot]
    again = [f"{F}[16:30:00.000001]", f"{F}[16.30.00.000001]"]
    cand_ran, cand_skipped = [f"{F}[16.29.31.279801]"], [f"{F}[16:29:31.279801]"]
    pairs = unstable_pairs(
        [colon, dot],
        base_ran + base_skipped,
        cand_ran + cand_skipped,
        again,
        skipped=base_skipped + cand_skipped,
    )
    # each case pairs with its own format: the ':' case that ran is the one skipped now
    assert dict(pairs) == {colon: cand_skipped[0], dot: cand_ran[0]}


def test_a_value_beside_the_clock_in_one_part_must_stay() -> None:
    """Red team 6 K2: ``f"{calc.MODES[0]}@{now}"`` with MODES changed c -> b."""
    base = [f"{F}[c@16:33:21.514978]"]
    again = [f"{F}[c@16:33:40.000001]"]
    assert unstable_pairs(base, base, [f"{F}[b@16:33:36.644101]"], again) == []
    assert unstable_pairs(base, base, [f"{F}[c@16:33:36.644101]"], again) == [
        (base[0], f"{F}[c@16:33:36.644101]")
    ]


def test_same_shaped_ids_of_mixed_outcomes_are_not_paired() -> None:
    """Two clock values of one shape, one ran and one skipped: which is which is unknown."""
    ran, skip = f"{F}[1700000000.5]", f"{F}[1700086400.5]"
    again = [f"{F}[1700000009.1]", f"{F}[1700086409.1]"]
    cand = [f"{F}[1700000011.2]", f"{F}[1700086411.2]"]
    args = ([ran, skip], [ran, skip], cand, again)
    assert unstable_pairs(*args, skipped=[skip, cand[0]]) == []
    # all of one class (all ran): any pairing keeps every outcome, so they are excused
    assert len(unstable_pairs(*args, skipped=[])) == 2


def test_no_excuse_without_a_counterpart_in_the_base_or_a_collection() -> None:
    base = [f"{F}[10:00:01]"]
    cand = [f"{F}[10:00:05]"]
    assert unstable_pairs(base, base, cand, None) == []  # the second collection failed
    assert unstable_pairs(base, base, cand, ["tests/t.py::test_a"]) == []  # no peer there
    # another function's new id does not stand for it
    assert (
        unstable_pairs(base, base, ["tests/t.py::test_g[10:00:05]"], ["tests/t.py::test_g[1]"])
        == []
    )
    # an unparametrized id has no parts to pair by
    assert (
        unstable_pairs(["tests/t.py::test_x"], ["tests/t.py::test_x"], [], ["tests/t.py::test_y"])
        == []
    )


def test_listed_ids_reads_the_listing_up_to_its_blank_line() -> None:
    out = (
        "tests/test_a.py::test_x[13:08:31 2026-12-02]\n"
        "tests/test_a.py::test_y\n"
        "\n"
        "=============== warnings summary ===============\n"
        "tests/test_a.py::test_y\n"
        "  DeprecationWarning: old\n"
        "2 tests collected in 0.01s\n"
    )
    assert listed_ids(out) == [
        "tests/test_a.py::test_x[13:08:31 2026-12-02]",
        "tests/test_a.py::test_y",
    ]


def test_clock_ids_fixture_verifies_through_the_cli(tmp_path: Path) -> None:
    """benchmarks/data/realproj4/clock_ids: refused "no longer collected" before (R1)."""
    repo = tmp_path / "repo"
    shutil.copytree(CLOCK / "repo", repo)
    init_repo(repo)
    args = ["fix", str(repo), "--json", "--model", f"script:{CLOCK / 'script.json'}"]
    proc = run_cli([*args, *default_sandbox_args()], tmp_path / "home")
    res = one_json(proc)
    assert res["status"] == "verified", res.get("summary")
    assert "change at every collection of the base commit" in res["summary"], res["summary"]
    assert "tests/test_calc.py::test_stamp[" in res["summary"]
