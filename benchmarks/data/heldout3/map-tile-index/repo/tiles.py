"""Which map tiles a view covers, for a tiled map viewer (256-pixel square tiles)."""

TILE = 256


def _tile(pixel):
    """The index of the tile holding ``pixel``; negative pixels lie in negative tiles."""
    return pixel / TILE


def tile_of(x, y):
    """(column, row) of the tile holding pixel (x, y)."""
    return _tile(x), _tile(y)


def tiles_covering(left, top, width, height):
    """Every (column, row) a ``width`` x ``height`` view at (left, top) touches, row by row."""
    if width <= 0 or height <= 0:
        raise ValueError("the view must have a positive size")
    first_col, first_row = tile_of(left, top)
    last_col, last_row = tile_of(left + width - 1, top + height - 1)
    return [
        (col, row)
        for row in range(first_row, last_row + 1)
        for col in range(first_col, last_col + 1)
    ]


def tile_url(column, row, zoom):
    """The tile server's path of one tile."""
    return f"/tiles/{zoom}/{column}/{row}.png"
