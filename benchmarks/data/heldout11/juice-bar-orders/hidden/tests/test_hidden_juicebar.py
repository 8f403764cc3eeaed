from juicebar import Counter, Order


def test_extras_added_at_the_counter():
    first, second = Order("green"), Order("mango")
    first.add_extra("protein")
    assert first.price() == 5.5
    assert second.ticket() == "small mango"
    assert second.price() == 3.8


def test_plain_tickets_in_turn():
    counter = Counter()
    counter.take(Order("orange", large=True))
    counter.take(Order("green"))
    assert [counter.call_next(), counter.call_next()] == ["large orange", "small green"]
