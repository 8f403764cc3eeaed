import pytest
from dive import BeyondCertification, Dive, Diver, Planner


def test_open_water_diver_kept_shallow():
    p = Planner()
    with pytest.raises(BeyondCertification):
        p.add(Diver("Ana", "open-water"), Dive("Reef", 24, 40))
    assert p.plan == []


def test_within_certification():
    p = Planner()
    p.add(Diver("Ben", "advanced"), Dive("Wreck", 28, 30))
    assert p.divers_at("Wreck") == ["Ben"]


def test_air():
    assert Planner().air_bars(Dive("Bay", 10, 30)) == 100


def test_zero_minutes():
    with pytest.raises(ValueError):
        Planner().add(Diver("Cy", "deep"), Dive("Wall", 35, 0))
