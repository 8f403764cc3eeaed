from pool import Pool


def test_bouts_and_ranking():
    pool = Pool(["Abe", "Bea", "Cal"])
    pool.bout(1, 2, 5, 3)
    pool.bout(2, 3, 5, 4)
    pool.bout(1, 3, 2, 5)
    assert pool.ranking() == ["Cal", "Bea", "Abe"]
    assert pool.indicator("Cal") == 2


def test_a_fencer_withdraws():
    pool = Pool(["Abe", "Bea", "Cal"])
    pool.bout(1, 2, 5, 1)
    assert pool.withdraw(2) == "Bea"
    assert pool.fencers == ["Abe", "Cal"]


def test_sheet_numbers():
    assert Pool(["Abe", "Bea", "Cal"]).name(3) == "Cal"
