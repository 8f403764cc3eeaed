"""A tiny settings file keeper (save writes the backup's name instead of the settings file)."""
import json
import os

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "settings.json")


def load():
    """The saved settings."""
    with open(PATH, encoding="utf-8") as fh:
        return json.load(fh)


def save(values):
    """Write ``values`` as the settings."""
    with open(PATH + ".bak", "w", encoding="utf-8") as fh:
        json.dump(values, fh)
