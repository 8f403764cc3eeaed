"""Thumbnail sizes for a photo gallery."""

from math import gcd


def fit(width, height, box_w, box_h):
    """The largest (width, height) in whole pixels with the photo's aspect ratio in the box.

    Photos already inside the box keep their size: thumbnails are never enlarged.
    ValueError for a size that is not positive.
    """
    if min(width, height, box_w, box_h) <= 0:
        raise ValueError("sizes must be positive")
    scale = min(box_w / width, box_h / height, 1.0)
    new_w = round(width * scale)
    new_h = height * scale
    return new_w, new_h


def srcset(width, height, boxes):
    """An HTML srcset value: ``thumb-WxH.jpg Ww`` per box, widest first, without repeats."""
    sizes = sorted({fit(width, height, bw, bh) for bw, bh in boxes}, reverse=True)
    return ", ".join(f"thumb-{w}x{h}.jpg {w}w" for w, h in sizes)


def aspect(width, height):
    """The aspect ratio in lowest terms, e.g. ``"16:9"`` for 1920 x 1080."""
    d = gcd(width, height)
    return f"{width // d}:{height // d}"
