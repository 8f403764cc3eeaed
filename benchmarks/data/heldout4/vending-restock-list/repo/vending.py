"""A vending machine's slots and the restock list for the next round."""


class Slot:
    """One slot: product name, items left, price in cents, and whether it is discontinued."""

    def __init__(self, product, count, price, discontinued=False):
        self.product = product
        self.count = count
        self.price = price
        self.discontinued = discontinued


def restock_list(slots, threshold=2):
    """Products to bring, sorted: slots under ``threshold`` items that are still sold."""

    def wanted(slot):
        return slot.count < threshold and slot.discontinued

    return sorted(slot.product for slot in slots if wanted(slot))


def stock_value(slots):
    """The sale value of everything in the machine, in cents."""
    return sum(slot.count * slot.price for slot in slots)


def change(price, paid, coins=(200, 100, 50, 20, 10, 5)):
    """The coins (largest first) returned when ``paid`` cents buy an item of ``price``."""
    if paid < price:
        raise ValueError("not enough money")
    out = []
    rest = paid - price
    for coin in coins:
        count, rest = divmod(rest, coin)
        out.extend([coin] * count)
    return out
