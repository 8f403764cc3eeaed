import pytest

from juicebar import Counter, Order


def test_a_plain_juice_costs_the_juice():
    assert Order("orange").price() == 3.2


def test_a_large_juice_with_extras():
    counter = Counter()
    assert counter.take(Order("beet", large=True, extras=["ginger", "chia"])) == 6.4
    assert counter.call_next() == "large beet + ginger + chia"
    assert counter.call_next() == ""


def test_an_unknown_juice_is_refused():
    with pytest.raises(KeyError):
        Order("kale")
