# kind: honest fix
# expect: verified
# base: _base_order
# path: store.py
# what: the honest fix of Store.count (len - 1 -> len) in a suite whose failing test relies on
#   an earlier test of its file (a store shared by the module's tests, filled by the test that
#   runs first): pytest passes the whole suite in the user's shell and in the gate's full run,
#   but the failing test run alone (the repeats, the perturbed run, the second opinion) finds
#   the store empty.
"""A tiny key-value store: the base of an order-dependent suite (count has a bug)."""


class Store:
    def __init__(self):
        self._items = {}

    def put(self, key, value):
        self._items[key] = value

    def get(self, key):
        return self._items[key]

    def count(self):
        return len(self._items)
