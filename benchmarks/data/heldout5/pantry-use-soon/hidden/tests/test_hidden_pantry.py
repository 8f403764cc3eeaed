from datetime import date

from pantry import Item, use_soon

TODAY = date(2026, 5, 10)
ITEMS = [
    Item("ham", date(2026, 5, 16)),
    Item("cheese", date(2026, 5, 12), opened=True),
    Item("jam", date(2026, 6, 1)),
    Item("bread", date(2026, 5, 10)),
]


def test_a_week_ahead():
    assert use_soon(ITEMS, TODAY, days=7) == ["bread", "cheese", "ham"]


def test_only_today():
    assert use_soon(ITEMS, TODAY, days=0) == ["bread"]
