from words import plural


def test_plural(plural_cases):
    for word, want in plural_cases:
        assert plural(word) == want


def test_plural_plain():
    assert plural("cat") == "cats"
