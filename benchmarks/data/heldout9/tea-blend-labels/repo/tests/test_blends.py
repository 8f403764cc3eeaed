import pytest

from blends import Blend, TeaShop


def blend(name, **grams):
    b = Blend(name)
    for ingredient, g in grams.items():
        b.add(ingredient, g)
    return b


def test_scaling_keeps_the_proportions():
    assert blend("Dawn", assam=60, ceylon=40).scaled(250) == {"assam": 150.0, "ceylon": 100.0}


def test_the_shop_refuses_a_batch_it_has_no_stock_for():
    shop = TeaShop({"assam": 100.0, "ceylon": 10.0})
    with pytest.raises(ValueError):
        shop.make(blend("Dawn", assam=60, ceylon=40), 100)


def test_the_label_shows_shares_to_one_decimal():
    assert blend("Trio", sencha=20, mint=20, lemongrass=20).label() == (
        "sencha 33.3%, mint 33.3%, lemongrass 33.3%"
    )
