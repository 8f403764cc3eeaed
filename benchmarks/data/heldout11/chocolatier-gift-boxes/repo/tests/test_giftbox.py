import pytest

from giftbox import GiftBox


def test_box_label():
    box = GiftBox("Autumn")
    box.add("salted caramel", 4)
    box.add("raspberry", 4)
    box.add("dark ganache", 4)
    assert box.label() == "Autumn - 12 truffles - net 158 g (5.6 oz)"


def test_box_weight_in_grams():
    box = GiftBox("Duo")
    box.add("praline", 2)
    assert box.grams == 31.0


def test_unknown_flavour():
    with pytest.raises(KeyError):
        GiftBox("x").add("mint")
