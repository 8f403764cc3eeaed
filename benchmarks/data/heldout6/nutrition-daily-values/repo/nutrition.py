"""Nutrition labels for a bakery's products: per portion and as a share of daily values."""

from __future__ import annotations

# per 100 g
FOODS = {
    "rye loaf": {"kcal": 230, "protein_g": 7.0, "fat_g": 1.5, "sugar_g": 3.0},
    "croissant": {"kcal": 410, "protein_g": 8.0, "fat_g": 21.0, "sugar_g": 11.0},
    "oat cookie": {"kcal": 470, "protein_g": 6.5, "fat_g": 19.0, "sugar_g": 28.0},
}

# reference intakes for an adult (EU Regulation 1169/2011, Annex XIII)
DAILY_VALUE = {
    "kcal": 2000,
    "protein_g": 50,
    "fat_g": 70,
    "sugars_g": 90,
}


class UnknownFood(KeyError):
    """A product the bakery has no nutrition data for."""


def per_portion(food: str, grams: float) -> dict[str, float]:
    try:
        per100 = FOODS[food]
    except KeyError:
        raise UnknownFood(food) from None
    return {k: round(v * grams / 100, 1) for k, v in per100.items()}


def percent_daily(portion: dict[str, float]) -> dict[str, int]:
    """Each nutrient of ``portion`` as a whole percentage of its daily reference intake."""
    return {k: round(100 * v / DAILY_VALUE[k]) for k, v in portion.items()}


def label(food: str, grams: float) -> str:
    p = per_portion(food, grams)
    return f"{food} ({grams:g} g): {p['kcal']:g} kcal, fat {p['fat_g']:g} g"


def day_total(portions: list[dict[str, float]]) -> dict[str, float]:
    out: dict[str, float] = {}
    for p in portions:
        for k, v in p.items():
            out[k] = round(out.get(k, 0.0) + v, 1)
    return out
