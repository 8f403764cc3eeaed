from ratio import ratio


def check_zero():
    assert ratio(1, 0) == 0
