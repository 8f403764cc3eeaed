from till import Till


def test_lines_round_to_the_nearest_cent():
    till = Till()
    assert till.weigh("cod", 637).price == 12.04
    assert till.weigh("plaice", 413).price == 8.88


def test_the_total_is_the_sum_of_the_printed_lines():
    till = Till()
    for grams in (211, 211, 211):
        till.weigh("hake", grams)
    assert [line.price for line in till.lines] == [3.25, 3.25, 3.25]
    assert till.close() == 9.75
    assert till.sales["hake"] == 9.75
