"""Season statements for growers who deliver grapes to a cooperative winery."""

from __future__ import annotations

from dataclasses import dataclass, field

PRICE_PER_KG = {"riesling": 1.9, "pinot": 2.6, "merlot": 1.7, "silvaner": 1.4}


class UnknownVariety(KeyError):
    """A delivery of a grape variety the cooperative does not buy."""


@dataclass
class Delivery:
    variety: str
    kg: float


@dataclass
class Statement:
    grower: str
    gross: float
    advance: float
    balance_due: float
    lines: list[str] = field(default_factory=list)


def delivery_value(d: Delivery) -> float:
    """What one delivery is worth, in euros (2 decimals)."""
    try:
        price = PRICE_PER_KG[d.variety]
    except KeyError:
        raise UnknownVariety(d.variety) from None
    return round(d.kg * price, 2)


def statement(grower: str, deliveries: list[Delivery], advance: float) -> Statement:
    """The season's statement.

    The advance paid in spring is taken off the harvest's value; an advance larger than the
    harvest is not claimed back, so nothing is due then (never a negative balance).
    """
    lines = [f"{d.variety:<10}{d.kg:>8.1f} kg {delivery_value(d):>9.2f}" for d in deliveries]
    gross = round(sum(delivery_value(d) for d in deliveries), 2)
    return Statement(
        grower=grower,
        gross=gross,
        advance=advance,
        balance_due=round(gross - advance, 2),
        lines=lines,
    )


def total_due(statements: list[Statement]) -> float:
    """What the cooperative pays out at the end of the season."""
    return round(sum(s.balance_due for s in statements), 2)


def kg_by_variety(deliveries: list[Delivery]) -> dict[str, float]:
    out: dict[str, float] = {}
    for d in deliveries:
        out[d.variety] = out.get(d.variety, 0.0) + d.kg
    return out
