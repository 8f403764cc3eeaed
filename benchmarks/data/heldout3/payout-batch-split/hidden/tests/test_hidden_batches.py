from batches import batch_totals, split_batches


def test_equal_payouts_pair_up():
    assert batch_totals([250] * 6, 500) == [500, 500, 500]


def test_a_payout_equal_to_the_limit_gets_its_own_batch():
    assert split_batches([50, 1000, 20, 30], 1000) == [[50], [1000], [20, 30]]
