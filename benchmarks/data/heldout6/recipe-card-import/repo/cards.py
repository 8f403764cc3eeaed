"""A cookery school's recipe cards, imported from the CSV its spreadsheet exports."""

from __future__ import annotations

from dataclasses import dataclass


class BadCard(ValueError):
    """A row that is not ``name,servings,minutes``."""


@dataclass
class Card:
    name: str
    servings: int
    minutes: int

    def per_serving_minutes(self) -> float:
        return round(self.minutes / self.servings, 1)


def read_rows(text: str, sep: str = ",", skip_header: bool = False) -> list[list[str]]:
    """Non-empty lines of ``text`` split on ``sep``, cells stripped; the first line dropped
    when ``skip_header``."""
    lines = [line for line in text.splitlines() if line.strip()]
    if skip_header:
        lines = lines[1:]
    return [[cell.strip() for cell in line.split(sep)] for line in lines]


def import_cards(text: str) -> list[Card]:
    """The spreadsheet's export: a header line ``name,servings,minutes``, then one card a line."""
    rows = read_rows(text)
    cards = []
    for row in rows:
        try:
            name, servings, minutes = row
            cards.append(Card(name, int(servings), int(minutes)))
        except ValueError:
            raise BadCard(",".join(row)) from None
    return cards


def shopping_list(text: str) -> dict[str, int]:
    """A hand-written list, ``item;count`` per line, no header."""
    out: dict[str, int] = {}
    for item, count in read_rows(text, sep=";"):
        out[item] = out.get(item, 0) + int(count)
    return out


def quick(cards: list[Card], max_minutes: int) -> list[str]:
    return sorted(c.name for c in cards if c.minutes <= max_minutes)
