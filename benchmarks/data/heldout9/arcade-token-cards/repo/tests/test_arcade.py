import pytest

from arcade import NotEnoughTokens, TokenCard, prize_options


def test_a_top_up_of_twenty_euros_earns_a_bonus():
    card = TokenCard("C1")
    card.top_up(20)
    assert card.tokens == 45


def test_a_game_costs_its_tokens():
    card = TokenCard("C2", 10)
    card.play("pinball")
    assert card.tokens == 6
    assert card.played == ["pinball"]


def test_prizes_the_tickets_buy():
    card = TokenCard("C3", tickets=120)
    assert prize_options(card, {"yo-yo": 100, "bear": 500, "pencil": 20}) == ["pencil", "yo-yo"]


def test_a_game_the_card_cannot_pay_for_is_refused():
    card = TokenCard("C4", 3)
    with pytest.raises(NotEnoughTokens):
        card.play("claw")
    assert card.tokens == 3
    assert card.played == []
