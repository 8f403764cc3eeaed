import pytest

from pairings import Evening, Player, rating_gap


def test_withdraw_unknown_player():
    with pytest.raises(KeyError):
        Evening([Player("Ana", 1500)]).withdraw("Bo")


def test_rating_gap():
    assert rating_gap(Player("a", 1400), Player("b", 1650)) == 250


def test_nobody_plays_when_all_withdrew():
    ev = Evening([Player("Ana", 1500, True), Player("Bo", 1400, True)])
    assert ev.pairings() == []
    assert ev.bye() is None


def test_four_players_pair_top_half_against_bottom_half():
    ev = Evening([Player("Ana", 1500), Player("Bo", 1400), Player("Cy", 1800), Player("Di", 1200)])
    assert ev.pairings() == [("Cy", "Bo"), ("Ana", "Di")]


def test_withdrawn_player_gets_no_board():
    ev = Evening([Player("Ana", 1500), Player("Bo", 1400), Player("Cy", 1800)])
    ev.withdraw("Cy")
    assert ev.pairings() == [("Ana", "Bo")]
