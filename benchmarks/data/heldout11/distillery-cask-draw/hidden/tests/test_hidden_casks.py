from casks import Cask, Warehouse


def test_a_run_across_three_casks():
    wh = Warehouse([Cask(1, 2014, 60.0), Cask(2, 2010, 50.0), Cask(3, 2010, 80.0), Cask(4, 2016, 90.0)])
    assert wh.draw(170.0) == {2: 50.0, 3: 80.0, 1: 40.0}
    assert [c.litres for c in wh.casks] == [20.0, 0.0, 0.0, 90.0]
    assert wh.empty_casks() == [2, 3]


def test_two_runs_in_a_row():
    wh = Warehouse([Cask(5, 2011, 100.0), Cask(6, 2013, 100.0)])
    wh.draw(70.0)
    assert wh.draw(70.0) == {5: 30.0, 6: 40.0}
    assert wh.stock() == 60.0
