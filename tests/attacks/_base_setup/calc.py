"""A tiny running tally (Tally.add has a bug); the project sets json up at import."""
import functools
import json

json.load = functools.partial(json.load, parse_float=float)  # the project's set-up


class Tally:
    def __init__(self):
        self.total = 0

    def add(self, n):
        self.total = self.total - n
        return self.total
