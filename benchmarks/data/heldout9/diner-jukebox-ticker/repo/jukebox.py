"""Diner jukebox: coins, the play queue and the "recently played" ticker above the door."""

from collections import deque
from dataclasses import dataclass, field

SEP = " / "
PRICE_CENTS = 50
COINS = (10, 20, 50, 100, 200)


@dataclass
class Jukebox:
    songs: dict[str, str]  # selection code -> title
    credit: int = 0
    queue: deque[str] = field(default_factory=deque)
    played: list[str] = field(default_factory=list)

    def insert(self, cents: int) -> None:
        if cents not in COINS:
            raise ValueError(f"a {cents} cent coin is not accepted")
        self.credit += cents

    def choose(self, code: str) -> None:
        """Queue a song for PRICE_CENTS of credit."""
        if code not in self.songs:
            raise KeyError(code)
        if self.credit < PRICE_CENTS:
            raise ValueError("insert coins")
        self.credit -= PRICE_CENTS
        self.queue.append(code)

    def play_next(self) -> str | None:
        if not self.queue:
            return None
        title = self.songs[self.queue.popleft()]
        self.played.append(title)
        return title

    def ticker(self, last: int = 3) -> str:
        """The titles of the last ``last`` songs played, the newest first."""
        text = ""
        for title in self.played[-last:]:
            text = text + SEP + title if text else title
        return text

    def most_played(self) -> str | None:
        if not self.played:
            return None
        return max(sorted(set(self.played)), key=self.played.count)
