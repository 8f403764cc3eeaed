"""Climbing gym: the routes set on the walls and suggestions near a climber's grade."""

from dataclasses import dataclass

GRADES = ["4", "5a", "5b", "5c", "6a", "6b", "6c", "7a", "7b", "7c"]


def grade_index(grade: str) -> int:
    """Position of a French grade in GRADES ("6A" is "6a"); ValueError for an unknown one."""
    return GRADES.index(grade.lower())


@dataclass(frozen=True)
class Route:
    name: str
    wall: str
    grade: str
    setter: str = ""

    @property
    def level(self) -> int:
        return grade_index(self.grade)


class Gym:
    """The routes currently set, on all walls."""

    def __init__(self) -> None:
        self.routes: list[Route] = []

    def set_route(self, route: Route) -> None:
        if any(r.name == route.name for r in self.routes):
            raise ValueError(f"route {route.name!r} is already set")
        self.routes.append(route)

    def strip_wall(self, wall: str) -> int:
        """Take down every route of a wall; returns how many were taken down."""
        before = len(self.routes)
        self.routes = [r for r in self.routes if r.wall != wall]
        return before - len(self.routes)

    def suggest(self, grade: str, count: int = 3) -> list[str]:
        """Names of the ``count`` routes closest to ``grade``, the easier one first on a tie."""
        target = grade_index(grade)
        ranked = sorted(self.routes, key=lambda r: (r.level - target, r.level))
        return [r.name for r in ranked[:count]]

    def walls(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for r in self.routes:
            counts[r.wall] = counts.get(r.wall, 0) + 1
        return counts
