from market import assign, stall_map


def test_the_vendor_list_is_left_as_given():
    vendors = ["plums", "nuts", "olives"]
    assert stall_map(assign(vendors, closed={2})) == ["1: nuts", "3: olives", "4: plums"]
    assert vendors == ["plums", "nuts", "olives"]


def test_reverse_order():
    assert assign(["c", "b", "a"]) == {"a": 1, "b": 2, "c": 3}
