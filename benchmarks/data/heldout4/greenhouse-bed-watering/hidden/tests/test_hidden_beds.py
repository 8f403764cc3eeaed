from beds import Bed, plan


def test_a_bed_at_its_target_needs_nothing():
    assert Bed("mint", 45, 45).litres_needed() == 0


def test_a_soaked_bed_needs_nothing():
    assert Bed("rice", 30, 90).litres_needed() == 0


def test_only_wet_beds_give_an_empty_plan():
    assert plan([Bed("x", 20, 30), Bed("y", 10, 80)]) == ([], 0)
