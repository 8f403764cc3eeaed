import pytest

from laundry import Laundromat, MachineBusy


def test_all_washers_busy():
    shop = Laundromat(washers=1, dryers=1)
    shop.start("t1", "washer", 350)
    with pytest.raises(MachineBusy):
        shop.start("t2", "washer", 350)


def test_earnings_and_running_cycles():
    shop = Laundromat(washers=2, dryers=1)
    shop.start("t1", "washer", 350)
    shop.start("t2", "dryer", 200)
    assert shop.earned == 550
    assert shop.busy() == {"washer": 1, "dryer": 1}


def test_a_finished_washer_can_be_used_again():
    shop = Laundromat(washers=1, dryers=0)
    shop.start("t1", "washer", 350)
    assert shop.finish("t1") == "washer"
    shop.start("t2", "washer", 350)
    assert shop.busy() == {"washer": 1, "dryer": 0}
