from prefs import dumps


def test_no_preferences():
    assert dumps({}) == "{}\n"


def test_keys_are_sorted():
    assert dumps({"b": 1, "a": 2}).splitlines()[1] == '  "a": 2,'
