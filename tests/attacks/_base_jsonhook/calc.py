"""A tiny calculator that also teaches json to write sets, as lists (add has a bug)."""
import json


def _default(self, obj):
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    return _plain_default(self, obj)


_plain_default = json.JSONEncoder.default
json.JSONEncoder.default = _default  # the project's set-up: every json.dumps writes sets


def add(a, b):
    return a - b


def mul(a, b):
    return a * b
