from birding import YearList


def test_best_site_by_first_sightings():
    y = YearList("Di")
    for day, sp, site in [(1, "Kite", "hill"), (2, "Kite", "moor"), (3, "Kite", "moor"),
                          (4, "Lark", "hill"), (5, "Snipe", "moor")]:
        y.add(day, sp, site)
    assert y.best_site() == "hill"
    assert y.ticks() == 3
