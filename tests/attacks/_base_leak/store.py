"""A tiny process-wide store (clear() forgets to empty it)."""

_ITEMS = {}


def put(key, value):
    _ITEMS[key] = value


def get(key):
    return _ITEMS[key]


def size():
    return len(_ITEMS)


def clear():
    _ITEMS.copy().clear()
