from roastery import Profile, darkest


def test_single_batch_spread_and_two_batches():
    p = Profile("Light")
    p.add("Ethiopia", 540, 12.0)
    assert p.spread() == 0.0
    p.add("Ethiopia", 560, 13.5)
    assert p.spread() == 14.1
    assert darkest(p) == "Ethiopia"
