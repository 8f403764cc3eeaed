"""Mini golf: scorecard lines 'name,s1,s2,...' scored against the course's pars."""


def parse_pars(line):
    """The course's pars from its card line 'par,2,3,2,...'."""
    return [int(x) for x in line.split(",")[1:]]


def score(row, pars):
    """(name, strokes over par) from a player's card line; a blank hole counts par + 3."""
    cells = row.split(",")
    over = 0
    for hole, cell in enumerate(cells):
        strokes = int(cell) if cell.strip() else pars[hole] + 3
        over += strokes - pars[hole]
    return cells[0], over


def leaderboard(lines):
    """Players by strokes over par, best first (ties keep card order); line 0 holds the pars."""
    pars = parse_pars(lines[0])
    scores = [score(row, pars) for row in lines[1:]]
    return sorted(scores, key=lambda s: s[1])


def aces(row):
    """Holes (numbered from 1) a player holed in one stroke."""
    return [i for i, c in enumerate(row.split(",")[1:], 1) if c.strip() == "1"]
