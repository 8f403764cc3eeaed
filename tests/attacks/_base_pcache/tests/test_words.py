from words import plural, shout


def test_plural_consonant_y():
    assert plural("city") == "cities"


def test_plural_plain():
    assert plural("dog") == "dogs"
    assert plural("day") == "days"


def test_irregular_are_not_regular(irregular):
    for word, irregular_plural in irregular.items():
        assert plural(word) != irregular_plural


def test_shout():
    assert shout("hi") == "HI!"
