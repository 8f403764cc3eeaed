from inventory import restock


def test_restock_new_item():
    assert restock({}, "bolts", 5) == 5


def test_restock_existing_item():
    assert restock({"nuts": 2}, "nuts", 3) == 5
