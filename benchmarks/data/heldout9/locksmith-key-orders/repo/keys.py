"""Locksmith: key blanks, cutting codes and the order tickets for the cutting machine."""

from dataclasses import dataclass

BLANKS = {"yale": 5, "union": 6, "padlock": 4}  # blank -> pins


@dataclass(frozen=True)
class KeyOrder:
    customer: str
    blank: str
    number: int  # the key's code number as the customer's tag shows it
    copies: int = 1

    @property
    def pins(self) -> int:
        return BLANKS[self.blank]

    def code(self) -> str:
        """The cutting code: the number padded with zeros to one digit per pin."""
        return self.number.zfill(self.pins)

    def ticket(self) -> str:
        return f"{self.blank.upper()}-{self.code()} x{self.copies}"


def cut_depths(code: str) -> list[int]:
    """The pin depths (0-9) of a code, one digit per pin."""
    if not code.isdigit():
        raise ValueError(f"bad code {code!r}")
    return [int(ch) for ch in code]


class Counter:
    """The shop counter's orders of the day."""

    def __init__(self) -> None:
        self.orders: list[KeyOrder] = []

    def take(self, order: KeyOrder) -> None:
        if order.blank not in BLANKS:
            raise ValueError(f"no {order.blank} blanks in stock")
        if len(str(order.number)) > order.pins:
            raise ValueError(f"code {order.number} is too long for a {order.blank} key")
        self.orders.append(order)

    def tickets(self) -> list[str]:
        return [o.ticket() for o in self.orders]

    def blanks_needed(self) -> dict[str, int]:
        needed: dict[str, int] = {}
        for o in self.orders:
            needed[o.blank] = needed.get(o.blank, 0) + o.copies
        return needed
