"""Cricket scoring: the balls of a bowler's spell, runs per over and the bowling figures."""

from dataclasses import dataclass

BALLS_PER_OVER = 6


@dataclass(frozen=True)
class Ball:
    runs: int
    extra: str = ""  # "wide" or "no-ball": not a legal ball, and one run more
    wicket: bool = False

    @property
    def legal(self) -> bool:
        return self.extra not in ("wide", "no-ball")

    @property
    def total(self) -> int:
        return self.runs + (0 if self.legal else 1)


class Spell:
    """One bowler's balls in the order bowled."""

    def __init__(self, bowler: str) -> None:
        self.bowler = bowler
        self.balls: list[Ball] = []

    def bowl(self, ball: Ball) -> None:
        self.balls.append(ball)

    def overs(self) -> list[int]:
        """Runs conceded in each over, an unfinished over last."""
        per_over, runs, legal = [], 0, 0
        for ball in self.balls:
            runs += ball.total
            if ball.legal:
                legal += 1
            if legal == BALLS_PER_OVER:
                per_over.append(runs)
                legal = 0
        if legal:
            per_over.append(runs)
        return per_over

    def legal_balls(self) -> int:
        return sum(1 for b in self.balls if b.legal)

    def maidens(self) -> int:
        full = self.overs()[: self.legal_balls() // BALLS_PER_OVER]
        return sum(1 for runs in full if runs == 0)

    def figures(self) -> str:
        """Overs.balls-maidens-runs-wickets, as a scorecard prints them ("4.2-1-23-2")."""
        legal = self.legal_balls()
        wickets = sum(1 for b in self.balls if b.wicket)
        runs = sum(b.total for b in self.balls)
        overs = f"{legal // BALLS_PER_OVER}.{legal % BALLS_PER_OVER}"
        return f"{overs}-{self.maidens()}-{runs}-{wickets}"
