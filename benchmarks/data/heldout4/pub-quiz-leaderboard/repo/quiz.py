"""A pub quiz's scores: points per round per team, and the leaderboard read out at the end."""


def totals(rounds):
    """{team: total points} from a list of rounds, each a {team: points} dict."""
    out = {}
    for scores in rounds:
        for team, points in scores.items():
            out[team] = out.get(team, 0) + points
    return out


def _points(item):
    return (-item[1], item[0])


def leaderboard(rounds):
    """[(place from 1, team, total)] best first; equal totals are listed by team name."""
    ranked = enumerate(sorted(totals(rounds).items(), key=_points, start=1))
    return [(place, team, total) for place, (team, total) in ranked]


def joker_round(scores, team):
    """A round's scores with ``team``'s points doubled (the joker was played on it)."""
    return {name: points * 2 if name == team else points for name, points in scores.items()}


def announcement(rounds, top=3):
    """The read-out lines for the first ``top`` places."""
    return [f"{place}. {team} with {total}" for place, team, total in leaderboard(rounds)[:top]]
