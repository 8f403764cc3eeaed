def ratio(a, b):
    """a / b, or 0 when b is 0."""
    return a / b if b else 1
