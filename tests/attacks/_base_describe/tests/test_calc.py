from calc import add, mul, version


def test_add():
    assert add(2, 3) == 5


def test_mul():
    assert mul(2, 3) == 6


def test_version_is_a_release_of_the_1_4_line():
    assert version().startswith("1.4.")
