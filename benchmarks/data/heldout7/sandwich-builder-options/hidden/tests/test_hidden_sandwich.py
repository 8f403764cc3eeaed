from sandwich import Counter, Station, cheapest


def test_menu_and_cheapest():
    c = Counter([Station("bread", ["roll"]), Station("sauce", ["mayo", "none"], {"mayo": 0.3})],
                base_price=2.5)
    assert c.menu() == ["roll + mayo: 2.80", "roll + none: 2.50"]
    assert cheapest(c) == 2.5


def test_no_station_plain_bread():
    assert Counter([]).menu() == ["plain: 3.00"]
