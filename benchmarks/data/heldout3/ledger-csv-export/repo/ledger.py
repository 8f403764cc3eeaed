"""Format ledger amounts for the screen and for CSV exports."""


def format_money(cents, currency="EUR", grouping=True):
    """``cents`` as a decimal amount with the currency code, e.g. ``"1,234.50 EUR"``.

    ``grouping`` puts a comma between thousands; negative amounts get a leading minus.
    """
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    whole = f"{units:,}" if grouping else str(units)
    return f"{sign}{whole}.{rest:02d} {currency}"


def screen_line(date, text, cents, currency="EUR"):
    """A line of the ledger screen: date, text padded to 24 characters, amount right-aligned."""
    return f"{date}  {text:<24}{format_money(cents, currency):>16}"


def csv_line(date, text, cents, currency="EUR"):
    """A CSV row of the export; commas separate fields, so the amount carries no grouping."""
    return ",".join([date, text.replace(",", " "), format_money(cents, currency)])


def export(entries, currency="EUR"):
    """The CSV export of ``entries`` ((date, text, cents) triples) under a header line."""
    lines = ["date,text,amount"]
    lines += [csv_line(date, text, cents, currency) for date, text, cents in entries]
    return "\n".join(lines)
