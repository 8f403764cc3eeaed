import pytest

from auction import Auction, Lot


def auction():
    lots = [Lot(2, "Signed football", 300.0, "City FC"), Lot(1, "Weekend in a cottage", 1200.0, "Mrs Hale")]
    return Auction("Hospice", lots)


def test_the_catalogue_gives_estimates_in_whole_pounds():
    assert auction().catalogue().splitlines() == [
        "Lot 1: Weekend in a cottage (given by Mrs Hale), estimate £1,200",
        "Lot 2: Signed football (given by City FC), estimate £300",
    ]


def test_a_bid_must_beat_the_last_one():
    lot = Lot(3, "Painting", 150.0, "Art Club")
    lot.bid("Zoe", 120.0)
    with pytest.raises(ValueError, match="£120.00"):
        lot.bid("Abe", 110.0)


def test_results_and_total_raised_to_the_penny():
    a = auction()
    a.lots[1].bid("Bo", 1000.0)
    a.lots[1].bid("Cy", 1450.5)
    assert a.results() == ["Lot 1: Cy £1,450.50", "Lot 2: unsold"]
    assert a.raised() == "£1,450.50"
