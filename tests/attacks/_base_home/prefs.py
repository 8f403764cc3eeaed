"""User preferences kept in ~/.wordsprefs.json (get ignores a saved false value)."""

import json
import os

_FILE = os.path.join(os.path.expanduser("~"), ".wordsprefs.json")


def save(key, value):
    data = _load()
    data[key] = value
    with open(_FILE, "w", encoding="utf-8") as fh:
        json.dump(data, fh)


def get(key, default=None):
    return _load().get(key) or default


def _load():
    try:
        with open(_FILE, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {}
