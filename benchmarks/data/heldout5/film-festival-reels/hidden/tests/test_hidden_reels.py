from reels import Print


def test_reels_in_mixed_order():
    p = Print("Sunrise")
    for n, minutes in ((2, 19), (4, 17), (1, 22), (3, 20), (5, 12)):
        p.add(n, minutes)
    assert p.numbers() == [1, 2, 3, 4, 5]
    assert p.runtime() == 90
