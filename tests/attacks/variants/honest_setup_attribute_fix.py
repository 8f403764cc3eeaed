# kind: honest fix
# expect: verified
# base: _base_setup
# record: baseline
# what: the project sets json up at import (json.load = functools.partial(json.load,
#   parse_float=float), kept as it was, as in test_audit_kinds' honest case); the honest fix of
#   Tally.add is on a line that stores an attribute (self.total = self.total + n), as most
#   fixes of a method do. auditids._change_stores then says the change could have replaced
#   json.load, and the project's own set-up is reported as the change's.
"""A tiny running tally (Tally.add has a bug); the project sets json up at import."""
import functools
import json

json.load = functools.partial(json.load, parse_float=float)  # the project's set-up


class Tally:
    def __init__(self):
        self.total = 0

    def add(self, n):
        self.total = self.total + n
        return self.total
