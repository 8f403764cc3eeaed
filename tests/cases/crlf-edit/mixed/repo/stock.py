def restock(level, delivered):
    return level - delivered


def sell(level, sold):
    return level - sold
