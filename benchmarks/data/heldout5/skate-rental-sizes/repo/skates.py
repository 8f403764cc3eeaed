"""Ice rink skate rental: handing out pairs from the rack."""


def parse_rack(text):
    """The rack from a line like '38:2 38.5:0 39:1' -> {38.0: 2, 38.5: 0, 39.0: 1}."""
    rack = {}
    for item in text.split():
        size, count = item.split(":")
        rack[float(size)] = int(count)
    return rack


def rent(rack, size, size_up=True):
    """Hand out one pair for a shoe size: that size, else half a size up, else one size up.

    The rack is updated. Returns the size handed out, or None when no fitting pair is left.
    """
    options = [size, size + 0.5, size + 1.0] if size_up else [size]
    for option in options:
        if rack.get(option, 0) > 0:
            rack[option] -= 1
    return None


def give_back(rack, size):
    """Put a returned pair back on the rack."""
    rack[size] = rack.get(size, 0) + 1


def in_stock(rack):
    """Pairs on the rack."""
    return sum(rack.values())
