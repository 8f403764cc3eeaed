import pytest

from cardtable import Table


def test_dealt_cards_are_distinct_and_leave_the_deck():
    for seed in range(5):
        table = Table(seed)
        hand = table.deal(30)
        assert len(set(hand)) == 30 and len(table.deck) == 22
        assert not set(hand) & set(table.deck)


def test_more_cards_than_the_deck_holds():
    table = Table(11)
    table.deal(50)
    with pytest.raises(ValueError):
        table.deal(3)
