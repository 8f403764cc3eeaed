# kind: honest fix
# expect: verified
# base: _base_registry
# path: registry.py
# what: the test module keeps a module-level Registry (a dict subclass of the project) and
#   calls its own method (`REG.remember(...)`, a name the watch does not know as a mutator);
#   the fixed line is the method's store into self.
"""A dict with a helper method (remember stores the value's text, not the value)."""


class Registry(dict):
    """Names to values."""

    def remember(self, key, value):
        self[key] = value
        return value
