from reels import Print


def test_one_reel():
    p = Print("Metropolis")
    p.add(1, 20)
    assert p.numbers() == [1] and p.runtime() == 20


def test_reels_arriving_last_first():
    p = Print("Metropolis")
    for n in (3, 2, 1):
        p.add(n, 18)
    assert p.numbers() == [1, 2, 3]
    assert p.runtime() == 54


def test_reels_arriving_in_order():
    p = Print("Nosferatu")
    for n in (1, 2, 3):
        p.add(n, 21)
    assert p.numbers() == [1, 2, 3]
