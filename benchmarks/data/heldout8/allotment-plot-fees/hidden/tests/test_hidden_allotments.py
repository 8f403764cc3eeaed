from allotments import AllotmentSite, Plot


def test_a_small_plot_does_not_lower_the_fee_of_a_large_one():
    s = AllotmentSite("Riverside")
    s.add(Plot(1, "Ada", 250.0))
    s.add(Plot(2, "Ada", 50.0))
    assert s.fee("Ada") == 40.0 + 150 * 0.25


def test_a_plot_of_exactly_the_allowance_pays_the_base_fee():
    s = AllotmentSite("Hill", free_m2=120.0)
    s.add(Plot(7, "Dee", 120.0, water_butts=2))
    s.add(Plot(8, "Eve", 90.0))
    assert s.invoice() == {"Dee": 50.0, "Eve": 40.0}
