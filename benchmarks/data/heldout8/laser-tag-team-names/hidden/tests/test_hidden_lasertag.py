from lasertag import Game, Player


def test_a_blank_callsign_from_the_signup_form_shows_the_vest():
    g = Game("Arena 1")
    g.register(Player(7, "green", ""))
    g.register(Player(5, "green", "Zed"))
    assert g.roster("green") == "Zed, vest 7"


def test_players_without_callsigns_sort_with_the_others():
    g = Game("Arena 1")
    for vest, name in ((9, None), (3, "Blaze"), (8, None)):
        g.register(Player(vest, "gold", name))
    assert g.roster("gold") == "Blaze, vest 8, vest 9"
