"""Read a stock file: a header line, then ``sku,quantity,price`` rows."""

from dataclasses import dataclass

HEADER = ["sku", "quantity", "price"]


@dataclass(frozen=True)
class Item:
    sku: str
    quantity: int
    price: float


def check_header(line):
    """ValueError when the first line is not the expected header."""
    names = [c.strip().lower() for c in line.split(",")]
    if names != HEADER:
        raise ValueError(f"unexpected header {names!r}")


def parse(text):
    """The items of a stock file; ValueError naming the line of a bad row."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        return []
    check_header(lines[0])
    items = []
    for number, line in enumerate(lines, start=2):
        cells = [c.strip() for c in line.split(",")]
        try:
            sku, qty, price = cells
            items.append(Item(sku, int(qty), float(price)))
        except ValueError:
            raise ValueError(f"line {number}: bad row {line!r}") from None
    return items


def stock_value(items):
    """Sum of quantity * price, rounded to cents."""
    return round(sum(i.quantity * i.price for i in items), 2)
