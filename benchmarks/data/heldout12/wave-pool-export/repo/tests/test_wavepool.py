import json

import pytest

from wavepool import PoolDay


def test_log_rejects_unknown_programmes():
    with pytest.raises(ValueError):
        PoolDay().log("hurricane", 10)


def test_busiest():
    day = PoolDay()
    day.log("surf", 30)
    day.log("gentle", 12)
    day.log("gentle", 25)
    assert day.busiest() == "gentle"


def test_export():
    day = PoolDay()
    day.log("gentle", 12)
    day.log("surf", 30)
    assert json.loads(day.export()) == {"gentle": 12, "surf": 30}
