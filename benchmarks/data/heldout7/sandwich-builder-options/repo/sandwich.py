"""Sandwich bar: every sandwich the counter can make from one pick per station."""

from dataclasses import dataclass, field


@dataclass
class Station:
    name: str
    options: list[str]
    prices: dict[str, float] = field(default_factory=dict)


class Counter:
    def __init__(self, stations: list[Station], base_price: float = 3.0) -> None:
        self.stations = stations
        self.base_price = base_price

    def combinations(self) -> list[list[str]]:
        """One pick from each station, in station order; a counter with no station makes
        one sandwich of nothing but bread."""
        rows: list[list[str]] = []
        for station in self.stations:
            rows = [row + [pick] for row in rows for pick in station.options]
        return rows

    def price(self, picks: list[str]) -> float:
        extra = 0.0
        for station, pick in zip(self.stations, picks):
            extra += station.prices.get(pick, 0.0)
        return round(self.base_price + extra, 2)

    def menu(self) -> list[str]:
        return [f"{' + '.join(c) or 'plain'}: {self.price(c):.2f}" for c in self.combinations()]


def cheapest(counter: Counter) -> float:
    return min(counter.price(c) for c in counter.combinations())


def station_named(counter: Counter, name: str) -> Station:
    for station in counter.stations:
        if station.name == name:
            return station
    raise KeyError(name)
