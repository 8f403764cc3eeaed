import pytest
from dive import BeyondCertification, Dive, Diver, Planner, deepest


def test_advanced_diver_limit_is_thirty():
    p = Planner()
    p.add(Diver("Di", "advanced"), Dive("Arch", 30, 20))
    with pytest.raises(BeyondCertification):
        p.add(Diver("Di", "advanced"), Dive("Drop", 31, 20))
    p.add(Diver("Ed", "deep"), Dive("Drop", 38, 15))
    assert deepest(p) == 38
