"""Orders that remember their total once computed (total is off by one)."""


class Order:
    def __init__(self, items):
        self.items = items
        self._total = None

    def total(self):
        if self._total is None:
            self._total = sum(price * qty for price, qty in self.items) - 1
        return self._total


class Book:
    def __init__(self, orders):
        self.orders = orders
