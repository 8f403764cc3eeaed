"""School canteen: dishes with diet flags, and the menu that meets a pupil's needs."""

from dataclasses import dataclass

VEGETARIAN = 1
VEGAN = 2
GLUTEN_FREE = 4
NUT_FREE = 8
FLAG_NAMES = {"vegetarian": VEGETARIAN, "vegan": VEGAN, "gluten-free": GLUTEN_FREE, "nut-free": NUT_FREE}


def flags_from(names: list[str]) -> int:
    """The bit flags of diet names such as ["vegan", "nut-free"] (KeyError for unknown ones)."""
    flags = 0
    for name in names:
        flags |= FLAG_NAMES[name]
    return flags


@dataclass(frozen=True)
class Dish:
    name: str
    price: float
    flags: int = 0

    def labels(self) -> list[str]:
        return [name for name, bit in FLAG_NAMES.items() if self.flags & bit]


class Menu:
    def __init__(self, dishes: list[Dish]) -> None:
        self.dishes = list(dishes)

    def for_needs(self, needs: int) -> list[str]:
        """Dishes meeting every need in ``needs`` (a dish may have more flags), cheapest first."""
        fitting = [d for d in self.dishes if d.flags ^ needs == needs]
        return [d.name for d in sorted(fitting, key=lambda d: (d.price, d.name))]

    def cheapest(self, needs: int) -> str | None:
        names = self.for_needs(needs)
        return names[0] if names else None

    def price_list(self) -> list[str]:
        return [f"{d.name}: {d.price:.2f} ({', '.join(d.labels()) or 'no labels'})" for d in self.dishes]
