import pytest

from florist import Bouquet, Shop, discounted

STEMS = {"rose": 2.5, "tulip": 1.2, "eucalyptus": 0.8}
SPRING = Bouquet("Spring", {"tulip": 10, "eucalyptus": 5})


def test_the_price_list_applies_the_offer():
    shop = Shop(STEMS, offers={"Spring": 20})
    assert shop.price_list([SPRING]) == {"Spring": 15.6}


def test_a_bouquet_costs_its_stems_and_the_wrapping():
    assert Bouquet("Romance", {"rose": 12}).price(STEMS) == 33.5


def test_a_discount_is_a_percentage():
    assert discounted(40.0, 25) == 30.0
    with pytest.raises(ValueError):
        discounted(40.0, 120)
