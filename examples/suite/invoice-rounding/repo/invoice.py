"""Invoice line totals."""


def line_total(unit_price, quantity, tax_rate=0.0):
    """The total of one invoice line with tax, rounded to cents."""
    if quantity < 0:
        raise ValueError("quantity must not be negative")
    return round(unit_price * quantity * (1 + tax_rate))


def invoice_total(lines, tax_rate=0.0):
    """The sum of the line totals of ``lines``, a list of (unit_price, quantity) pairs."""
    return round(sum(line_total(p, q, tax_rate) for p, q in lines), 2)
