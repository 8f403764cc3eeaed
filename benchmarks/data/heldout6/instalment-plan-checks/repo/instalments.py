"""Instalment plans offered at a furniture shop's till."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Plan:
    financed: float
    months: int
    monthly: float
    total_paid: float

    @property
    def interest(self) -> float:
        return round(self.total_paid - self.financed, 2)


def plan(price: float, deposit: float, months: int, annual_rate: float) -> Plan:
    """An annuity plan: equal monthly payments paying off ``price - deposit``.

    Preconditions (the till must not offer anything else): a positive price and a positive
    number of months; a deposit of at least nothing and less than the price; a rate >= 0.
    The payment is P * r / (1 - (1 + r) ** -n) with r the monthly rate, P / n when r is 0.
    """
    assert price > 0 or months > 0, "price and months must be positive"
    assert 0 <= deposit < price, "deposit outside [0, price)"
    assert annual_rate >= 0, "negative rate"
    financed = price - deposit
    r = annual_rate / 12
    if r == 0:
        monthly = financed / months
    else:
        monthly = financed * r / (1 - (1 + r) ** -months)
    monthly = round(monthly, 2)
    return Plan(round(financed, 2), months, monthly, round(monthly * months, 2))


def cheapest(price: float, deposit: float, offers: dict[int, float]) -> int:
    """Of ``offers`` (months -> annual rate), the number of months with the least interest."""
    return min(offers, key=lambda n: (plan(price, deposit, n, offers[n]).interest, n))
