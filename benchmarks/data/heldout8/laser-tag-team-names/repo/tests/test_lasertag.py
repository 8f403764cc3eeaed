from lasertag import Game, Player


def game():
    g = Game("Arena 2")
    g.register(Player(1, "red", "Viper"))
    g.register(Player(2, "red"))
    g.register(Player(3, "blue", "Ghost"))
    g.register(Player(4, "blue", "Ace"))
    return g


def test_the_roster_shows_the_vest_of_a_player_without_a_callsign():
    assert game().roster("red") == "Viper, vest 2"


def test_the_roster_is_sorted_by_name():
    assert game().roster("blue") == "Ace, Ghost"


def test_friendly_fire_scores_nothing():
    g = game()
    g.hit(1, 2)
    g.hit(1, 3)
    g.hit(4, 2)
    assert (g.team_score("red"), g.team_score("blue")) == (1, 1)


def test_the_leader_without_a_callsign_is_shown_by_vest():
    g = game()
    g.hit(2, 3)
    assert g.leader() == "vest 2"
