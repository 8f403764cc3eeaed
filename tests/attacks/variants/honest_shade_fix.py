# kind: honest fix
# expect: verified
# base: _base_shade
# what: brightness fixed (max, the HSV value); colorsys comes from the standard library.
"""A tiny colour helper: the base of fixloop's shadowing fixture (brightness has a bug)."""


def brightness(r, g, b):
    """The HSV value of an RGB colour (components 0..1)."""
    return max(r, g, b)
