import pytest

from casks import Cask, ShortOfWhisky, Warehouse


def test_a_small_run_comes_from_the_oldest_cask():
    wh = Warehouse([Cask(7, 2012, 180.0), Cask(3, 2009, 150.0)])
    assert wh.draw(100.0) == {3: 100.0}
    assert wh.stock() == 230.0


def test_a_run_empties_one_cask_and_starts_the_next():
    wh = Warehouse([Cask(7, 2012, 180.0), Cask(3, 2009, 150.0)])
    assert wh.draw(200.0) == {3: 150.0, 7: 50.0}
    assert wh.empty_casks() == [3]


def test_too_big_a_run_is_refused():
    wh = Warehouse([Cask(1, 2015, 40.0)])
    with pytest.raises(ShortOfWhisky):
        wh.draw(41.0)
    assert wh.bottles(40.0) == 57
