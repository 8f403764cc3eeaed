"""A window cleaner's round: which houses are due, what each clean costs, prepaid cleans."""

from dataclasses import dataclass
from datetime import date, timedelta

PRICE_PER_WINDOW = 1.5
MINIMUM_CHARGE = 8.0


@dataclass
class House:
    address: str
    windows: int
    every_weeks: int = 4
    last_clean: date | None = None
    prepaid: int = 0  # cleans paid in advance

    def due(self, day: date) -> bool:
        """Never cleaned, or cleaned `every_weeks` weeks ago or longer."""
        if self.last_clean is None:
            return True
        return day - self.last_clean >= timedelta(weeks=self.every_weeks)


class Round:
    """The houses of the round and what each still owes."""

    def __init__(self, houses: list[House]):
        self.houses = houses
        self.owed: dict[str, float] = {}

    def work(self, day: date) -> float:
        """Clean every house due on `day`; return the money to collect that day.

        A house with prepaid cleans uses one up and pays nothing; the others pay
        PRICE_PER_WINDOW a window, at least MINIMUM_CHARGE.
        """

        def charge(house: House) -> float:
            house.last_clean = day
            if house.prepaid > 0:
                house.prepaid -= 1
            return max(MINIMUM_CHARGE, house.windows * PRICE_PER_WINDOW)

        total = 0.0
        for house in self.houses:
            if house.due(day):
                fee = charge(house)
                if fee:
                    self.owed[house.address] = self.owed.get(house.address, 0.0) + fee
                total += fee
        return total

    def due_list(self, day: date) -> list[str]:
        """Addresses due on `day`, in round order."""
        return [h.address for h in self.houses if h.due(day)]
