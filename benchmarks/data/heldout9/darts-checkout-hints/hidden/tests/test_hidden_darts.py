from darts import Leg


def test_a_bogey_number_has_no_checkout():
    leg = Leg("Cal", start=269)
    leg.throw(100)
    assert leg.remaining == 169
    assert leg.hint() == "no checkout"


def test_small_even_scores_show_the_double_and_odd_ones_a_set_up():
    assert Leg("Dee", start=32).hint() == "D16"
    assert Leg("Dee", start=33).hint() == "set up"
    assert Leg("Dee", start=171).hint() == "no checkout"
