"""Darts league: a leg's visits, the bust rule and the checkout hint on the scoreboard."""

FINISHES = {170: "T20 T20 Bull", 167: "T20 T19 Bull", 100: "T20 D20", 50: "Bull", 36: "D18"}
BOGEY = {169, 168, 166, 165, 163, 162, 159}  # no three darts finish these


class Leg:
    def __init__(self, player: str, start: int = 501) -> None:
        self.player = player
        self.remaining = start
        self.visits: list[int] = []

    def throw(self, scored: int) -> bool:
        """Record a visit of three darts; False (and nothing scored) on a bust."""
        if not 0 <= scored <= 180:
            raise ValueError(f"impossible visit {scored}")
        left = self.remaining - scored
        if left < 0 or left == 1:
            self.visits.append(0)
            return False
        self.remaining = left
        self.visits.append(scored)
        return True

    def hint(self) -> str:
        """What the scoreboard shows under the player's remaining score."""
        if self.remaining > 170 or self.remaining in BOGEY:
            return ""
        if self.remaining in FINISHES:
            return FINISHES[self.remaining]
        if self.remaining <= 40 and self.remaining % 2 == 0:
            return f"D{self.remaining // 2}"
        return "set up"

    def average(self) -> float:
        """Three-dart average, to two decimals."""
        return round(sum(self.visits) / len(self.visits), 2) if self.visits else 0.0


class Match:
    def __init__(self, players: tuple[str, str]) -> None:
        self.players = players
        self.legs_won = {p: 0 for p in players}

    def record(self, leg: Leg) -> None:
        if leg.remaining != 0:
            raise ValueError("the leg is not finished")
        self.legs_won[leg.player] += 1

    def leader(self) -> str | None:
        a, b = self.players
        if self.legs_won[a] == self.legs_won[b]:
            return None
        return a if self.legs_won[a] > self.legs_won[b] else b
