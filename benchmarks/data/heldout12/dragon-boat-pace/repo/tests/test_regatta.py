import pytest

from regatta import Race, Result, _clock


def test_clock():
    assert _clock(118.4) == "1:58.4"
    assert _clock(65.04) == "1:05.0"


def test_a_500_m_line():
    assert Result("Red Dragons", 3, 500, 118.4).board_line() == "3 Red Dragons   1:58.4 (1:58.4/500m)"


def test_a_crew_once_per_distance():
    race = Race()
    race.add(Result("Red Dragons", 3, 500, 118.4))
    with pytest.raises(ValueError):
        race.add(Result("Red Dragons", 1, 500, 120.0))
