from cardtable import Table


def test_full_deck():
    deck = Table(1).deck
    assert len(deck) == 52 and len(set(deck)) == 52
    assert deck[:3] == ["AS", "2S", "3S"]


def test_dice():
    faces = Table(7).roll(200, sides=8)
    assert len(faces) == 200 and set(faces) == set(range(1, 9))


def test_four_hands_use_the_whole_deck():
    table = Table(3)
    hands = [table.deal(13) for _ in range(4)]
    assert sorted(sum(hands, [])) == sorted(Table(3).deck)
    assert table.deck == []
