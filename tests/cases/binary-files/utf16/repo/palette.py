def lookup(name):
    return COLOURS.get(name.upper())


COLOURS = {"red": "#ff0000", "teal": "#008080"}
