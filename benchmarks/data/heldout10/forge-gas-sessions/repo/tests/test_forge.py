from datetime import datetime

import pytest

from forge import ForgeLog


def test_gas_cost_of_a_job():
    log = ForgeLog()
    log.fire("gate hinges", datetime(2026, 3, 2, 9, 0), datetime(2026, 3, 2, 11, 30))
    assert log.gas_cost("gate hinges") == 3.3


def test_timesheet():
    log = ForgeLog()
    log.fire("poker", datetime(2026, 3, 2, 9, 0), datetime(2026, 3, 2, 9, 40))
    log.fire("poker", datetime(2026, 3, 3, 14, 0), datetime(2026, 3, 3, 15, 25))
    assert log.timesheet() == {"poker": "2h 05m"}


def test_not_a_firing():
    with pytest.raises(ValueError):
        ForgeLog().fire("x", datetime(2026, 3, 2, 9), datetime(2026, 3, 2, 8))
