from words.testing import assert_plural


def test_consonant_y():
    assert_plural("city", "cities")


def test_plain():
    assert_plural("dog", "dogs")
