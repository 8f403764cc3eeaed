from trail import Trail


def trail(*names):
    t = Trail()
    for name in names:
        t.join(name, name.lower() + "-horse")
    return t


def test_riders_keep_their_joining_order():
    assert trail("Ann", "Bea", "Cas").order() == ["Ann", "Bea", "Cas"]


def test_each_rider_has_a_horse():
    assert trail("Ann", "Bea").horses() == {"Ann": "ann-horse", "Bea": "bea-horse"}


def test_turning_back_reverses_the_file():
    t = trail("Ann", "Bea", "Cas")
    t.turn_back()
    assert t.order() == ["Cas", "Bea", "Ann"]
