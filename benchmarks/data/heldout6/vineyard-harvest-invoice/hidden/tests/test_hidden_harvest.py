from harvest import Delivery, kg_by_variety, statement, total_due


def test_advance_equal_to_harvest():
    s = statement("C", [Delivery("riesling", 10)], 19.0)
    assert s.balance_due == 0.0


def test_advance_just_above_harvest():
    s = statement("D", [Delivery("pinot", 10)], 26.01)
    assert s.balance_due == 0.0
    assert s.advance == 26.01


def test_no_advance():
    s = statement("E", [Delivery("merlot", 3), Delivery("merlot", 7)], 0.0)
    assert s.balance_due == 17.0


def test_total_due_of_three():
    stmts = [
        statement("F", [Delivery("riesling", 100)], 90.0),
        statement("G", [Delivery("silvaner", 50)], 1000.0),
        statement("H", [Delivery("pinot", 20)], 2.0),
    ]
    assert total_due(stmts) == 150.0


def test_kg_by_variety():
    got = kg_by_variety([Delivery("pinot", 5), Delivery("merlot", 2), Delivery("pinot", 1.5)])
    assert got == {"pinot": 6.5, "merlot": 2}
