"""Running balance of a small household ledger."""


def balance(opening, entries):
    total = opening
    for amount in entries:
        total -= amount
    return total


def overdrawn(opening, entries):
    return balance(opening, entries) < 0
