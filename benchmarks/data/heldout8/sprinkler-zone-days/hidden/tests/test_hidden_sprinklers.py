from sprinklers import Controller, Zone, mask_of


def test_the_days_of_a_zone():
    pots = Zone("pots", mask_of(["mon", "wed", "fri"]), 5)
    assert Controller([pots]).day_names(pots) == ["mon", "wed", "fri"]


def test_a_sunday_only_zone():
    hedge = Zone("hedge", mask_of(["sun"]), 30)
    assert [hedge.runs_on(d) for d in ("sat", "sun")] == [False, True]
