"""A tiny colour helper: the base of fixloop's shadowing fixture (brightness has a bug)."""


def brightness(r, g, b):
    """The HSV value of an RGB colour (components 0..1)."""
    return min(r, g, b)
