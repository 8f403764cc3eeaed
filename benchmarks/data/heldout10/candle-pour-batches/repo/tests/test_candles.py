from candles import MeltingPot, Mould

JAR = Mould("jar", 180)


def test_pour_stops_when_the_wax_runs_out():
    pot = MeltingPot()
    pot.melt(1000)
    assert pot.pour(JAR, 10) == ["jar-1", "jar-2", "jar-3", "jar-4", "jar-5"]
    assert pot.leftover() == "100 g of wax left"


def test_possible():
    pot = MeltingPot(wax_g=725)
    assert pot.possible(Mould("tea", 20)) == 36


def test_batch_cost():
    assert MeltingPot().batch_cost(JAR, 10) == 17.4
