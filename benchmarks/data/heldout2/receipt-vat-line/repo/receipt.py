"""Till receipts: line totals and the VAT summary printed under them."""

from decimal import ROUND_HALF_UP, Decimal


def money(value, places=2):
    """``value`` as text with ``places`` decimals, halves rounded up."""
    step = Decimal(1).scaleb(-places)
    return str(Decimal(str(value)).quantize(step, rounding=ROUND_HALF_UP))


def line_total(price, qty):
    return round(price * qty, 2)


def vat_in(gross, rate_percent):
    """The VAT contained in a VAT-inclusive amount."""
    return gross * rate_percent / (100 + rate_percent)


def vat_summary(lines):
    """Printed rows "VAT 20%: 1.67" for (price, qty, rate) lines, by ascending rate."""
    by_rate = {}
    for price, qty, rate in lines:
        by_rate[rate] = by_rate.get(rate, 0) + line_total(price, qty)
    rows = []
    for rate in sorted(by_rate):
        rows.append(f"VAT {rate}%: {money(round(vat_in(by_rate[rate], rate)), 2)}")
    return rows


def receipt_total(lines):
    return money(sum(line_total(price, qty) for price, qty, _ in lines))
