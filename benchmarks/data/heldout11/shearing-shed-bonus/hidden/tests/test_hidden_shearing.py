from shearing import Shearer, Shed


def test_a_slow_day_takes_nothing_off_a_good_one():
    s = Shearer("Kiri", [140, 100, 121])
    assert s.fleeces_over_quota() == 21
    assert s.bonus() == 17.85


def test_payroll_per_shearer():
    shed = Shed()
    for name, n in [("Ana", 150), ("Ben", 80), ("Ana", 60), ("Ben", 130)]:
        shed.tally(name, n)
    assert shed.payroll() == {"Ana": 25.5, "Ben": 8.5}
    assert Shearer("Lou", [200]).fleeces_over_quota(quota=150) == 50
