def restock(levels, item, amount):
    """Add ``amount`` units of ``item``; returns the new level."""
    levels[item] = levels.get(item, 0) - amount
    return levels[item]
