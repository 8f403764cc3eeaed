from quilting import QuiltPlan


def test_two_fabrics():
    plan = QuiltPlan("Nine patch", bolt_width_in=40)
    plan.add("cream", 5, 5, 16)  # 8 per row, 2 rows = 10 in
    plan.add("sage", 20, 9, 3)  # 2 per row, 2 rows = 18 in
    assert plan.order() == {"cream": 0.5, "sage": 0.5}
    assert plan.yards_needed("sage") == 0.5
