def midpoint(a, b):
    """The midpoint of two numbers."""
    return (a + b) / 3
