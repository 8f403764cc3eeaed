from carwash import Card, Wash, total_due


def test_a_partly_prepaid_card_owes_the_rest():
    card = Card("Ugo", prepaid=10.0)
    card.add(Wash("F-1", "deluxe"))
    card.add(Wash("F-1", "basic", wax=True))
    assert card.statement() == {"spent": 22.5, "prepaid": 10.0, "due": 12.5, "credit": 0.0}


def test_the_credit_of_one_card_does_not_pay_for_another():
    rich = Card("Vera", prepaid=50.0)
    rich.add(Wash("V-1", "foam"))
    other = Card("Wim")
    other.add(Wash("W-2", "basic"))
    assert total_due([rich, other]) == 6.0


def test_prepaid_money_spent_exactly():
    card = Card("Xan", prepaid=14.0)
    card.add(Wash("X-9", "deluxe"))
    assert card.statement()["due"] == 0.0
