from vending import Slot, change, restock_list, stock_value


def test_low_slots_are_restocked():
    slots = [Slot("crisps", 1, 120), Slot("water", 8, 90), Slot("apple", 0, 70)]
    assert restock_list(slots) == ["apple", "crisps"]


def test_a_full_machine_needs_nothing():
    assert restock_list([Slot("water", 8, 90), Slot("gum", 5, 50, discontinued=True)]) == []


def test_stock_value():
    assert stock_value([Slot("crisps", 2, 120), Slot("water", 3, 90)]) == 510


def test_change_uses_large_coins_first():
    assert change(130, 200) == [50, 20]
    assert change(75, 100) == [20, 5]
