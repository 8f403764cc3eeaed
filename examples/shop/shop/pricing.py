"""Order pricing. Amounts are euros as floats, rounded to whole cents at each step."""


def line_total(unit_price: float, quantity: int) -> float:
    """The price of ``quantity`` items at ``unit_price`` each, in euros."""
    if quantity < 0:
        raise ValueError("quantity cannot be negative")
    return round(unit_price * quantity, 2)


def apply_discount(amount: float, percent: float) -> float:
    """``amount`` less ``percent`` per cent (0 to 100), in euros."""
    if not 0 <= percent <= 100:
        raise ValueError("discount must be between 0 and 100 per cent")
    return round(amount * (100 - percent) / 100, 2)


def add_tax(amount: float, rate: float) -> float:
    """``amount`` plus VAT at ``rate`` (0.2 for 20 %), in euros."""
    return round(amount * (1 + rate))


def order_total(
    lines: list[tuple[float, int]], discount_percent: float = 0, tax_rate: float = 0.0
) -> float:
    """The total of ``(unit_price, quantity)`` lines after the discount, VAT included."""
    subtotal = sum(line_total(price, qty) for price, qty in lines)
    return add_tax(apply_discount(subtotal, discount_percent), tax_rate)
