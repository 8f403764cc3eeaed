"""Harvest report of an orchard: kilos picked per row of trees."""


class Row:
    """A row of trees: its name and the kilos picked from each tree."""

    def __init__(self, name, trees):
        self.name = name
        self.trees = list(trees)


def row_report(rows):
    """[(row name, kilos picked in that row rounded to 0.1)] in the order of ``rows``."""
    report = []
    kilos = 0.0
    for row in rows:
        for tree in row.trees:
            kilos += tree
        report.append((row.name, round(kilos, 1)))
    return report


def best_row(rows):
    """The name of the row with the most kilos (None for an empty orchard)."""
    report = row_report(rows)
    if not report:
        return None
    return max(report, key=lambda item: item[1])[0]


def crates(rows, per_crate=18):
    """Crates needed for the whole harvest (a part-filled crate counts)."""
    total = sum(kilos for _, kilos in row_report(rows))
    return -(-int(total * 10) // (per_crate * 10))
