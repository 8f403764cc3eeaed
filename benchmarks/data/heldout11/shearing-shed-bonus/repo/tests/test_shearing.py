from shearing import Shearer, Shed


def test_a_good_week_earns_a_bonus():
    s = Shearer("Mere", [130, 125])
    assert s.fleeces_over_quota() == 15
    assert s.bonus() == 12.75


def test_a_slow_week_earns_no_bonus():
    s = Shearer("Tom", [100, 110])
    assert s.fleeces_over_quota() == 0
    assert s.bonus() == 0.0


def test_top_shearer():
    shed = Shed()
    for name, n in [("Ana", 140), ("Ben", 150), ("Ana", 90)]:
        shed.tally(name, n)
    assert shed.top_shearer() == "Ana"
