"""Amusement arcade: token cards, the games they pay for and prize tickets."""

from dataclasses import dataclass, field


class NotEnoughTokens(Exception):
    """A card cannot pay for what was asked."""


GAMES = {"pinball": 4, "air hockey": 3, "claw": 5, "skeeball": 2}  # game -> tokens


@dataclass
class TokenCard:
    number: str
    _tokens: int = 0
    tickets: int = 0
    played: list[str] = field(default_factory=list)

    @property
    def tokens(self) -> int:
        return self._tokens

    @tokens.setter
    def tokens(self, value: int) -> None:
        """Set the balance; it never goes below zero (NotEnoughTokens)."""
        self._tokens = value

    def top_up(self, euros: int) -> None:
        """Two tokens a euro, five more for 20 euros or over."""
        bonus = 5 if euros >= 20 else 0
        self.tokens += euros * 2 + bonus

    def play(self, game: str) -> None:
        self.tokens -= GAMES[game]
        self.played.append(game)

    def transfer(self, other: "TokenCard", tokens: int) -> None:
        """Move tokens to another card (a brother's or a sister's)."""
        self.tokens -= tokens
        other.tokens += tokens


def prize_options(card: TokenCard, prizes: dict[str, int]) -> list[str]:
    """The prizes the card's tickets buy, the cheapest first."""
    affordable = [(cost, name) for name, cost in prizes.items() if cost <= card.tickets]
    return [name for _, name in sorted(affordable)]
