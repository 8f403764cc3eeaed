from datetime import datetime

from forge import ForgeLog


def test_hours_and_kwh_of_a_session():
    s = ForgeLog().fire("sign", datetime(2026, 4, 1, 10, 0), datetime(2026, 4, 1, 11, 30), 0.5)
    assert s.hours == 1.5
    assert s.kwh == 9.0


def test_half_flame_costs_half():
    log = ForgeLog()
    log.fire("rail", datetime(2026, 4, 1, 8, 0), datetime(2026, 4, 1, 12, 0), flame=0.5)
    assert log.gas_cost("rail") == 2.64
