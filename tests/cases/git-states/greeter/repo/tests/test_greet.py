from greet import greet


def test_greet_has_a_comma():
    assert greet("Ada") == "Hello, Ada"
