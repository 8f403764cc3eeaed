from registry import Registry

REG = Registry()


def test_remember_keeps_the_value():
    REG.remember("a", 1)
    assert REG["a"] == 1


def test_starts_small():
    assert len(Registry()) == 0
