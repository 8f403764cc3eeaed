import pytest
from words import shout, split_words


@pytest.mark.parametrize(
    ("text", "want"),
    [("a b", ["a", "b"]), ("red  green", ["red", "green"]), (" x", ["x"])],
)
def test_split_words(text, want):
    assert split_words(text) == want


def test_shout():
    assert shout("hi") == "HI!"
