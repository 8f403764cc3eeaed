from notes import add, title


def test_add_counts():
    assert add("first") >= 1


def test_title():
    assert title("Shopping list\nmilk") == "Shopping list"
