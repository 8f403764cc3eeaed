from takings import Sale, Till, items_sold


def build():
    till = Till()
    till.open_day("05-01", "market").sales += [Sale("taco", 4.5, 10), Sale("soda", 2.0, 5)]
    till.open_day("05-02", "harbour").sales += [Sale("taco", 4.5, 4)]
    return till


def test_each_day_on_its_own():
    assert build().takings() == {"05-01": 55.0, "05-02": 18.0}


def test_first_day():
    assert build().takings()["05-01"] == 55.0


def test_items_sold():
    assert items_sold(build()) == 19
