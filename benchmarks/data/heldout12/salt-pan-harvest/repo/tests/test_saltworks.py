import pytest

from saltworks import HarvestDay


def test_summary_per_pan():
    day = HarvestDay()
    day.rake("P1", 14.0)
    day.rake("P2", 11.5)
    day.rake("P3", 11.5)
    day.rake("P1", 2.0, grade="fleur")
    assert day.summary() == {"pans": 3, "kg": 37.0, "kg_per_pan": 12.3}


def test_by_pan_and_best():
    day = HarvestDay()
    day.rake("P1", 14.0)
    day.rake("P2", 11.5)
    day.rake("P2", 3.2, grade="fleur")
    assert day.by_pan() == {"P1": 14.0, "P2": 14.7}
    assert day.best_pan() == "P2"


def test_bad_rakings():
    day = HarvestDay()
    with pytest.raises(ValueError):
        day.rake("P1", 3.0, grade="fine")
    assert day.summary("fleur") == {"pans": 0, "kg": 0.0, "kg_per_pan": 0.0}
