from pytest_words import plural


def test_plural_consonant_y():
    assert plural("city") == "cities"


def test_plural_plain():
    assert plural("dog") == "dogs"
