"""A hedge maze: the gardeners' map of path sections and which of them visitors can walk."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Section:
    """A stretch of path between two junctions, with the hedges along it."""

    name: str
    overgrown: list[bool] = field(default_factory=list)  # one flag per hedge along the stretch
    closed: bool = False

    @property
    def passable(self) -> bool:
        """True when visitors can walk it: open, and no hedge along it overgrown."""
        return not self.closed and any(self.overgrown)

    def trim(self) -> None:
        """The gardeners cut back every hedge of the section."""
        self.overgrown = [False] * len(self.overgrown)


class Maze:
    """The maze's sections and the routes through them."""

    def __init__(self, sections: list[Section]) -> None:
        self.sections = {s.name: s for s in sections}

    def route_open(self, route: list[str]) -> bool:
        """True when every section of the route is passable."""
        return all(self.sections[name].passable for name in route)

    def to_trim(self) -> list[str]:
        """Open sections with an overgrown hedge, by name (the gardeners' list for the day)."""
        return sorted(
            s.name for s in self.sections.values() if not s.closed and any(s.overgrown)
        )

    def close(self, name: str) -> None:
        """Close a section (e.g. for replanting)."""
        self.sections[name].closed = True

    def open_routes(self, routes: dict[str, list[str]]) -> list[str]:
        """The names of the routes visitors can take today, sorted."""
        return sorted(r for r, path in routes.items() if self.route_open(path))
