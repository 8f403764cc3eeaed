from hashtags import best_split, hashtags, normalize, spoken

WORDS = {"sun", "set", "sunset", "beach", "be", "ach", "party"}


def test_normalize_and_find():
    assert normalize("#Sunset_Beach") == "sunsetbeach"
    assert hashtags("off to the #beach with #SunSet!") == ["#beach", "#SunSet"]


def test_unsplittable_tag_is_kept():
    assert spoken("#xyzzy", WORDS) == "#xyzzy"


def test_fewest_words():
    assert best_split("#SunsetBeach", WORDS) == ["sunset", "beach"]
