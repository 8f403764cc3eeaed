"""The screening round after the extra candidates: only lines without a plausible patch (engine.py)."""

from __future__ import annotations

from typing import Any

from fixloop.repair.candidate import Candidate
from fixloop.repair.engine import Analysis, RepairEngine, Tried
from fixloop.repair.screen import ScreenResult

SRC = "def f(n):\n    if n < 2 and n % 2 == 0:\n        return False\n    return n > 1\n"


def _cand(line: int, name: str) -> Candidate:
    return Candidate("m.py", SRC + f"# {name}\n", "t", name, line, 0.5, 0.5, SRC)


def _tried(c: Candidate, status: str) -> Tried:
    return Tried(c, ScreenResult(index=0, status=status, fixed=1, total=1))


def test_the_round_after_the_extras_skips_the_lines_that_have_a_plausible_patch() -> None:
    first = _cand(2, "first")
    cands = [first, _cand(2, "same-line"), _cand(4, "other-a"), _cand(3, "other-b")]
    cands += [_cand(4, f"more-{k}") for k in range(5)]
    an = Analysis()
    an.tried = [_tried(first, "plausible"), _tried(cands[1], "fail")]
    rounds: list[tuple[list[str], float, int]] = []

    def run_round(batch: list[Candidate], share: float, room: int | None = None) -> list[Any]:
        rounds.append(([c.description for c in batch], share, int(room or 0)))
        return []

    engine = RepairEngine(extra_elsewhere=3)
    engine._elsewhere_round(an, cands, run_round, 10.0, lambda: 40.0)
    assert len(rounds) == 1
    names, share, room = rounds[0]
    assert names[:2] == ["other-a", "other-b"] and "same-line" not in names
    assert "first" not in names and room == 3
    assert share == 10.0 / 40.0  # the extra search's seconds of what is left
    # nothing plausible yet, or the extra round switched off: no round
    rounds.clear()
    RepairEngine(extra_elsewhere=3)._elsewhere_round(
        Analysis(), cands, run_round, 10.0, lambda: 40.0
    )
    RepairEngine(extra_elsewhere=0)._elsewhere_round(an, cands, run_round, 10.0, lambda: 40.0)
    assert rounds == []
