from elevation import gain, loss, smooth, summary


def test_smooth():
    assert smooth([0, 3, 6, 3]) == [1.5, 3.0, 4.0, 4.5]


def test_loss_and_flat_track():
    assert loss([900, 950, 920, 880]) == 70
    assert gain([500, 500, 500]) == 0
    assert summary([]) == "no samples"


def test_gain():
    assert gain([900, 950, 920, 980]) == 110
