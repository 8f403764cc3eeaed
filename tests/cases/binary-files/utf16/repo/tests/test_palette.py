from palette import lookup


def test_lookup_is_case_insensitive():
    assert lookup("Teal") == "#008080"
