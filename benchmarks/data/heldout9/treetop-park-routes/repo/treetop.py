"""Treetop adventure park: platforms joined by rope crossings, and the routes through it."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Crossing:
    start: str
    end: str
    kind: str  # "bridge", "net" or "zipline"
    min_height_cm: int = 0


@dataclass
class Course:
    """Crossings lead one way, from the start platforms down to the ground (no cycles)."""

    name: str
    crossings: list[Crossing] = field(default_factory=list)

    def add(self, crossing: Crossing) -> None:
        if crossing.start == crossing.end:
            raise ValueError("a crossing joins two platforms")
        self.crossings.append(crossing)

    def leaving(self, platform: str, height_cm: int) -> list[Crossing]:
        """The crossings from ``platform`` a visitor of ``height_cm`` may use."""
        return [c for c in self.crossings if c.start == platform and c.min_height_cm <= height_cm]

    def routes(self, start: str, finish: str, height_cm: int = 200) -> list[list[str]]:
        """Every route from ``start`` to ``finish``, as the kinds of its crossings in order."""
        if start == finish:
            return []
        found = []
        for crossing in self.leaving(start, height_cm):
            for rest in self.routes(crossing.end, finish, height_cm):
                found.append([crossing.kind] + rest)
        return found

    def count_routes(self, start: str, finish: str, height_cm: int = 200) -> int:
        return len(self.routes(start, finish, height_cm))

    def ends_on_a_zipline(self, start: str, finish: str) -> bool:
        return any(route[-1] == "zipline" for route in self.routes(start, finish) if route)
