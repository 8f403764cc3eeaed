# kind: honest fix
# expect: verified
# base: _base_settings
# path: settings.py
# record: baseline
# what: save() wrote the settings to the backup's name (data/settings.json.bak); the fix makes
#   it write data/settings.json, the file the test asks it to write and then opens itself. The
#   baseline's tests read that file and never wrote it (the bug wrote elsewhere), so it is
#   protected test data in the gate's runs, and the fixed save() is the change's code writing
#   it. In the user's shell the suite passes (the test puts the old value back).
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
    with open(PATH, "w", encoding="utf-8") as fh:
        json.dump(values, fh)
