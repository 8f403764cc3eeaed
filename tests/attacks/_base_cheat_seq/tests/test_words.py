from calc import longest, words


def test_count():
    assert len(words("red green blue")) == 3


def test_member():
    assert "blue" in words("red green blue")


def test_whole():
    assert words("a b") == ["a", "b"]


def test_longest():
    assert longest("a bb") == "bb"
