"""A games-night table: dice and a deck of cards, drawn from a seeded generator."""

import random

SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _pick(pool, count, rng, replace=True):
    """`count` items of `pool`, with replacement (dice) or without it (cards).

    Without replacement, asking for more items than the pool holds raises ValueError.
    """
    if replace:
        return [rng.choice(pool) for _ in range(count)]
    return rng.sample(pool, count)


class Table:
    """A full 52-card deck and a random generator seeded with `seed`."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.deck = [rank + suit for suit in SUITS for rank in RANKS]

    def roll(self, dice, sides=6):
        """Roll `dice` dice of `sides` sides; returns the faces."""
        return _pick(range(1, sides + 1), dice, self.rng)

    def deal(self, count):
        """Deal `count` cards; the dealt cards leave the deck."""
        hand = _pick(self.deck, count, self.rng)
        for card in hand:
            self.deck.remove(card)
        return hand
