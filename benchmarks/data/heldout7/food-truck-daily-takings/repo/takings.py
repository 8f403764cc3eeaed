"""Food truck till: takings per trading day and the best pitch."""

from dataclasses import dataclass, field


@dataclass
class Sale:
    item: str
    price: float
    qty: int = 1


@dataclass
class Day:
    date: str
    pitch: str
    sales: list[Sale] = field(default_factory=list)


class Till:
    def __init__(self) -> None:
        self.days: list[Day] = []

    def open_day(self, date: str, pitch: str) -> Day:
        day = Day(date, pitch)
        self.days.append(day)
        return day

    def takings(self) -> dict[str, float]:
        """Takings of each day (date -> total of price * qty), rounded to cents."""
        result: dict[str, float] = {}
        total = 0.0
        for day in self.days:
            for sale in day.sales:
                total += sale.price * sale.qty
            result[day.date] = round(total, 2)
        return result

    def best_pitch(self) -> str | None:
        per_pitch: dict[str, float] = {}
        takings = self.takings()
        for day in self.days:
            per_pitch[day.pitch] = per_pitch.get(day.pitch, 0.0) + takings[day.date]
        return max(per_pitch, key=per_pitch.get) if per_pitch else None


def items_sold(till: Till) -> int:
    return sum(s.qty for d in till.days for s in d.sales)
