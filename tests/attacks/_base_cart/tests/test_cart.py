from cart import Cart

CART = Cart()


def test_quantities_add_up():
    CART.add_item("pear", 3)
    assert CART.count() == 3
