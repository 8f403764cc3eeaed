"""Tennis umpiring: calling the score of a game."""

CALLS = {1: "15", 2: "30", 3: "40"}


def game_call(server, receiver):
    """The umpire's call for the points won in a game, server first: '15-30', '30-all', 'deuce'.

    Raises ValueError for a finished game (4 or more points and a lead of 2).
    """

    def call(points):
        if points == 0:
            return ""
        return CALLS[points]

    if max(server, receiver) >= 4 and abs(server - receiver) >= 2:
        raise ValueError("game over")
    if server >= 3 and receiver >= 3:
        if server == receiver:
            return "deuce"
        return "advantage server" if server > receiver else "advantage receiver"
    if server == receiver:
        return f"{call(server)}-all"
    return f"{call(server)}-{call(receiver)}"


def winner(points):
    """Who won a game from its point winners ('S' or 'R' each), or None while it goes on."""
    s = r = 0
    for p in points:
        if p == "S":
            s += 1
        else:
            r += 1
        if max(s, r) >= 4 and abs(s - r) >= 2:
            return "server" if s > r else "receiver"
    return None
