"""Bowling league night: frames, series, averages and handicaps."""

STRIKE, SPARE, MISS = "X", "/", "-"


def roll_pins(rolls):
    """Pins knocked down per roll from a string like 'X7/9-' (X strike, / spare, - miss)."""
    pins = []
    for ch in rolls:
        if ch == STRIKE:
            pins.append(10)
        elif ch == SPARE:
            pins.append(10 - pins[-1])
        elif ch == MISS:
            pins.append(0)
        else:
            pins.append(int(ch))
    return pins


def series(games):
    """Total pins of a series (a list of game scores)."""
    return sum(games)


def average(games):
    """Whole-pin average of the games bowled (0 when none were)."""
    if not games:
        return 0
    return sum(games) // len(games)


def handicaps(averages, base=220, percent=90):
    """Handicap per bowler: `percent` % of the gap between `base` and the average, never negative."""

    def one(avg):
        return (base - avg) * percent // 100

    return {name: one(avg) for name, avg in averages.items()}


def handicap_series(games, handicap):
    """A series with the handicap added to every game."""
    return series(games) + handicap * len(games)
