from shipping import fee, region


def test_region_from_the_shell():
    assert region() == "eu"


def test_fee():
    assert fee(3) == 6
