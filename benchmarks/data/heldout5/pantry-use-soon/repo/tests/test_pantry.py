from datetime import date

from pantry import Item, expired, shopping_list, use_soon

TODAY = date(2026, 5, 10)
ITEMS = [
    Item("milk", date(2026, 5, 11), opened=True),
    Item("eggs", date(2026, 5, 20)),
    Item("yogurt", date(2026, 5, 9)),
    Item("cream", date(2026, 5, 11)),
    Item("butter", date(2026, 5, 13)),
]


def test_expired():
    assert expired(ITEMS, TODAY) == ["yogurt"]


def test_shopping_list():
    assert shopping_list(ITEMS, TODAY, ["milk", "yogurt", "flour"]) == ["flour", "yogurt"]


def test_nothing_in_the_pantry():
    assert use_soon([], TODAY) == []


def test_use_soon():
    assert use_soon(ITEMS, TODAY) == ["milk", "cream", "butter"]
