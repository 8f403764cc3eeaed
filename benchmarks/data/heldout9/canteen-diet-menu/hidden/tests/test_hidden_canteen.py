from canteen import GLUTEN_FREE, NUT_FREE, VEGETARIAN, Dish, Menu


def test_no_needs_means_every_dish():
    menu = Menu([Dish("Soup", 1.5, VEGETARIAN), Dish("Stew", 2.5)])
    assert menu.for_needs(0) == ["Soup", "Stew"]


def test_a_dish_missing_one_need_is_left_out():
    menu = Menu([Dish("Rice", 1.0, GLUTEN_FREE), Dish("Risotto", 2.0, GLUTEN_FREE | NUT_FREE)])
    assert menu.for_needs(GLUTEN_FREE | NUT_FREE) == ["Risotto"]
    assert menu.cheapest(VEGETARIAN) is None
