from dispatch import Block, Dispatch, weight


def test_best_load():
    d = Dispatch(max_tonnes=28.0)
    for code, t in (("G1", 12.5), ("G2", 9.0), ("G3", 15.0), ("G4", 6.0)):
        d.cut(code, t)
    assert d.best_load() == ["G1", "G3"]


def test_ship_empties_the_yard_of_the_load():
    d = Dispatch(max_tonnes=20.0)
    d.cut("S1", 11.0, "sandstone")
    d.cut("S2", 8.0, "sandstone")
    d.cut("S3", 10.0, "sandstone")
    assert d.ship() == 19.0
    assert [b.code for b in d.yard] == ["S3"]


def test_weight():
    assert weight([Block("a", 1.25), Block("b", 2.5)]) == 3.75


def test_cut():
    d = Dispatch()
    assert d.cut("M1", 4.0, "marble") == Block("M1", 4.0, "marble")
    assert d.yard == [Block("M1", 4.0, "marble")]
