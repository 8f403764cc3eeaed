"""A family tree kept as child -> parent links; lineages read from the eldest ancestor down."""

SEP = " > "
MAX_GENERATIONS = 200


def ancestors(parents, person):
    """The ancestors of ``person``, nearest first (parent, grandparent, ...)."""
    out = []
    for _ in range(MAX_GENERATIONS):
        person = parents.get(person)
        if person is None:
            break
        out.append(person)
    return out


def lineage(parents, person):
    """``"eldest > ... > parent > person"``: the line from the eldest known ancestor down."""
    line = person
    for elder in ancestors(parents, person):
        line = line + SEP + elder
    return line


def generations(parents, person):
    """How many generations are known above ``person``."""
    return len(ancestors(parents, person))


def common_ancestor(parents, a, b):
    """The nearest ancestor ``a`` and ``b`` share (None if they share none)."""
    mine = ancestors(parents, a)
    for elder in ancestors(parents, b):
        if elder in mine:
            return elder
    return None
