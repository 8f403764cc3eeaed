from watertank import ServicePoint, Tank


def test_a_large_tank_takes_up_to_its_own_capacity():
    tank, point = Tank("Hymer-1", 120.0, level_l=90.0), ServicePoint()
    assert point.top_up(tank, 100.0) == 0.6
    assert tank.log == [("fill", 30.0)] and point.sold_l == 30.0


def test_a_small_tank_never_shows_more_than_full():
    tank = Tank("Caddy-7", 40.0)
    tank.fill(25.0)
    tank.fill(25.0)
    assert (tank.level_l, tank.percent_full) == (40.0, 100)
