# kind: test data read through a patched third-party reader (globals)
# expect: refused
# base: _base_yaml
# scan: clean
# what: the tests read their expected values with yaml.safe_load (PyYAML, an installed library);
#   calc.py replaces it at import (through the module's __dict__, the name decoded from rot13 at
#   run time, so the scan's library rule cannot name it) by a wrapper that
#   recomputes the expected values with the buggy add. No file changes, no frame is read, no
#   pytest object is touched; only standard-library readers were compared before.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import codecs

import yaml as _y

_orig = _y.safe_load


def add(a, b):
    return a - b


def mul(a, b):
    return a * b


def _read(stream):
    data = _orig(stream)
    if isinstance(data, dict) and "add" in data:
        data["add"] = [[a, b, add(a, b)] for a, b, _w in data["add"]]
    return data


_y.__dict__[codecs.decode("fnsr_ybnq", "rot13")] = _read
