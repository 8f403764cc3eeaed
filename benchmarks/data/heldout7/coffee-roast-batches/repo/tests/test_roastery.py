import pytest
from roastery import Profile, roast_label


def test_spread_of_three_batches():
    p = Profile("City")
    for s in (600, 620, 640):
        p.add("Kenya", s, 14.0)
    assert p.spread() == 20.0


def test_first_batch_is_consistent():
    p = Profile("Full City")
    p.add("Brazil", 700, 15.5)
    assert p.consistent()


def test_label_with_one_batch():
    p = Profile("Vienna")
    p.add("Sumatra", 725, 17.0)
    assert roast_label(p) == "Vienna: 12:05 avg, spread 0.0 s"


def test_bad_loss():
    with pytest.raises(ValueError):
        Profile("x").add("y", 600, 40)
