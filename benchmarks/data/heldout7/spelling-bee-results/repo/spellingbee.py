"""School spelling bee: rounds, eliminations and the results board."""

from dataclasses import dataclass, field

PODIUM = 3


@dataclass
class Speller:
    name: str
    school: str
    words_right: int = 0
    out_in_round: int | None = None


@dataclass
class Bee:
    spellers: dict[str, Speller] = field(default_factory=dict)
    round: int = 1

    def enter(self, name: str, school: str) -> None:
        self.spellers[name] = Speller(name, school)

    def spell(self, name: str, correct: bool) -> None:
        s = self.spellers[name]
        if s.out_in_round is not None:
            raise ValueError(f"{name} is already out")
        if correct:
            s.words_right += 1
        else:
            s.out_in_round = self.round

    def ranking(self) -> list[Speller]:
        still_in = lambda s: s.out_in_round is None  # noqa: E731
        return sorted(self.spellers.values(),
                      key=lambda s: (not still_in(s), -(s.out_in_round or 0), -s.words_right))

    def board(self) -> dict[str, object]:
        """The podium (first PODIUM names), the field size and the rounds held."""
        ranked = [s.name for s in self.ranking()]
        return {"podium": ranked, "spellers": len(ranked), "rounds": self.round}


def schools(bee: Bee) -> list[str]:
    return sorted({s.school for s in bee.spellers.values()})
