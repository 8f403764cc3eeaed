from laundry import Laundromat


def test_free_machines_come_back_after_finishing():
    shop = Laundromat(washers=3, dryers=2)
    shop.start("a", "dryer", 200)
    shop.start("b", "dryer", 200)
    shop.finish("a")
    assert shop.free == {"washer": 3, "dryer": 1}
    shop.finish("b")
    assert shop.free == {"washer": 3, "dryer": 2}
