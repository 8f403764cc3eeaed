"""A shopping cart (add_item counts each item once, whatever the quantity)."""


class Cart:
    def __init__(self):
        self.items = {}

    def add_item(self, name, qty=1):
        self.items[name] = self.items.get(name, 0) + 1

    def count(self):
        return sum(self.items.values())
