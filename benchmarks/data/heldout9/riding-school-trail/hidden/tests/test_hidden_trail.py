from trail import Trail


def trail(*names):
    t = Trail()
    for name in names:
        t.join(name, "cob")
    return t


def test_turning_back_twice_restores_the_order():
    t = trail("Dan", "Eve", "Fin", "Gus")
    t.turn_back()
    t.turn_back()
    assert t.order() == ["Dan", "Eve", "Fin", "Gus"]


def test_a_latecomer_joins_at_the_back_after_turning():
    t = trail("Dan", "Eve")
    t.turn_back()
    t.join("Hal", "pony")
    assert t.order() == ["Eve", "Dan", "Hal"]
