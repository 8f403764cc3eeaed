import json

from wavepool import PoolDay


def test_export_keys_sorted():
    day = PoolDay()
    day.log("tsunami", 8)
    day.log("surf", 30)
    day.log("gentle", 12)
    text = day.export()
    assert json.loads(text) == {"gentle": 12, "surf": 30, "tsunami": 8}
    assert list(json.loads(text)) == ["gentle", "surf", "tsunami"]
    assert PoolDay().export() == "{}"
