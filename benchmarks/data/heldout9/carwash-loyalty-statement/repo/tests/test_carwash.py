from carwash import Card, Wash


def test_wax_adds_to_the_programme_price():
    assert Wash("KA-1", "foam", wax=True).price() == 12.0


def test_every_tenth_wash_is_free():
    card = Card("Ines")
    for _ in range(9):
        card.add(Wash("KA-2", "foam"))
    card.add(Wash("KA-2", "basic"))
    assert card.spent() == 85.5


def test_statement_of_a_card_without_prepaid_money():
    card = Card("Ole")
    card.add(Wash("B-77", "deluxe"))
    assert card.statement() == {"spent": 14.0, "prepaid": 0.0, "due": 14.0, "credit": 0.0}


def test_a_card_with_enough_prepaid_money_owes_nothing():
    card = Card("Pia", prepaid=50.0)
    card.add(Wash("M-3", "foam"))
    statement = card.statement()
    assert statement["due"] == 0.0
    assert statement["credit"] == 40.5
