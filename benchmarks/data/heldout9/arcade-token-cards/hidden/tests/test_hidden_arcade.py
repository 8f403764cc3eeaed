import pytest

from arcade import NotEnoughTokens, TokenCard


def test_a_transfer_needs_the_tokens():
    mine, theirs = TokenCard("D1", 4), TokenCard("D2", 1)
    with pytest.raises(NotEnoughTokens):
        mine.transfer(theirs, 6)
    assert (mine.tokens, theirs.tokens) == (4, 1)


def test_the_last_tokens_may_be_spent():
    card = TokenCard("D3", 5)
    card.play("claw")
    assert card.tokens == 0
