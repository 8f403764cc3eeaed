import pytest

from cards import BadCard, Card, import_cards, read_rows, shopping_list

EXPORT = "name,servings,minutes\nrisotto,4,40\npancakes, 2 ,15\n"


def test_read_rows():
    assert read_rows("a,b\n\n c , d \n") == [["a", "b"], ["c", "d"]]
    assert read_rows("h\nx", skip_header=True) == [["x"]]


def test_shopping_list():
    assert shopping_list("eggs;6\nflour;1\neggs;2\n") == {"eggs": 8, "flour": 1}


def test_import_cards():
    assert import_cards(EXPORT) == [Card("risotto", 4, 40), Card("pancakes", 2, 15)]


def test_bad_row():
    with pytest.raises(BadCard):
        import_cards("name,servings,minutes\nsoup,four,30\n")
