"""Farm fuel log: diesel fills per tractor and what each field's work cost."""

from dataclasses import dataclass, field


def price(litres: float, rate: float) -> float:
    """Cost of ``litres`` at ``rate`` per litre, to the cent."""
    return round(litres * rate, 2)


@dataclass(frozen=True)
class Fill:
    tractor: str
    station: str
    litres: float
    field_name: str


@dataclass
class FuelLog:
    rates: dict[str, float]  # per litre, by station
    fills: list[Fill] = field(default_factory=list)

    def fill(self, tractor: str, station: str, litres: float, field_name: str) -> None:
        if station not in self.rates:
            raise KeyError(f"unknown station {station}")
        self.fills.append(Fill(tractor, station, litres, field_name))

    def costs_at(self, station: str) -> list[float]:
        """The cost of each fill at ``station``, in the order of the log."""
        rate = self.rates[station]
        return [round(f.litres * price, 2) for f in self.fills if f.station == station]

    def field_cost(self, field_name: str) -> float:
        return round(sum(price(f.litres, self.rates[f.station])
                         for f in self.fills if f.field_name == field_name), 2)

    def litres_by_tractor(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for f in self.fills:
            out[f.tractor] = out.get(f.tractor, 0.0) + f.litres
        return out


def station_totals(log: FuelLog) -> dict[str, float]:
    return {s: round(sum(log.costs_at(s)), 2) for s in sorted(log.rates)}
