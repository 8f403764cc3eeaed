"""Board game cafe: how often each game is played, and how often the house team wins."""


def _share(part, whole):
    """`part` as a percentage of `whole`, to one decimal (0.0 when `whole` is 0)."""
    if whole == 0:
        return 0.0
    return round(100 * part / whole, 1)


def tally(plays):
    """Per game: (plays, house wins) from (game, house_won) records."""
    out = {}
    for game, house_won in plays:
        n, wins = out.get(game, (0, 0))
        out[game] = (n + 1, wins + (1 if house_won else 0))
    return out


def report(plays):
    """Per game: the number of plays and the house team's win rate in percent."""
    return {game: {"plays": n, "win_pct": _share(n, wins)} for game, (n, wins) in tally(plays).items()}


def popular(plays, top=3):
    """The most played games, most plays first (ties by name)."""
    counts = tally(plays)
    return sorted(counts, key=lambda g: (-counts[g][0], g))[:top]
