from outfits import outfits


def test_one_category_and_none():
    assert outfits({"shoes": ["boots", "flats"]}) == [["boots"], ["flats"]]
    assert outfits({}) == [[]]


def test_order_is_followed():
    wardrobe = {"shoes": ["boots"], "top": ["tee"], "hat": ["cap"]}
    assert outfits(wardrobe, order=("hat", "top", "shoes")) == [["cap", "tee", "boots"]]
