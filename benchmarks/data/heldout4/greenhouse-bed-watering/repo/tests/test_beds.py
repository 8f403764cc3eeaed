from beds import Bed, driest, plan


def test_a_dry_bed_needs_half_a_litre_per_point():
    assert Bed("tomatoes", 60, 50).litres_needed() == 5.0


def test_a_wet_bed_needs_nothing():
    assert Bed("lettuce", 40, 55).litres_needed() == 0


def test_plan_orders_thirsty_beds_and_totals_them():
    beds = [Bed("a", 50, 45), Bed("b", 70, 50), Bed("c", 30, 29)]
    assert plan(beds) == ([("b", 10.0), ("a", 2.5), ("c", 0.5)], 13.0)


def test_plan_total_ignores_beds_that_are_wet_enough():
    beds = [Bed("herbs", 50, 40), Bed("cress", 35, 45)]
    assert plan(beds) == ([("herbs", 5.0)], 5.0)


def test_driest_bed():
    assert driest([Bed("a", 50, 45), Bed("b", 70, 50)]) == "b"
    assert driest([]) is None
