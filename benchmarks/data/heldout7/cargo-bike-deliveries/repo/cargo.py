"""Cargo-bike courier: sort the day's parcels onto riders' routes by zone."""

from dataclasses import dataclass, field


@dataclass
class Parcel:
    ref: str
    zone: str
    kg: float


@dataclass
class Depot:
    max_kg: float
    routes: dict[str, list[Parcel]] = field(default_factory=dict)
    oversize: list[Parcel] = field(default_factory=list)
    unrouted: list[Parcel] = field(default_factory=list)

    def open_route(self, zone: str) -> None:
        self.routes.setdefault(zone, [])

    def sort(self, parcels: list[Parcel]) -> None:
        """Too heavy: van. Zone without a route: back to dispatch. Else: onto the route."""
        for parcel in parcels:
            if parcel.kg > self.max_kg:
                self.oversize.append(parcel)
                continue
            try:
                route = self.routes[parcel.zone]
            except KeyError:
                continue
            route.append(parcel)

    def load(self, zone: str) -> float:
        return round(sum(p.kg for p in self.routes.get(zone, [])), 2)

    def handled(self) -> int:
        return sum(len(r) for r in self.routes.values()) + len(self.oversize) + len(self.unrouted)


def dispatch_note(depot: Depot) -> list[str]:
    """What goes back to dispatch: oversize parcels first, then unrouted ones."""
    return [f"VAN {p.ref}" for p in depot.oversize] + [f"HOLD {p.ref}" for p in depot.unrouted]
