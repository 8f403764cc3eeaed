"""A spice merchant's blends: recipes in grams, scaled to the batch a customer orders."""

from __future__ import annotations

from typing import Callable

BLENDS = {
    "ras el hanout": {"cumin": 7.0, "coriander": 6.0, "cinnamon": 4.0, "cardamom": 2.0},
    "garam masala": {"coriander": 10.0, "cumin": 5.0, "pepper": 3.0, "clove": 1.0},
}


class UnknownBlend(KeyError):
    """A blend the shop does not sell."""


def scaler(from_grams: float, to_grams: float) -> Callable[[float], float]:
    """A function scaling one ingredient's grams from a batch of ``from_grams`` to ``to_grams``.

    The shop's scale shows tenths of a gram, so every scaled amount is rounded to 0.1 g.
    """
    if from_grams <= 0:
        raise ValueError("empty recipe")
    factor = to_grams / from_grams

    def scale(grams: float) -> float:
        return grams * factor

    return scale


def batch(blend: str, total_grams: float) -> dict[str, float]:
    """Each ingredient's grams for a batch of ``total_grams`` of ``blend``."""
    try:
        recipe = BLENDS[blend]
    except KeyError:
        raise UnknownBlend(blend) from None
    scale = scaler(sum(recipe.values()), total_grams)
    return {spice: scale(g) for spice, g in recipe.items()}


def label(blend: str, total_grams: float) -> str:
    parts = batch(blend, total_grams)
    return f"{blend.title()} ({total_grams:g} g): " + ", ".join(
        f"{spice} {g:g} g" for spice, g in parts.items()
    )
