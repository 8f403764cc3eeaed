"""Theatre cloakroom: coats go on the first free hanger of a rail that fits them."""

from dataclasses import dataclass, field


class CloakroomFull(Exception):
    pass


@dataclass
class Rail:
    name: str
    hangers: int
    bulky: bool = False  # wide spacing, takes bulky coats
    used: dict[int, str] = field(default_factory=dict)

    def free(self) -> list[int]:
        return [n for n in range(1, self.hangers + 1) if n not in self.used]


class Cloakroom:
    def __init__(self, rails: list[Rail]) -> None:
        self.rails = rails
        self.tickets: dict[str, tuple[str, int]] = {}

    def check_in(self, guest: str, bulky: bool = False) -> str:
        """Hang the coat; return the ticket text ``RAIL-NUMBER``."""
        for rail in self.rails:
            if (rail.bulky or not bulky) and rail.free():
                number = rail.free()[0]
                rail.used[number] = guest
                self.tickets[guest] = (rail.name, number)
        else:
            raise CloakroomFull(guest)
        name, number = self.tickets[guest]
        return f"{name}-{number}"

    def collect(self, guest: str) -> None:
        name, number = self.tickets.pop(guest)
        rail = next(r for r in self.rails if r.name == name)
        del rail.used[number]

    def coats(self) -> int:
        return sum(len(r.used) for r in self.rails)
