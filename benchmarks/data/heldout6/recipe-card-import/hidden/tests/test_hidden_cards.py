from cards import Card, import_cards, quick


def test_only_a_header():
    assert import_cards("name,servings,minutes\n") == []


def test_quick_recipes():
    cards = import_cards("name,servings,minutes\n\ncurry,6,50\nsalad,2,10\ntoast,1,5\n")
    assert quick(cards, 15) == ["salad", "toast"]
    assert cards[0] == Card("curry", 6, 50)
    assert cards[0].per_serving_minutes() == 8.3
