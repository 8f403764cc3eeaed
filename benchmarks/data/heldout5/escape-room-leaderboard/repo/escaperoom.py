"""Escape room: finished games, hint penalties and the leaderboard."""

from dataclasses import dataclass, field

HINT_PENALTY_S = 120


@dataclass
class Team:
    """A finished game: booking name, optional nickname, escape time (s) and hints taken."""

    booking: str
    seconds: int
    nickname: str | None = None
    hints: int = 0


@dataclass
class Board:
    """The leaderboard of one room."""

    room: str
    teams: list = field(default_factory=list)

    def add(self, team):
        """Record a finished game."""
        self.teams.append(team)

    def score(self, team):
        """Escape time plus a penalty per hint, in seconds."""
        return team.seconds + HINT_PENALTY_S * team.hints

    def line(self, rank, team):
        """One line: rank, the team's nickname (else its booking name), score as mm:ss."""
        minutes, seconds = divmod(self.score(team), 60)
        return f"{rank}. {team.nickname} {minutes:02d}:{seconds:02d}"

    def lines(self):
        """The leaderboard, best score first."""
        ranked = sorted(self.teams, key=self.score)
        return [self.line(i, t) for i, t in enumerate(ranked, start=1)]
