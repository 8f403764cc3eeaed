"""Restaurant floor plan: table codes printed on order tickets."""

from dataclasses import dataclass


@dataclass
class Table:
    section: str
    number: int
    seats: int

    @property
    def code(self) -> str:
        return self.section + "-" + self.number


class FloorPlan:
    def __init__(self) -> None:
        self.tables: list[Table] = []
        self.seated: dict[str, int] = {}

    def add(self, section: str, number: int, seats: int) -> Table:
        table = Table(section.upper(), number, seats)
        self.tables.append(table)
        return table

    def seat(self, party: int) -> str:
        """Seat a party at the smallest free table that fits; return its code."""
        free = [t for t in self.tables if t.code not in self.seated and t.seats >= party]
        if not free:
            raise LookupError(f"no table for {party}")
        table = min(free, key=lambda t: (t.seats, t.section, t.number))
        self.seated[table.code] = party
        return table.code

    def leave(self, code: str) -> None:
        del self.seated[code]

    def covers(self) -> int:
        return sum(self.seated.values())


def ticket_header(table: Table, server: str) -> str:
    return f"TABLE {table.code} / {server}"
