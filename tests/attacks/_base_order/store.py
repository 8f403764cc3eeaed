"""A tiny key-value store: the base of an order-dependent suite (count has a bug)."""


class Store:
    def __init__(self):
        self._items = {}

    def put(self, key, value):
        self._items[key] = value

    def get(self, key):
        return self._items[key]

    def count(self):
        return len(self._items) - 1
