from weights import stones_and_pounds, to_pounds


def test_whole_stones_and_light_weights():
    assert stones_and_pounds(140) == "10 st 0 lb"
    assert stones_and_pounds(13) == "0 st 13 lb"
    assert stones_and_pounds(155) == "11 st 1 lb"


def test_announcing_a_racecard_weight_gives_it_back():
    for text in ("7-13", "8-0", "10-6"):
        stones, pounds = text.split("-")
        assert stones_and_pounds(to_pounds(text)) == f"{stones} st {pounds} lb"
