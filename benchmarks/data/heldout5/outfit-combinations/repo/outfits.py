"""Wardrobe planner: outfits made of one item from each clothing category."""

from functools import reduce
from math import prod

ORDER = ("top", "bottom", "shoes")


def outfits(wardrobe, order=ORDER):
    """Every outfit: a list with one item per category of `order` present in the wardrobe.

    Categories the wardrobe lacks are skipped; with none at all there is one, empty, outfit.
    """
    groups = [wardrobe[c] for c in order if c in wardrobe]
    return reduce(lambda acc, items: [o + [i] for o in acc for i in items], groups, [])


def count(wardrobe, order=ORDER):
    """The number of outfits, without listing them."""
    return prod(len(wardrobe[c]) for c in order if c in wardrobe)


def without(outfit_list, banned):
    """The outfits that use none of the `banned` items."""
    return [o for o in outfit_list if not set(o) & set(banned)]


def label(outfit):
    """An outfit as text: 'shirt + jeans + boots' (or 'nothing')."""
    return " + ".join(outfit) or "nothing"
