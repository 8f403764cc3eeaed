from settings import load


def test_load_strips_spaces():
    assert load("a = 1") == {"a": "1"}
