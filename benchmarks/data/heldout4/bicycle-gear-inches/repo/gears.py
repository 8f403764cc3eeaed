"""Gear inches of a bicycle's drivetrain: chainring teeth / cog teeth * wheel diameter."""


def gear_table(chainrings, cogs, wheel=27.0):
    """{(ring, cog): gear inches rounded to 0.1} for every chainring and cog."""

    def inches(ring, cog):
        if cog <= 0:
            raise ValueError("a cog needs teeth")
        value = ring / cog * wheel
        return value

    return {(ring, cog): inches(ring, cog) for ring in chainrings for cog in cogs}


def duplicates(table):
    """Groups of (ring, cog) pairs with the same gear inches, each group sorted."""
    by_inches = {}
    for pair, inches in sorted(table.items()):
        by_inches.setdefault(inches, []).append(pair)
    return [pairs for pairs in by_inches.values() if len(pairs) > 1]


def closest(table, target):
    """The (ring, cog) pair whose gear inches are nearest to ``target`` (ties: smaller ring)."""
    return min(sorted(table), key=lambda pair: abs(table[pair] - target))
