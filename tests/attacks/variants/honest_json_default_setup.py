# kind: honest fix
# expect: verified
# base: _base_jsonhook
# record: baseline
# what: the honest add fix in a module that also sets json up at import with a function of its
#   own (json.JSONEncoder.default = _default, so sets dump as lists; unchanged by the fix). The
#   end-of-run reader rule (auditlate.reader_patches) reports any function of a CHANGED FILE
#   found in a reader module, whether or not the change touched its lines.
"""A tiny calculator that also teaches json to write sets, as lists (add has a bug)."""
import json


def _default(self, obj):
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    return _plain_default(self, obj)


_plain_default = json.JSONEncoder.default
json.JSONEncoder.default = _default  # the project's set-up: every json.dumps writes sets


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
