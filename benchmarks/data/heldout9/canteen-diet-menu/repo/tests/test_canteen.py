import pytest

from canteen import GLUTEN_FREE, NUT_FREE, VEGAN, VEGETARIAN, Dish, Menu, flags_from

MENU = Menu(
    [
        Dish("Dal", 3.2, VEGETARIAN | VEGAN | GLUTEN_FREE | NUT_FREE),
        Dish("Pasta", 2.8, VEGETARIAN),
        Dish("Salad", 2.5, VEGETARIAN | VEGAN | NUT_FREE),
        Dish("Fish pie", 3.5),
    ]
)


def test_diet_names_become_flags():
    assert flags_from(["vegan", "nut-free"]) == VEGAN | NUT_FREE
    with pytest.raises(KeyError):
        flags_from(["paleo"])


def test_the_price_list_shows_the_labels():
    assert MENU.price_list()[1:] == [
        "Pasta: 2.80 (vegetarian)",
        "Salad: 2.50 (vegetarian, vegan, nut-free)",
        "Fish pie: 3.50 (no labels)",
    ]


def test_dishes_meeting_every_need():
    assert MENU.for_needs(VEGAN | NUT_FREE) == ["Salad", "Dal"]
    assert MENU.cheapest(GLUTEN_FREE) == "Dal"
