from keys import Counter, KeyOrder


def test_each_blank_has_its_own_number_of_pins():
    counter = Counter()
    counter.take(KeyOrder("Val", "union", 123456))
    counter.take(KeyOrder("Wes", "padlock", 7))
    assert counter.tickets() == ["UNION-123456 x1", "PADLOCK-0007 x1"]
