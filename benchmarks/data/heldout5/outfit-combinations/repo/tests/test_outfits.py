from outfits import count, label, outfits, without


def test_count():
    assert count({"top": ["shirt", "tee"], "bottom": ["jeans"], "shoes": ["boots", "flats"]}) == 4


def test_without_and_label():
    assert without([["shirt", "jeans"], ["tee", "jeans"]], ["tee"]) == [["shirt", "jeans"]]
    assert label(["shirt", "jeans"]) == "shirt + jeans"
    assert label([]) == "nothing"


def test_outfits_of_two_categories():
    wardrobe = {"top": ["shirt", "tee"], "bottom": ["jeans", "skirt"]}
    assert outfits(wardrobe) == [
        ["shirt", "jeans"], ["shirt", "skirt"], ["tee", "jeans"], ["tee", "skirt"],
    ]
