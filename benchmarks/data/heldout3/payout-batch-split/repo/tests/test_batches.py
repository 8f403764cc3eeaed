import pytest

from batches import PayoutTooLarge, fee, split_batches


def test_everything_fits_in_one_batch():
    assert split_batches([100, 200, 300], 1000) == [[100, 200, 300]]


def test_a_payout_above_the_limit_is_refused():
    with pytest.raises(PayoutTooLarge):
        split_batches([100, 5000], 1000)


def test_no_payouts_no_batches():
    assert split_batches([], 500) == []


def test_split_where_the_limit_is_reached():
    assert split_batches([400, 300, 200, 100], 700) == [[400, 300], [200, 100]]


def test_fee_per_batch():
    assert fee([500, 500, 100, 100], 600, 25) == 75
