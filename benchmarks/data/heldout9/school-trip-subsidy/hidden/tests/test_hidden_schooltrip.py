from schooltrip import Trip


def test_the_subsidy_is_capped():
    t = Trip("Alps", 1200.0, 120.0, pupils=["A", "B", "C", "D", "E", "F"])
    assert t.cost_per_pupil == 320.0
    assert t.subsidy == 40.0
    assert t.family_pays("A") == 280.0


def test_the_association_total():
    t = Trip("Museum", 100.0, 5.35, pupils=["A", "B", "C", "D"], free_places={"D"})
    assert t.subsidy == 7.59
    assert t.association_total() == 53.12
