from menu import with_tip


def test_ten_percent_tip():
    assert with_tip(10) == 11.0
