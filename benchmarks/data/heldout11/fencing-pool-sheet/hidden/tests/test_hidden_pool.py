from pool import Pool


def test_the_first_fencer_withdraws():
    pool = Pool(["Abe", "Bea", "Cal", "Dot"])
    pool.bout(1, 4, 5, 2)
    assert pool.withdraw(1) == "Abe"
    assert pool.fencers == ["Bea", "Cal", "Dot"]
    assert pool.ranking()[-1] == "Dot"


def test_the_last_fencer_withdraws():
    pool = Pool(["Abe", "Bea", "Cal", "Dot", "Eve"])
    assert pool.withdraw(5) == "Eve"
    assert pool.withdraw(2) == "Bea"
