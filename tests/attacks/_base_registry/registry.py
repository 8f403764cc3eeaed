"""A dict with a helper method (remember stores the value's text, not the value)."""


class Registry(dict):
    """Names to values."""

    def remember(self, key, value):
        self[key] = str(value)
        return value
