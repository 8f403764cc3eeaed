from candles import MeltingPot, Mould

PILLAR = Mould("pillar", 400)


def test_a_small_order_pours_what_was_asked_and_numbers_on():
    pot = MeltingPot(wax_g=2000)
    assert pot.pour(PILLAR, 2) == ["pillar-1", "pillar-2"]
    assert pot.pour(PILLAR, 4) == ["pillar-3", "pillar-4", "pillar-5"]
    assert pot.wax_g == 0


def test_an_empty_pot_pours_nothing():
    pot = MeltingPot(wax_g=399)
    assert pot.pour(PILLAR, 3) == []
    assert pot.leftover() == "399 g of wax left"
