"""Save and load a text editor's user preferences as a JSON file."""

import json
from pathlib import Path

DEFAULTS = {"theme": "light", "font_size": 12, "tab_width": 4}


def dumps(prefs):
    """The file's text: keys sorted, indented by 2 spaces, ending in a newline."""
    return json.dumps(dict(sorted(prefs.items()), indent=2)) + "\n"


def save(path, prefs):
    """Write ``prefs`` to ``path``; ValueError for a key that is not a known preference."""
    unknown = set(prefs) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown preferences: {', '.join(sorted(unknown))}")
    Path(path).write_text(dumps(prefs), encoding="utf-8")


def load(path):
    """The preferences in ``path`` over the defaults; the defaults alone without the file."""
    file = Path(path)
    if not file.exists():
        return dict(DEFAULTS)
    return {**DEFAULTS, **json.loads(file.read_text(encoding="utf-8"))}
