"""A wedding seating plan: tables, the guests' replies and the kitchen's meal count."""

from collections import Counter

STANDARD = "standard"
SEATS_PER_TABLE = 8


class SeatingPlan:
    """Guests by table, and the diet each guest wrote on the reply card."""

    def __init__(self):
        self.tables: dict[int, list[str]] = {}
        self.diets: dict[str, str] = {}

    def seat(self, guest: str, table: int) -> None:
        """Seat a guest; raises ValueError when the table is full."""
        guests = self.tables.setdefault(table, [])
        if len(guests) >= SEATS_PER_TABLE:
            raise ValueError(f"table {table} is full")
        guests.append(guest)

    def reply(self, guest: str, diet: str = "") -> None:
        """Record a reply card; `diet` is what the guest wrote (often left blank)."""
        self.diets[guest] = diet.strip().lower()

    def meals(self, table: int) -> dict[str, str]:
        """Each guest's meal at a table: the diet given, else STANDARD."""
        return {g: self.diets.get(g) for g in self.tables.get(table, [])}

    def kitchen_count(self) -> Counter:
        """Meals of each kind over all tables."""
        count: Counter = Counter()
        for table in self.tables:
            count.update(self.meals(table).values())
        return count

    def table_of(self, guest: str) -> int | None:
        """The guest's table, None when not seated."""
        for table, guests in self.tables.items():
            if guest in guests:
                return table
        return None

    def missing_replies(self) -> list[str]:
        """Seated guests who sent no reply card, by name."""
        return sorted(g for gs in self.tables.values() for g in gs if g not in self.diets)
