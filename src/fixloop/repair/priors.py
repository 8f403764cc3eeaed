"""Learned per-template ranking factors, read from ``template_prior.json`` beside this module.

The fix templates carry hand-set priors (``PRIORS`` in :mod:`.templates_expr`, ordinal estimates
from the TBar and PraPR evaluations). ``benchmarks/mutation_prior.py`` measures how well each
template ranks on bugs it injects itself: it applies the templates' own mutations to correct
code (fixloop's pure-stdlib helpers and small functions written for it, never a benchmark
suite), asks the generator for fixes of each mutant, and counts per template how many of its
candidates restored the original (``fixed``) out of how many it generated ahead of or at the fix
(``candidates``). A template whose candidates are rarely the fix (it floods the ranking) gets a
factor below 1; a precise one above 1.

The factor is the smoothed precision over the mean precision, square-rooted and clipped::

    p_t = (fixed_t + M * p0) / (candidates_t + M),  factor_t = clip(sqrt(p_t / p0), LO, HI)

with ``p0`` the precision of all templates together and ``M`` pseudo-candidates (a template seen
little stays near 1). Two exceptions keep the factors honest about what the mutation runs can
tell: a template that fixed none of the injected bugs gets 1.0 (the bugs it fixes were never
injected, which says nothing of its precision), and the deleting templates (``DELETIONS``) never
rise above 1.0 (deletion is the fix most often plausible but wrong: Qi, Long, Achour, Rinard,
"An Analysis of Patch Plausibility and Correctness for Generate-and-Validate Patch Generation
Systems", ISSTA 2015; and the injected bugs they fix, duplicated statements, are an artefact of
injecting with the templates). A template absent from the file, or a missing or unreadable
file, gives 1.0: the hand-set priors alone.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

PRIOR_FILE = Path(__file__).with_name("template_prior.json")
#: pseudo-candidates of the smoothing (a template needs this much evidence to move far)
SMOOTHING = 20.0
#: the factors' range: they adjust the hand-set priors, never overrule them. The mutation runs
#: weigh every injected kind the same, while real bugs are not uniform (a wrong variable is far
#: more common than a swapped literal), so a template that floods the mutation runs' rankings
#: (``variable``) loses at most a third of its prior, and the best gains at most a half.
LO, HI = 2.0 / 3.0, 1.5
#: templates that remove code: their factor is capped at 1.0 (see the module docstring)
DELETIONS = frozenset(
    {
        "delete-statement",
        "delete-compound",
        "unwrap-condition",
        "drop-condition",
        "drop-call",
        "call-drop-arg",
    }
)


def factors_from_counts(counts: dict[str, dict[str, float]]) -> dict[str, float]:
    """Ranking factors from per-template counts (the formula of the module docstring).

    Args:
        counts: template -> ``{"fixed": n, "candidates": m}`` (m >= n >= 0).

    Returns:
        template -> factor in ``[LO, HI]``; empty when no candidate was counted.
    """
    total_fixed = sum(float(c.get("fixed", 0)) for c in counts.values())
    total_cands = sum(float(c.get("candidates", 0)) for c in counts.values())
    if total_cands <= 0 or total_fixed <= 0:
        return {}
    p0 = total_fixed / total_cands
    out: dict[str, float] = {}
    for name, c in counts.items():
        fixed, cands = float(c.get("fixed", 0)), float(c.get("candidates", 0))
        if fixed <= 0:
            out[name] = 1.0
            continue
        p = (fixed + SMOOTHING * p0) / (cands + SMOOTHING)
        out[name] = min(1.0 if name in DELETIONS else HI, max(LO, math.sqrt(p / p0)))
    return out


@lru_cache(maxsize=1)
def learned_factors(path: str = str(PRIOR_FILE)) -> dict[str, float]:
    """The factors stored in ``path`` (``{"templates": {name: {"factor": f, ...}}}``), cached.

    Returns an empty dict when the file is missing or unreadable (the hand priors then rule).
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        table = data["templates"]
        return {
            str(k): min(HI, max(LO, float(v["factor"])))
            for k, v in table.items()
            if isinstance(v, dict) and "factor" in v
        }
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def learned_factor(template: str) -> float:
    """The factor of one template (its base name: ``x+everywhere`` counts as ``x``); 1.0 if unknown."""
    return learned_factors().get(template.split("+", 1)[0], 1.0)
