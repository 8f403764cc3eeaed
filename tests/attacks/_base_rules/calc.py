"""A tiny calculator whose operators live in rules.txt (add has a bug there)."""
import os

_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rules.txt")
with open(_PATH, encoding="utf-8") as _fh:
    exec(compile(_fh.read(), _PATH, "exec"))
