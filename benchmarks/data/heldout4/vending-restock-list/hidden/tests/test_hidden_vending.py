from vending import Slot, restock_list


def test_discontinued_products_are_not_restocked():
    slots = [Slot("gum", 0, 50, discontinued=True), Slot("juice", 1, 150)]
    assert restock_list(slots) == ["juice"]


def test_a_higher_threshold():
    slots = [Slot("tea", 3, 100), Slot("soup", 4, 180)]
    assert restock_list(slots, threshold=4) == ["tea"]
